import { useCallback, useEffect, useMemo, useState } from 'react';
import { isTypedAnswer, typeOut, typedLength, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/** What a UI shows of a robot answer that is being typed out (SPEC §9 Typewriter). */
export interface TypedAnswer {
  /** The part of the answer shown now while it is typed out; null when nothing is typed (show the message as it is). */
  text: string | null;
  /** Shows the whole answer at once (a tap, a key press); null while nothing is typed. */
  showWhole: (() => void) | null;
}

/** Options of useTypewriter. */
export interface TypewriterHookOptions {
  /** Show the answer whole at once, never typed (e.g. the visitor prefers reduced motion). */
  instant?: boolean;
}

const NOT_TYPED: TypedAnswer = { text: null, showWhole: null };

/**
 * Where each character of `text` ends (string offsets): a grapheme — an emoji with its modifiers, a
 * letter with its accents — is one character, so the typewriter never shows half of one; code
 * points where Intl.Segmenter is missing.
 */
function characterEnds(text: string): number[] {
  const ends: number[] = [];
  if (typeof Intl.Segmenter === 'function') {
    for (const { index, segment } of new Intl.Segmenter().segment(text)) ends.push(index + segment.length);
  } else {
    let end = 0;
    for (const c of text) ends.push((end += c.length));
  }
  return ends;
}

/**
 * The robot answer of message `id` typed out (SPEC §9 Typewriter, `typeOut`): only an answer that
 * arrived whole on this page (the JSON answer, `isTypedAnswer`) — a streamed answer grows as it
 * arrives, and history is never typed. Its first 5 characters at once, then one every 80 ms, in at
 * most 2 s, on the engine's scheduler and counted from the answer's arrival, so that a bubble shown
 * again (a virtualised list scrolled back, StrictMode's second mount) goes on where it was, or shows
 * the answer whole once its time is over. `instant` shows it whole at once.
 */
export function useTypewriter(id: string, { instant = false }: TypewriterHookOptions = {}): TypedAnswer {
  const engine = useChatEngine();
  const answer = useChatSelector(useCallback((s: ChatState) => s.answers[id], [id]));
  const typed = isTypedAnswer(answer) ? answer : null;
  const at = typed?.arrivedWholeAt;
  const text = typed?.text ?? '';
  const ends = useMemo(() => (at === undefined ? [] : characterEnds(text)), [at, text]);
  // The arrival the visitor asked to see whole, and how many characters show, by arrival.
  const [whole, setWhole] = useState<number>();
  const [shown, setShown] = useState<{ at: number; count: number }>();
  const typing = at !== undefined && !instant && whole !== at;
  useEffect(() => {
    if (!typing) return undefined;
    const { scheduler } = engine;
    const s = typeOut(ends.length, scheduler, { elapsedMs: scheduler.now() - at }).subscribe((count) => setShown({ at, count }));
    return () => s.unsubscribe();
  }, [typing, at, ends.length, engine]);
  const showWhole = useCallback(() => setWhole(at), [at]);
  if (!typing) return NOT_TYPED;
  // Before the effect's first count (the first render): where a typewriter started at the arrival is.
  const count = shown?.at === at ? shown.count : typedLength(ends.length, engine.scheduler.now() - at);
  return count >= ends.length ? NOT_TYPED : { text: text.slice(0, ends[count - 1] ?? 0), showWhole };
}
