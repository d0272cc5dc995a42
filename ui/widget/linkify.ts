/**
 * Unicode bidi controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and
 * the invisible marks (LRM U+200E, RLM U+200F, ALM U+061C). In a link or a file name they can
 * disguise the target or the extension ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
 */
const BIDI_CONTROL = '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]';
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL, 'g');

/**
 * `text` without bidi controls, so that it shows in the order it is stored: the one rule for
 * link targets and file names. Plain message text keeps them (legitimate RTL use) and is isolated.
 */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** A piece of message text: plain, or a link. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

// http(s) URLs and mailto: addresses; nothing else becomes a link (DESIGN: text is data, never HTML).
const LINK = /\b(?:https?:\/\/[^\s<>"']+|mailto:[^\s<>"'@]+@[^\s<>"']+)/gi;
// Punctuation that ends a sentence rather than the URL; trailing bidi controls (e.g. the PDF that
// closes an embedding opened before the URL) stay with the text around it.
const TRAILING = new RegExp(`(?:[.,;:!?\\]}'"»”’]|${BIDI_CONTROL})$`);

const count = (s: string, c: string) => s.split(c).length - 1;

/** Drops trailing punctuation one character at a time; a ')' stays while it closes a '(' of the URL. */
function trimUrl(url: string): string {
  let end = url;
  for (;;) {
    if (TRAILING.test(end)) end = end.slice(0, -1);
    else if (end.endsWith(')') && count(end, ')') > count(end, '(')) end = end.slice(0, -1);
    else return end;
  }
}

/**
 * Splits text into plain parts and http/https/mailto links (SPEC §5: links become clickable). A
 * link's text and href are the same string, without bidi controls: what is shown is where it goes.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = trimUrl(match[0]);
    const url = stripBidiControls(raw);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
