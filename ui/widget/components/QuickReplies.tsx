import { useLingui } from '@lingui/react/macro';
import type { QuickReply } from '@visitor-chat/chat-engine';
import { ReplyLabel } from './ReplyLabel';
import './QuickReplies.css';

const CLASSES = { img: 'quick-reply__img', icon: 'quick-reply__icon', badge: 'quick-reply__badge' };

export interface QuickRepliesProps {
  replies: readonly QuickReply[];
  /** The chip, and its focus, go away with the list. */
  onSelect: (reply: QuickReply) => void;
}

/** A horizontally scrollable bar of quick-reply chips above the composer. */
export function QuickReplies({ replies, onSelect }: QuickRepliesProps) {
  const { t } = useLingui();
  if (replies.length === 0) return null;
  return (
    <nav className="quick-replies" aria-label={t`Quick replies`}>
      <ul className="quick-replies__list">
        {replies.map((reply) => {
          return (
            <li key={reply.code}>
              <button
                type="button"
                dir="auto"
                className={`quick-reply${reply.isHighlight ? ' quick-reply--highlight' : ''}${reply.isNew ? ' quick-reply--new' : ''}`}
                onClick={() => onSelect(reply)}
              >
                <ReplyLabel reply={reply} classes={CLASSES} />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
