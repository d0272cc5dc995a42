/** A piece of message text: plain, or a link. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

// http(s) URLs and mailto: addresses; nothing else becomes a link (DESIGN: text is data, never HTML).
const LINK = /\b(?:https?:\/\/[^\s<>"']+|mailto:[^\s<>"'@]+@[^\s<>"']+)/gi;
// Punctuation that ends a sentence rather than the URL.
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

/** Splits text into plain parts and http/https/mailto links (SPEC §5: links become clickable). */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    let url = match[0];
    const trail = TRAILING.exec(url);
    // Keep a closing parenthesis that has its opening one inside the URL (e.g. Wikipedia links).
    if (trail && !(trail[0].startsWith(')') && url.includes('('))) url = url.slice(0, -trail[0].length);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
