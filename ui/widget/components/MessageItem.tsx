import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { MsgType, SenderType, showsRating, type ChatMessage, type QuickReply } from '@visitor-chat/chat-engine';
import { useDeliveryStatus } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
import { Avatar, hasAvatar } from './Avatar';
import { DeliveryIndicator } from './DeliveryIndicator';
import { FaqList } from './FaqList';
import { MessageContent } from './MessageContent';
import { MessageText } from './MessageText';
import { MessageTime } from './MessageTime';
import { NoticeText } from './NoticeText';
import { RobotReply } from './RobotReply';
import './MessageItem.css';

// Parts that a first screen seldom shows (the rating of a robot's answers comes after the
// visitor's first question), loaded on demand in places of their own size.
const RatingButtons = lazyPart(
  'rating buttons',
  () => import('./RatingButtons').then((m) => ({ default: m.RatingButtons })),
  <div className="rating-pending" aria-busy="true" />,
);

export interface MessageItemProps {
  message: ChatMessage;
  /** Asks a question of a FAQ message's list (as a quick reply: SPEC §3); null makes the list read-only. */
  onAsk: ((question: QuickReply) => void) | null;
  /** The visitor question a robot answer replies to (shown in its thinking block). */
  question?: string;
  /**
   * An agent's or the robot's message that opens a run of its sender's messages: the sender's
   * avatar shows beside it (SPEC §9) and the name above it; later messages of the run keep the
   * avatar's place empty and name the sender for screen readers only.
   */
  runStart?: boolean;
  /** The sender's picture for that avatar (else the initial shows). */
  avatarSrc?: string;
}

/** One message: visitor right, system and auto-tips centred, agent and robot left (SPEC §3 position). */
export const MessageItem = memo(function MessageItem({ message: m, onAsk, question, runStart, avatarSrc }: MessageItemProps) {
  const { t } = useLingui();
  const { failed } = useDeliveryStatus(m);
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
  // Their messages leave room for an avatar (SPEC §9), shown beside the first of a run.
  const withAvatar = hasAvatar(m);
  return (
    <div className={`message message--${m.position}${withAvatar ? ' message--avatar' : ''}`} aria-busy={m.awaiting || undefined}>
      {m.hasTime && <MessageTime time={m.createdAt} />}
      {m.position === 'center' ? (
        <p className="message__system" dir="auto">
          {m.notice ? <NoticeText notice={m.notice} fallback={m.msgContent} /> : <MessageText text={m.msgContent} />}
        </p>
      ) : (
        <div className="message__row">
          {withAvatar && runStart && <Avatar name={m.senderName ?? ''} src={avatarSrc} robot={m.senderType === SenderType.Robot} />}
          <div className="message__bubble">
            {m.position === 'left' && m.senderName && (
              <span className={runStart ? 'message__sender' : 'visually-hidden'} dir="auto">
                {m.senderName}
              </span>
            )}
            {/* Who said it, for a screen reader reading the log: the others' names show above; the visitor's own is hidden. */}
            {m.position === 'right' && (
              // A string, not a Trans: every visitor row has it (two components a row fewer to render).
              <span className="visually-hidden">
                {t({ comment: "Screen readers only: names the sender of the visitor's own messages in the conversation", message: 'You' })}
              </span>
            )}
            {m.senderType === SenderType.Robot ? <RobotReply message={m} question={question} /> : <MessageContent message={m} />}
            {m.msgType === MsgType.Faq && m.suggestions && <FaqList questions={m.suggestions} onAsk={onAsk} />}
          </div>
          <DeliveryIndicator message={m} />
          {/* Each message's own time: read with it, shown on hover, tap or focus. */}
          <MessageTime time={m.createdAt} className="message__time" />
        </div>
      )}
      {showsRating(m) && <RatingButtons message={m} />}
      {failed && (
        <p className="message__failed">
          <Trans>Not delivered</Trans>
        </p>
      )}
    </div>
  );
});
