import { memo } from 'react';
import { isTypedAnswer, showsThinking, type ChatMessage } from '@visitor-chat/chat-engine';
import { useRobotAnswer } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
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
// So does the typewriter of an answer that arrived whole (it starts where it is in time once loaded).
const TypedAnswer = lazyPart(
  'typed answer',
  () => import('./AnswerExtras').then((m) => ({ default: m.TypedAnswer })),
  // Its place while it loads: an empty text, not yet 'typing' (with reduced motion it never types).
  <span className="content-text" />,
);

/**
 * A streaming text's paragraphs: split after each blank line ("\n\n"), which stays at the end of
 * its paragraph, so that the parts join to the text and, each a block in pre-wrap, show it as one
 * text node would (a block's trailing line break makes no line of its own; a blank line does).
 */
const paragraphsOf = (text: string): string[] => text.split(/(?<=\n\n)/);

/**
 * One paragraph of a streaming answer, a block of its own: a delta changes the last one only, so
 * the browser lays out (and React renders, and linkify reads) that paragraph rather than the whole
 * answer, which takes a few milliseconds a frame at a few thousand words.
 */
const StreamedParagraph = memo(function StreamedParagraph({ text }: { text: string }) {
  return (
    <span className="answer-streaming__part">
      <MessageText text={text} />
    </span>
  );
});

export interface RobotReplyProps {
  message: ChatMessage;
  /** The visitor question it replies to (shown in its thinking block while there is no reasoning). */
  question?: string | undefined;
}

/**
 * The body of a robot's bubble (docs/protocol.md "Streamed answers"): the thinking block
 * (SPEC §4), the text — growing delta by delta while it streams, read through useRobotAnswer so
 * that only this bubble renders per delta; typed out when it arrived whole (SPEC §9 Typewriter,
 * TypedAnswer) — the answer's sources as links, and for an answer cut short a clear line with
 * Try again. The text is not read out as it grows (the bubble is aria-busy, the log aria-live off);
 * the list's live region reads the whole answer once it ends, a cut one with that line.
 */
export function RobotReply({ message: m, question }: RobotReplyProps) {
  const { answer, retry } = useRobotAnswer(m.id);
  const sources = answer?.sources ?? [];
  return (
    <>
      {showsThinking(m) && <ThinkingBlock message={m} answer={answer} question={question} />}
      {m.awaiting ? (
        answer?.text && (
          <span className="content-text answer-streaming" dir="auto">
            {paragraphsOf(answer.text).map((text, i) => (
              <StreamedParagraph key={i} text={text} />
            ))}
          </span>
        )
      ) : isTypedAnswer(answer) ? (
        <TypedAnswer message={m}>
          <MessageContent message={m} />
        </TypedAnswer>
      ) : (
        <MessageContent message={m} />
      )}
      {sources.length > 0 && <AnswerSources sources={sources} />}
      {m.interrupted && <AnswerCutOff retry={retry} />}
    </>
  );
}
