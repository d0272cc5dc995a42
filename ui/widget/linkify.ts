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

/**
 * What becomes a link (DESIGN: text is data, never HTML): http(s) URLs and mailto: addresses as
 * written; a bare email address (a mailto: link); a phone number (a tel: link) in international form,
 * + and 8–15 digits, or a Chinese mobile number (SPEC §5: 11 digits from 1), single spaces or dashes
 * between its digits. An address or a number starts after a space or a bracket, not inside a word, a
 * path, a query or a number, nor after "#" (an order number); a number is not followed by more digits (a longer
 * number, a date "13812345678.5"). Dates, prices, order numbers and times never match.
 */
const LINK =
  /\b(?:https?:\/\/[^\s<>"']+|mailto:[^\s<>"'@]+@[^\s<>"']+)|(^|[^\w#.+@/:,=&-])(?:([\w+-][\w.+-]*@(?:[a-z\d-]+\.)+[a-z]{2,})(?![\w@-])|(\+\d(?:[ -]?\d){7,14}|1[3-9]\d(?:[ -]?\d{4}){2})(?!\w|[/.,:-]\d))/gi;
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
 * Splits text into plain parts and links (SPEC §5: links become clickable; LINK says which). A URL's
 * text and href are the same string, without bidi controls: what is shown is where it goes. An email
 * address goes to mailto:, a phone number to tel: with its digits alone.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [found, before = '', email, phone] = match;
    const raw = email ?? phone ?? trimUrl(found);
    const start = match.index + before.length;
    const url = stripBidiControls(raw);
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: email ? `mailto:${email}` : phone ? `tel:${phone.replace(/[ -]/g, '')}` : url });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
