/** A piece of message text: plain, or a link. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

// http(s) URLs and mailto: addresses; nothing else becomes a link (DESIGN: text is data, never HTML).
const LINK = /\b(?:https?:\/\/[^\s<>"']+|mailto:[^\s<>"'@]+@[^\s<>"']+)/gi;
// Punctuation that ends a sentence rather than the URL.
const TRAILING = /[.,;:!?\]}'"»”’]$/;

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

/** Splits text into plain parts and http/https/mailto links (SPEC §5: links become clickable). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = trimUrl(match[0]);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
