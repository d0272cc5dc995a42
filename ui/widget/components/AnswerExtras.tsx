import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import type { ChatMessage, RobotSource } from '@visitor-chat/chat-engine';
import { useTypewriter } from '@visitor-chat/chat-react';
import { safeUrl } from '../media';
import { useReducedMotion } from '../motion';
import './AnswerExtras.css';

/** A source's words: its title, else its host. */
function sourceName({ url, title }: RobotSource): string {
  if (title?.trim()) return title;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A streamed robot answer's sources (docs/protocol.md "Streamed answers"): links that open in a new tab, with no opener and no referrer. */
export function AnswerSources({ sources }: { sources: readonly RobotSource[] }) {
  const { t } = useLingui();
  return (
    <ul className="answer-sources" aria-label={t`Sources`}>
      {sources.map((source) => (
        <li key={source.url}>
          <a href={safeUrl(source.url)} target="_blank" rel="noopener noreferrer" dir="auto">
            {sourceName(source)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A streamed robot answer cut short (an error frame, a cut stream, an abort, a stall): said so, with Try again while it may be asked again. */
export function AnswerCutOff({ retry }: { retry: (() => void) | null }) {
  return (
    <p className="answer-failed">
      <Trans>The answer was cut off.</Trans>
      {retry && (
        <button type="button" className="answer-failed__retry" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </p>
  );
}

/**
 * A robot answer that arrived whole, typed out (SPEC §9 Typewriter, useTypewriter): plain text with
 * the caret, then `children` (the message as it is: MessageContent, given by RobotReply so that this
 * part imports none of the first screen's) — its links are made once it is whole, never from half a URL. A tap on
 * it or any key shows it whole; with `prefers-reduced-motion: reduce` it is whole at once. A
 * listener reading the log finds the whole answer (the hidden copy), never the part shown; the
 * list's live region read it, whole, when it arrived.
 */
export function TypedAnswer({ message: m, children }: { message: ChatMessage; children: ReactNode }) {
  const { text, showWhole } = useTypewriter(m.id, { instant: useReducedMotion() });
  useEffect(() => {
    if (!showWhole) return undefined;
    document.addEventListener('keydown', showWhole);
    return () => document.removeEventListener('keydown', showWhole);
  }, [showWhole]);
  if (text === null) return children;
  return (
    <span className="content-text answer-typing" dir="auto" onClick={showWhole ?? undefined}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{m.msgContent}</span>
    </span>
  );
}
