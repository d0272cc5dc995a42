import { useLingui } from '@lingui/react/macro';
import type { QuickReply } from '@visitor-chat/chat-engine';
import { safeUrl } from '../media';
import './QuickReplies.css';

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
          const img = safeUrl(reply.img);
          return (
            <li key={reply.code}>
              <button
                type="button"
                dir="auto"
                className={`quick-reply${reply.isHighlight ? ' quick-reply--highlight' : ''}${reply.isNew ? ' quick-reply--new' : ''}`}
                onClick={() => onSelect(reply)}
              >
                {img ? (
                  <img className="quick-reply__img" src={img} alt="" />
                ) : (
                  reply.icon && (
                    <span className="quick-reply__icon" aria-hidden="true">
                      {reply.icon}
                    </span>
                  )
                )}
                {reply.name}
                {reply.isNew && <span className="quick-reply__badge" role="img" aria-label={t`New`} />}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
