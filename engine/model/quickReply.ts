import { flag } from './decode';

/** A quick reply (SPEC §3): `name` is what it shows and sends; the rest decorates its chip. */
export interface QuickReply {
  readonly name: string;
  /** The backend's id of the reply; the text itself when the wire gave only a string. */
  readonly code: string;
  /** A short glyph shown before the name (e.g. an emoji). */
  readonly icon?: string;
  /** An image URL shown before the name (instead of the icon). */
  readonly img?: string;
  /** Marked as new: a reply the visitor has not seen before. */
  readonly isNew?: boolean;
  /** Emphasised: the reply the backend wants picked. */
  readonly isHighlight?: boolean;
}

/**
 * One quick reply from the wire (SPEC §3 name, code, icon, img, isNew, isHighlight): a string (its
 * name and code), or an object with `name` (or `question`, `title`, as FAQ configs write it);
 * undefined when it has no text to show.
 */
function quickReplyOf(value: unknown): QuickReply | undefined {
  if (typeof value === 'string') return value.trim() ? { name: value, code: value } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const text = [o.name, o.question, o.title].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (text === undefined) return undefined;
  const code = typeof o.code === 'string' || typeof o.code === 'number' ? String(o.code) : text;
  return {
    name: text,
    code,
    ...(typeof o.icon === 'string' && o.icon ? { icon: o.icon } : {}),
    ...(typeof o.img === 'string' && o.img ? { img: o.img } : {}),
    ...(flag(o.isNew) ? { isNew: true } : {}),
    ...(flag(o.isHighlight) ? { isHighlight: true } : {}),
  };
}

/** The quick replies of a wire list, those without text dropped. */
export function quickRepliesOf(list: readonly unknown[]): QuickReply[] {
  return list.flatMap((v) => {
    const reply = quickReplyOf(v);
    return reply ? [reply] : [];
  });
}

/** The quick replies of a wire list, or undefined when there is none (an empty list offers nothing). */
export function suggestionsOf(list: readonly unknown[] | null | undefined): readonly QuickReply[] | undefined {
  const replies = list ? quickRepliesOf(list) : [];
  return replies.length ? replies : undefined;
}
