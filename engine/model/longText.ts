/**
 * Long message texts (issue 30): a text of a megabyte with a link every few words froze the page
 * for seconds when drawn whole (20,000 bidi-isolated links in one paragraph). A UI shows a long
 * text's first piece with a "Show more", and the whole text piece by piece, a few pieces a frame;
 * a screen reader's announcement reads the first piece.
 */

/**
 * The longest text (UTF-16 code units) shown whole at once: about 700 words, three phone screens.
 * Most agent and robot answers are well under it; drawn with a link every 48 characters it costs a
 * few milliseconds.
 */
export const LONG_TEXT_CHARS = 4_000;

/** The most a piece of a long text holds: about a phone screen and a half. */
const PIECE_CHARS = 2_000;

/** Whether `text` is long (longer than LONG_TEXT_CHARS): shown collapsed to its first piece until the visitor asks for more. */
export function isLongText(text: string): boolean {
  return text.length > LONG_TEXT_CHARS;
}

const SPACE = /\s/;

/**
 * Where the piece of `text` that starts at `from` ends: after the last line break in its second
 * half, so that the pieces, each a block of pre-wrapped text, show as the whole text would; else
 * after the last white space there (a line breaks there a little early), never inside a word or a
 * link; else at PIECE_CHARS (a run of that length without a space), never between the two halves
 * of a surrogate pair.
 */
function pieceEnd(text: string, from: number): number {
  const end = from + PIECE_CHARS;
  if (end >= text.length) return text.length;
  // Searched in the piece's second half only (lastIndexOf on the whole text would go back to its start).
  const half = from + PIECE_CHARS / 2;
  const line = text.slice(half, end).lastIndexOf('\n');
  if (line >= 0) return half + line + 1;
  for (let i = end - 1; i >= half; i--) if (SPACE.test(text.charAt(i))) return i + 1;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/**
 * `text` in pieces of at most 2,000 characters that join to it (see pieceEnd for where each ends): a
 * UI draws a long text, or a streamed answer's paragraph, a piece a block, so that the browser lays
 * out (and a delta changes) a piece rather than the whole text. A text of one piece is `[text]`.
 */
export function textPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let from = 0; from < text.length;) {
    const end = pieceEnd(text, from);
    pieces.push(text.slice(from, end));
    from = end;
  }
  return pieces.length ? pieces : [text];
}

/** The first piece of `text` (see textPieces): what a long text shows collapsed, and what an announcement of it reads; `text` itself when it is not long. */
export function longTextPrefix(text: string): string {
  return isLongText(text) ? text.slice(0, pieceEnd(text, 0)) : text;
}
