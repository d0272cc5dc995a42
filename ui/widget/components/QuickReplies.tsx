import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { QuickReply } from '@visitor-chat/chat-engine';
import { moveFocus } from '../moveFocus';
import { ReplyLabel } from './ReplyLabel';
import './QuickReplies.css';

const CLASSES = { img: 'quick-reply__img', icon: 'quick-reply__icon', badge: 'quick-reply__badge' };

export interface QuickRepliesProps {
  replies: readonly QuickReply[];
  /** The chip, and its focus, go away with the list. */
  onSelect: (reply: QuickReply) => void;
}

/**
 * The bar of quick-reply chips above the composer: a strip to swipe on touch screens, wrapped lines
 * under a mouse (QuickReplies.css). One Tab stop, the chip last on: the arrow keys move between the
 * chips as they show (mirrored right to left), Home and End go to the first and the last.
 */
export function QuickReplies({ replies, onSelect }: QuickRepliesProps) {
  const { t } = useLingui();
  // The chip that takes Tab (roving tabindex: from any other, Shift+Tab leaves the bar), of this
  // list; a new list starts at its first.
  const [active, setActive] = useState({ of: replies, at: 0 });
  if (replies.length === 0) return null;
  const current = active.of === replies ? active.at : 0;
  return (
    <nav className="quick-replies" aria-label={t`Quick replies`}>
      <ul className="quick-replies__list" onKeyDown={(e) => moveFocus(e, '.quick-reply')}>
        {replies.map((reply, i) => {
          return (
            <li key={reply.code}>
              <button
                type="button"
                dir="auto"
                tabIndex={i === current ? 0 : -1}
                onFocus={() => setActive({ of: replies, at: i })}
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
