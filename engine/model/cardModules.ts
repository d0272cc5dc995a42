import { cardUrl } from './card';
import { jsonField, type Json } from './decode';

/**
 * (extension; docs/protocol.md "Card modules") A card component the chat's configuration names: the
 * module at `url` (absolute http(s), or a path on the widget's site) draws the cards of `code`.
 */
export interface CardModule {
  code: string;
  url: string;
}

/** How many card modules a channel may name; later ones are dropped. */
export const MAX_CARD_MODULES = 20;

/**
 * `cardModules` read both ways: `{ "<code>": "<url>" }`, or a list of `{ code, url }`; as JSON text
 * or the value itself. An entry without a code or with a URL cardUrl refuses is dropped with a log line.
 */
export function decodeCardModules(value: unknown, log: (msg: string) => void = () => {}): CardModule[] {
  const parsed = jsonField(value as Json);
  if (parsed === undefined || parsed === null) return [];
  if (typeof parsed !== 'object') {
    log('channelInfo.cardModules: not a list or an object; ignored');
    return [];
  }
  const field = (e: unknown, key: string): unknown => (typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[key] : undefined);
  const entries = Array.isArray(parsed) ? parsed.map((e): [unknown, unknown] => [field(e, 'code'), field(e, 'url')]) : Object.entries(parsed);
  const out: CardModule[] = [];
  entries.forEach(([code, url], i) => {
    const name = typeof code === 'string' ? code.trim() : '';
    const href = cardUrl(url);
    if (!name || href === undefined) log(`channelInfo.cardModules[${i}]: ${name ? 'not an http(s) URL or a path' : 'no code'}; dropped`);
    else out.push({ code: name, url: href });
  });
  if (out.length > MAX_CARD_MODULES) log(`channelInfo.cardModules: more than ${MAX_CARD_MODULES}; the rest dropped`);
  return out.slice(0, MAX_CARD_MODULES);
}
