import { useLingui } from '@lingui/react/macro';
import type { QuickReply } from '@visitor-chat/chat-engine';
import { ReplyLabel } from './ReplyLabel';
import './FaqList.css';

const CLASSES = { img: 'message__faq-img', icon: 'message__faq-icon', badge: 'message__faq-new' };

export interface FaqListProps {
  questions: readonly QuickReply[];
  /** Asks a question; null makes the list read-only. */
  onAsk: ((question: QuickReply) => void) | null;
}

/**
 * The questions of a FAQ message (SPEC §3 msgType faq), each a button that asks it, with the quick
 * reply's shape (SPEC §3: image or icon, a 'New' badge, the highlight).
 */
export function FaqList({ questions, onAsk }: FaqListProps) {
  const { t } = useLingui();
  return (
    <ul className="message__faq" aria-label={t`Frequently asked questions`}>
      {questions.map((q) => (
        <li key={q.code}>
          <button
            type="button"
            dir="auto"
            className={`message__faq-question${q.isHighlight ? ' message__faq-question--highlight' : ''}`}
            disabled={!onAsk}
            onClick={() => onAsk?.(q)}
          >
            <ReplyLabel reply={q} classes={CLASSES} />
          </button>
        </li>
      ))}
    </ul>
  );
}
