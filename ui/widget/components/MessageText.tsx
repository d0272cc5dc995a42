import { linkify } from '../linkify';

/**
 * Message text as React text, with http(s)/mailto links as safe anchors. The text keeps its bidi
 * characters (its container isolates it, e.g. dir="auto"); a link is laid out left to right and
 * isolated (dir="ltr"), so that nothing around it can reorder what it shows.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.href ? (
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
