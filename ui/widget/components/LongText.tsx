import { useLingui } from '@lingui/react/macro';
import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { textPieces } from '@visitor-chat/chat-engine';
import { LinkedText, endsInWord } from './LinkedText';
import './LongText.css';

/**
 * The characters an expanded text adds per frame: about 16 pieces, 670 links at the densest (a link
 * every 48 characters) — some 20–40 ms of rendering and layout on a 2-core machine, so that a
 * megabyte fills in within a second or two and no task comes near 200 ms.
 */
const CHARS_PER_FRAME = 32_000;

/** The element that scrolls `element` (the message list). */
function scrollerOf(element: Element): Element | null {
  for (let e = element.parentElement; e; e = e.parentElement) if (/auto|scroll/.test(getComputedStyle(e).overflowY)) return e;
  return null;
}

/** How many pieces show after the first `from` once a frame's characters are added. */
function nextCount(pieces: readonly string[], from: number): number {
  let n = from;
  for (let chars = 0; n < pieces.length && chars < CHARS_PER_FRAME; n++) chars += pieces[n]?.length ?? 0;
  return n;
}

interface PieceProps {
  text: string;
  /** The piece before it ends inside a word: a link at its start is text (LinkedText). */
  cutBefore: boolean;
  /** The piece after it goes on inside a word. */
  cutAfter: boolean;
  /** It is the first piece of a collapsed text: an ellipsis ends it. */
  more: boolean;
  /** The first piece of the rest: focus goes there when the visitor asks for more. */
  focusRef?: Ref<HTMLSpanElement> | undefined;
}

/** A piece of a long text, a block of its own: the browser lays out a piece, not the whole text, and React skips the pieces already shown. */
const Piece = memo(function Piece({ text, cutBefore, cutAfter, more, focusRef }: PieceProps) {
  return (
    <span className="long-text__piece" ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
      <LinkedText text={text} cutBefore={cutBefore} cutAfter={cutAfter} />
      {more && <span aria-hidden="true">…</span>}
    </span>
  );
});

/**
 * A long message text (isLongText): its first piece (textPieces) with "Show more"; expanded, the
 * rest fills in a few pieces a frame (so that a megabyte with 20,000 links never blocks the page
 * for long), focus moves to where the new text starts, which stays in view while the rest fills in,
 * and "Show less" follows the text.
 * Copying and a screen reader get the text shown; collapsed, the first piece (the live region reads
 * the same, MessageList).
 */
export function LongText({ text }: { text: string }) {
  const { t } = useLingui();
  const id = useId();
  const pieces = useMemo(() => textPieces(text), [text]);
  const [expanded, setExpanded] = useState(false);
  // The pieces shown: the first while collapsed; once expanded, more every frame until all are.
  const [shown, setShown] = useState(1);
  const rest = useRef<HTMLSpanElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Set by a click of the button: where focus and the view go once the text has changed.
  const toggled = useRef(false);

  useEffect(() => {
    if (!expanded || shown >= pieces.length) return undefined;
    const frame = requestAnimationFrame(() => setShown((n) => nextCount(pieces, n)));
    return () => cancelAnimationFrame(frame);
  }, [expanded, shown, pieces]);

  // Once expanded, the start of the new text stays where the button was while the text grows (it
  // fills in, a narrower window wraps it), until the visitor scrolls: a list at its end would follow
  // its end, and a virtualised one may keep the row's end in place (virtua does while it counts the
  // list as scrolling); the view would run off with either.
  useLayoutEffect(() => {
    const start = rest.current;
    const scroller = start && scrollerOf(start);
    if (!expanded || !start || !scroller || typeof ResizeObserver === 'undefined') return undefined;
    const top = start.getBoundingClientRect().top;
    const observer = new ResizeObserver(() => {
      const drift = start.getBoundingClientRect().top - top;
      if (drift) scroller.scrollTop += drift;
    });
    const stop = () => observer.disconnect();
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const name of events) scroller.addEventListener(name, stop, { passive: true });
    observer.observe(start.parentElement ?? start);
    return () => {
      stop();
      for (const name of events) scroller.removeEventListener(name, stop);
    };
  }, [expanded]);

  useLayoutEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    // Expanded: reading goes on where the new text starts (already in view, where the button was).
    // Collapsed: the button, now under the first piece, stays in view.
    if (expanded) rest.current?.focus({ preventScroll: true });
    else toggle.current?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded]);

  const count = expanded ? shown : 1;
  return (
    <>
      <span className="long-text" id={id}>
        {pieces.slice(0, count).map((piece, i) => (
          <Piece
            key={i}
            text={piece}
            cutBefore={i > 0 && endsInWord(pieces[i - 1] ?? ' ')}
            cutAfter={i < pieces.length - 1 && endsInWord(piece)}
            more={!expanded}
            focusRef={i === 1 ? rest : undefined}
          />
        ))}
      </span>
      <button
        type="button"
        ref={toggle}
        className="long-text__toggle"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => {
          toggled.current = true;
          setExpanded(!expanded);
          setShown(expanded ? 1 : nextCount(pieces, 1));
        }}
      >
        {expanded ? t`Show less` : t`Show more`}
      </button>
    </>
  );
}
