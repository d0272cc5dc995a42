import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { MessageStatus, MsgType, showsRating, showsThinking, type ChatMessage } from '@visitor-chat/chat-engine';
import { DeliveryIndicator } from './DeliveryIndicator';
import { MessageContent } from './MessageContent';
import { MessageText } from './MessageText';
import { MessageTime } from './MessageTime';
import { NoticeText } from './NoticeText';
import { RatingButtons } from './RatingButtons';
import { ThinkingBlock } from './ThinkingBlock';
import './MessageItem.css';

export interface MessageItemProps {
  message: ChatMessage;
  /** Sends a question of a FAQ message's list; null makes the list read-only. */
  onAsk: ((question: string) => void) | null;
  /** The visitor question a robot answer replies to (shown in its thinking block). */
  question?: string;
}

/** One message: visitor right, system and auto-tips centred, agent and robot left (SPEC §3 position). */
export const MessageItem = memo(function MessageItem({ message: m, onAsk, question }: MessageItemProps) {
  const { t } = useLingui();
  if (m.msgType === MsgType.AutoTip) {
    return (
      <div className="message message--center message--tip">
        {m.hasTime && <MessageTime time={m.createdAt} />}
        <p className="message__tip">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="message__tip-icon">
            <path d="M12 2a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2Zm-3 18h6v1a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-1Z" />
          </svg>
          {/* Its own direction: an English tip in an ar or fa page keeps its full stop at the end. */}
          <span dir="auto">
            <MessageText text={m.msgContent} />
          </span>
        </p>
      </div>
    );
  }
  return (
    <div className={`message message--${m.position}`} aria-busy={m.awaiting || undefined}>
      {m.hasTime && <MessageTime time={m.createdAt} />}
      {m.position === 'center' ? (
        <p className="message__system" dir="auto">{m.notice ? <NoticeText notice={m.notice} fallback={m.msgContent} /> : <MessageText text={m.msgContent} />}</p>
      ) : (
        <div className="message__row">
          <div className="message__bubble">
            {m.position === 'left' && m.senderName && <span className="message__sender" dir="auto">{m.senderName}</span>}
            {showsThinking(m) && <ThinkingBlock message={m} question={question} />}
            {!m.awaiting && <MessageContent message={m} />}
            {m.msgType === MsgType.Faq && m.suggestions && (
              <ul className="message__faq" aria-label={t`Frequently asked questions`}>
                {m.suggestions.map((q) => (
                  <li key={q.code}>
                    <button type="button" dir="auto" className="message__faq-question" disabled={!onAsk} onClick={() => onAsk?.(q.name)}>
                      {q.icon && <span aria-hidden="true">{q.icon} </span>}
                      {q.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <DeliveryIndicator message={m} />
        </div>
      )}
      {showsRating(m) && <RatingButtons message={m} />}
      {m.status === MessageStatus.Fail && (
        <p className="message__failed">
          <Trans>Not delivered</Trans>
        </p>
      )}
    </div>
  );
});
