import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { MessageStatus, type ChatMessage } from '../../../engine';
import { MessageContent } from './MessageContent';
import { MessageText } from './MessageText';
import { MessageTime } from './MessageTime';
import { NoticeText } from './NoticeText';
import './MessageItem.css';

export interface MessageItemProps {
  message: ChatMessage;
  onRetry: (id: string) => void;
  /** Sends a suggested question; null hides the suggestions. */
  onAsk: ((question: string) => void) | null;
}

/** One message: visitor right, system centred, agent and robot left (SPEC §3 position). */
export const MessageItem = memo(function MessageItem({ message: m, onRetry, onAsk }: MessageItemProps) {
  const { t } = useLingui();
  return (
    <div className={`message message--${m.position}`} aria-busy={m.awaiting || undefined}>
      {m.hasTime && <MessageTime time={m.createdAt} />}
      {m.position === 'center' ? (
        <p className="message__system">{m.notice ? <NoticeText notice={m.notice} fallback={m.msgContent} /> : <MessageText text={m.msgContent} />}</p>
      ) : (
        <div className="message__row">
          <div className="message__bubble">
            {m.position === 'left' && m.senderName && <span className="message__sender">{m.senderName}</span>}
            {m.awaiting ? (
              <span className="message__dots" role="status" aria-label={t`Typing…`}>
                <span />
                <span />
                <span />
              </span>
            ) : (
              <MessageContent message={m} />
            )}
          </div>
          {m.status === MessageStatus.Pending && <span className="message__pending" aria-label={t`Sending`} />}
          {m.status === MessageStatus.Fail && (
            <button type="button" className="message__retry" onClick={() => onRetry(m.id)} aria-label={t`Not delivered. Retry`}>
              !
            </button>
          )}
        </div>
      )}
      {m.suggestions && onAsk && (
        <ul className="message__suggestions" aria-label={t`Suggested questions`}>
          {m.suggestions.map((q) => (
            <li key={q}>
              <button type="button" className="message__suggestion" onClick={() => onAsk(q)}>
                {q}
              </button>
            </li>
          ))}
        </ul>
      )}
      {m.status === MessageStatus.Fail && (
        <p className="message__failed">
          <Trans>Not delivered</Trans>
        </p>
      )}
    </div>
  );
});
