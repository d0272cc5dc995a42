import { useToasts } from '@visitor-chat/chat-react';
import './Toasts.css';

/** The toasts (SPEC §8: success, error, loading), announced to screen readers. */
export function Toasts() {
  const { toasts } = useToasts();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}${t.leaving ? ' toast--leaving' : ''}`}>
          {t.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          {t.text}
        </div>
      ))}
    </div>
  );
}
