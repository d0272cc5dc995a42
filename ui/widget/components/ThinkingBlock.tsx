import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage, RobotAnswer } from '@visitor-chat/chat-engine';
import { useThinking } from '@visitor-chat/chat-react';
import { formatInteger } from '../format';
import './ThinkingBlock.css';

export interface ThinkingBlockProps {
  message: ChatMessage;
  /** The answer as it streams (useRobotAnswer), when it was asked on this page: its reasoning fills the block live. */
  answer?: RobotAnswer | null;
  /** The visitor's question this answer thinks about, shown when the block is expanded. */
  question?: string;
}

/**
 * SPEC §4 Thinking block: collapsible; 'Thinking… (N s)' counting while the robot works, 'Deeply
 * thought (N s)' once its text starts or the answer is done (without the count when it took no
 * whole second). Expanded, it shows the robot's reasoning as it streams (docs/protocol.md "Streamed
 * answers"), or, without one, what it looked for.
 */
export function ThinkingBlock({ message, answer, question }: ThinkingBlockProps) {
  const { i18n } = useLingui();
  const thinking = useThinking(message, answer);
  const reasoning = answer?.reasoning;
  const { running } = thinking;
  // In the locale's digits; the name stays the catalogs' placeholder.
  const seconds = thinking.seconds === null ? null : formatInteger(thinking.seconds, i18n.locale);
  return (
    <details className={`thinking${running ? ' thinking--running' : ''}`}>
      <summary className="thinking__summary">
        <svg className="thinking__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 2a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2Zm-3 18h6v1a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-1Z" />
        </svg>
        {running ? (
          <>
            {thinking.seconds ? <Trans>Thinking… ({seconds} s)</Trans> : <Trans>Thinking…</Trans>}
            <span className="thinking__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          </>
        ) : seconds !== null ? (
          <Trans>Deeply thought ({seconds} s)</Trans>
        ) : (
          <Trans>Deeply thought</Trans>
        )}
      </summary>
      <p className={`thinking__body${reasoning ? ' thinking__body--reasoning' : ''}`} dir={reasoning ? 'auto' : undefined}>
        {reasoning ? (
          reasoning
        ) : question === undefined ? (
          <Trans>Looking through the knowledge base.</Trans>
        ) : running ? (
          <Trans>Looking through the knowledge base for “{question}”.</Trans>
        ) : (
          <Trans>Looked through the knowledge base for “{question}”.</Trans>
        )}
      </p>
    </details>
  );
}
