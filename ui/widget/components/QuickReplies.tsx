import { useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import type { QuickReply } from '@visitor-chat/chat-engine';
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
 * under a mouse (QuickReplies.css). One Tab stop: the arrow keys move between the chips in the
 * direction they show (reversed right to left), Home and End go to the first and the last.
 */
export function QuickReplies({ replies, onSelect }: QuickRepliesProps) {
  const { t } = useLingui();
  // The chip that takes Tab (roving tabindex), of this list: a new list starts at its first.
  const [active, setActive] = useState({ of: replies, at: 0 });
  if (replies.length === 0) return null;
  const current = active.of === replies ? Math.min(active.at, replies.length - 1) : 0;
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const forward = getComputedStyle(e.currentTarget).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const last = replies.length - 1;
    const to = { [forward]: Math.min(current + 1, last), [backward]: Math.max(current - 1, 0), Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setActive({ of: replies, at: to });
    e.currentTarget.querySelectorAll('button')[to]?.focus();
  };
  return (
    <nav className="quick-replies" aria-label={t`Quick replies`}>
      <ul className="quick-replies__list" onKeyDown={onKeyDown}>
        {replies.map((reply, i) => {
          return (
            <li key={reply.code}>
              <button
                type="button"
                dir="auto"
                tabIndex={i === current ? 0 : -1}
                className={`quick-reply${reply.isHighlight ? ' quick-reply--highlight' : ''}${reply.isNew ? ' quick-reply--new' : ''}`}
                onFocus={() => setActive({ of: replies, at: i })}
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
