import { Trans, useLingui } from '@lingui/react/macro';
import type { RobotSource } from '@visitor-chat/chat-engine';
import { safeUrl } from '../media';
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
