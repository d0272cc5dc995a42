import { Trans, useLingui } from '@lingui/react/macro';
import { showsThinking, type ChatMessage, type RobotSource } from '@visitor-chat/chat-engine';
import { useRobotAnswer } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
import { safeUrl } from '../media';
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

export interface RobotReplyProps {
  message: ChatMessage;
  /** The visitor question it replies to (shown in its thinking block while there is no reasoning). */
  question?: string | undefined;
}

/** A source's words: its title, else its host. */
function sourceName({ url, title }: RobotSource): string {
  if (title?.trim()) return title;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The body of a robot's bubble (docs/protocol.md "Streamed answers"): the thinking block
 * (SPEC §4), the text — growing delta by delta while it streams, read through useRobotAnswer so
 * that only this bubble renders per delta — the answer's sources as links, and for an answer cut
 * short a clear line with Try again. The text is not read out as it grows (the bubble is
 * aria-busy); the list's live region reads the whole answer once it ends, a cut one with that line.
 */
export function RobotReply({ message: m, question }: RobotReplyProps) {
  const { t } = useLingui();
  const { answer, retry } = useRobotAnswer(m.id);
  const sources = answer?.sources ?? [];
  return (
    <>
      {showsThinking(m) && <ThinkingBlock message={m} answer={answer} question={question} />}
      {m.awaiting ? (
        answer?.text && (
          <span className="content-text answer-streaming" dir="auto">
            <MessageText text={answer.text} />
          </span>
        )
      ) : (
        <MessageContent message={m} />
      )}
      {sources.length > 0 && (
        <ul className="answer-sources" aria-label={t`Sources`}>
          {sources.map((source) => (
            <li key={source.url}>
              <a href={safeUrl(source.url)} target="_blank" rel="noopener noreferrer" dir="auto">
                {sourceName(source)}
              </a>
            </li>
          ))}
        </ul>
      )}
      {m.interrupted && (
        <p className="answer-failed">
          <Trans>The answer was cut off.</Trans>
          {retry && (
            <button type="button" className="answer-failed__retry" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          )}
        </p>
      )}
    </>
  );
}
