import { useEffect } from 'react';
import { showsThinking, type ChatMessage } from '@visitor-chat/chat-engine';
import { useRobotAnswer, useTypewriter } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
import { useReducedMotion } from '../useReducedMotion';
import { MessageContent } from './MessageContent';
import { MessageText } from './MessageText';
import './RobotReply.css';

// A first screen seldom shows a robot's thinking (it comes after the visitor's first question):
// it loads on demand, in a place of its own size.
const ThinkingBlock = lazyPart(
  'thinking block',
  () => import('./ThinkingBlock').then((m) => ({ default: m.ThinkingBlock })),
  <div className="thinking-pending" aria-busy="true" />,
);
// A streamed answer's sources and its cut-off line come after the first screen too.
const AnswerSources = lazyPart('answer sources', () => import('./AnswerExtras').then((m) => ({ default: m.AnswerSources })));
const AnswerCutOff = lazyPart('answer cut off', () => import('./AnswerExtras').then((m) => ({ default: m.AnswerCutOff })));

export interface RobotReplyProps {
  message: ChatMessage;
  /** The visitor question it replies to (shown in its thinking block while there is no reasoning). */
  question?: string | undefined;
}

/**
 * The body of a robot's bubble (docs/protocol.md "Streamed answers"): the thinking block
 * (SPEC §4), the text — growing delta by delta while it streams, read through useRobotAnswer so
 * that only this bubble renders per delta; typed out when it arrived whole (SPEC §9 Typewriter,
 * useTypewriter) — the answer's sources as links, and for an answer cut short a clear line with
 * Try again. The text is not read out as it grows (the bubble is aria-busy, the log aria-live off);
 * the list's live region reads the whole answer once it ends, a cut one with that line.
 */
export function RobotReply({ message: m, question }: RobotReplyProps) {
  const { answer, retry } = useRobotAnswer(m.id);
  const typed = useTypewriter(m.id, { instant: useReducedMotion() });
  const sources = answer?.sources ?? [];
  const { showWhole } = typed;
  // While it types, any key shows the answer whole (a tap on it does too).
  useEffect(() => {
    if (!showWhole) return undefined;
    document.addEventListener('keydown', showWhole);
    return () => document.removeEventListener('keydown', showWhole);
  }, [showWhole]);
  return (
    <>
      {showsThinking(m) && <ThinkingBlock message={m} answer={answer} question={question} />}
      {m.awaiting ? (
        answer?.text && (
          <span className="content-text answer-streaming" dir="auto">
            <MessageText text={answer.text} />
          </span>
        )
      ) : typed.text !== null ? (
        // Typed as plain text; its links are made once it is whole (MessageContent), never from half a URL.
        // A listener reading the log hears the whole answer (the hidden copy), never the part shown.
        <span className="content-text answer-typing" dir="auto" onClick={showWhole ?? undefined}>
          <span aria-hidden="true">{typed.text}</span>
          <span className="visually-hidden">{m.msgContent}</span>
        </span>
      ) : (
        <MessageContent message={m} />
      )}
      {sources.length > 0 && <AnswerSources sources={sources} />}
      {m.interrupted && <AnswerCutOff retry={retry} />}
    </>
  );
}
