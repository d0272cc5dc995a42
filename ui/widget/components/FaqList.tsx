import { useLingui } from '@lingui/react/macro';
import type { QuickReply } from '@visitor-chat/chat-engine';
import { safeUrl } from '../media';
import './FaqList.css';

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
      {questions.map((q) => {
        const img = safeUrl(q.img);
        return (
          <li key={q.code}>
            <button
              type="button"
              dir="auto"
              className={`message__faq-question${q.isHighlight ? ' message__faq-question--highlight' : ''}`}
              disabled={!onAsk}
              onClick={() => onAsk?.(q)}
            >
              {img ? <img className="message__faq-img" src={img} alt="" /> : q.icon && <span aria-hidden="true">{q.icon} </span>}
              {q.name}
              {q.isNew && <span className="message__faq-new" role="img" aria-label={t`New`} />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
