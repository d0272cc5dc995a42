import { memo } from 'react';
import { isLongText, isTypedAnswer, showsThinking, textPieces, type ChatMessage } from '@visitor-chat/chat-engine';
import { useRobotAnswer } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
import { MessageContent } from './MessageContent';
import { LinkedText, endsInWord } from './LinkedText';
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
 * text node would (a block's trailing line break makes no line of its own; a blank line does); a
 * paragraph longer than a piece in pieces (textPieces), so that a delta never lays out more than one.
 */
const paragraphsOf = (text: string): string[] => text.split(/(?<=\n\n)/).flatMap(textPieces);

/**
 * One paragraph of a streaming answer, a block of its own: a delta changes the last one only, so
 * the browser lays out (and React renders, and linkify reads) that paragraph rather than the whole
 * answer, which takes a few milliseconds a frame at a few thousand words.
 */
const StreamedParagraph = memo(function StreamedParagraph({ text, cutBefore, cutAfter }: { text: string; cutBefore: boolean; cutAfter: boolean }) {
  return (
    <span className="answer-streaming__part">
      <LinkedText text={text} cutBefore={cutBefore} cutAfter={cutAfter} />
    </span>
  );
});

/** A streaming (or streamed) text as its paragraphs and pieces. */
function StreamedText({ text }: { text: string }) {
  const parts = paragraphsOf(text);
  return (
    <span className="content-text answer-streaming" dir="auto">
      {parts.map((part, i) => (
        <StreamedParagraph key={i} text={part} cutBefore={i > 0 && endsInWord(parts[i - 1] ?? ' ')} cutAfter={i < parts.length - 1 && endsInWord(part)} />
      ))}
    </span>
  );
}

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
  // A long answer the visitor watched stream in stays as it grew, whole: collapsing it once done
  // would pull the text from under them (history and an answer that came whole show collapsed).
  const streamedLong = !m.awaiting && !!answer?.text && answer.arrivedWholeAt === undefined && isLongText(m.msgContent);
  return (
    <>
      {showsThinking(m) && <ThinkingBlock message={m} answer={answer} question={question} />}
      {m.awaiting || streamedLong ? (
        answer?.text && <StreamedText text={m.awaiting ? answer.text : m.msgContent} />
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
