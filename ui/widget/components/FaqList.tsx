import { useLingui } from '@lingui/react/macro';
import type { QuickReply } from '@visitor-chat/chat-engine';
import './FaqList.css';

export interface FaqListProps {
  questions: readonly QuickReply[];
  /** Sends a question; null makes the list read-only. */
  onAsk: ((question: string) => void) | null;
}

/** The questions of a FAQ message (SPEC §3 msgType faq), each a button that asks it. */
export function FaqList({ questions, onAsk }: FaqListProps) {
  const { t } = useLingui();
  return (
    <ul className="message__faq" aria-label={t`Frequently asked questions`}>
      {questions.map((q) => (
        <li key={q.code}>
          <button type="button" dir="auto" className="message__faq-question" disabled={!onAsk} onClick={() => onAsk?.(q.name)}>
            {q.icon && <span aria-hidden="true">{q.icon} </span>}
            {q.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
