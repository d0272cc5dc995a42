/**
 * What the engine itself knows of a card message (msgType `card`, docs/protocol.md "Cards"): its
 * msgContent kept as JSON text, and the fallback text it names. Decoding the card itself is
 * model/card.ts's, which only a UI that draws cards loads (the widget, on demand).
 */

import { MsgType } from './codes';

/** Whether `message` is a card message (msgType `card`): its msgContent is the card as JSON text, for `decodeCardContent`. */
export function isCardMessage(message: { readonly msgType: unknown }): boolean {
  return message.msgType === MsgType.Card;
}

/** The keys a card's own fallback text comes under. */
export const FALLBACK_KEYS = ['fallback', 'text'] as const;

/** A card message's msgContent as the engine keeps it: JSON text (a card sent as the value itself is written out), or the text as given. */
export function cardContentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // A cycle or a BigInt cannot come from JSON; nothing of it is kept.
    return '';
  }
}

/** `value` as JSON when it is JSON text; the value itself otherwise (and text that is no JSON stays text). */
export function parsedCard(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  if (!/^[[{]/.test(t)) return value;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return value;
  }
}

/**
 * The fallback a card gives (its `fallback`, else `text`: a text or a number), trimmed; a card
 * that is plain text is its own fallback; undefined when it gives none.
 */
export function givenFallback(card: unknown): string | undefined {
  if (typeof card === 'string') return card.trim() || undefined;
  if (typeof card === 'number') return Number.isFinite(card) ? String(card) : undefined;
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return undefined;
  const o = card as Record<string, unknown>;
  for (const key of FALLBACK_KEYS) {
    const v = o[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

/**
 * The text of a card message where no card can be drawn — a notification's preview, a robot
 * answer's text: the fallback its msgContent gives, else ''. The full fallback (a product's name and
 * price…) is model/card.ts's `decodeCardContent`.
 */
export function cardFallbackText(msgContent: string): string {
  return givenFallback(parsedCard(msgContent)) ?? '';
}

/** A card a visitor sends (a host page's, say: the product on screen), as `ChatEngine.sendCard` takes it (docs/protocol.md "Cards"). */
export interface OutgoingCard {
  /** The card's code: a built-in one (`goods`, `file`, `tree`, `carousel`) or a custom code. */
  readonly code: string;
  /** The card's data (any JSON). */
  readonly data?: unknown;
  /** The plain text a UI that cannot draw the card shows: give one. */
  readonly fallback?: string;
}

/**
 * The msgContent of a visitor's card: the JSON text `{code, data, fallback}` (code and fallback
 * trimmed); null when `card` is none — no object, a blank code, a fallback that is no text, or data
 * that is no JSON (a cycle, a BigInt).
 */
export function outgoingCardText(card: unknown): string | null {
  const { code, data, fallback } = (card ?? {}) as Record<string, unknown>;
  if (typeof code !== 'string' || !code.trim() || (fallback !== undefined && typeof fallback !== 'string')) return null;
  return cardContentText({ code: code.trim(), data, fallback: fallback?.trim() || undefined }) || null;
}
