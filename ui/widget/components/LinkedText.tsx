import { linkify } from '../linkify';

/** Whether a piece of a text (textPieces) ends inside a word: a run without a space was cut there, so a link there is text in both pieces. */
export const endsInWord = (piece: string): boolean => !/\s$/.test(piece);

/**
 * Text with its http(s)/mailto links as safe anchors. The text keeps its bidi characters (its
 * container isolates it, e.g. dir="auto"); a link is laid out left to right and isolated
 * (dir="ltr"), so that nothing around it can reorder what it shows. A piece of a longer text cut
 * inside a word (`cutBefore`, `cutAfter`) leaves a link at that cut as text: it may go on in the
 * next piece, and half an address is not where the link goes.
 */
export function LinkedText({ text, cutBefore = false, cutAfter = false }: { text: string; cutBefore?: boolean; cutAfter?: boolean }) {
  return (
    <>
      {linkify(text).map((part, i, parts) =>
        part.href && !(cutBefore && i === 0) && !(cutAfter && i === parts.length - 1) ? (
          <a key={i} href={part.href} dir="ltr" target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
