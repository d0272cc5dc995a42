import { useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '@visitor-chat/chat-engine';
import { useDeliveryStatus } from '@visitor-chat/chat-react';
import { keepFocus } from '../keepFocus';

/** SPEC §4 Delivery indicator beside a visitor message: a spinner once slow (800 ms), a retry icon on fail. */
export function DeliveryIndicator({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const { status, retry } = useDeliveryStatus(message);
  if (status === 'loading') return <span className="delivery delivery--loading spinner" role="img" aria-label={t`Sending`} />;
  if (retry) {
    return (
      <button
        type="button"
        className="delivery delivery--fail"
        onClick={() => {
          retry();
          // The button goes while the message is sent again: focus goes on in the composer.
          keepFocus();
        }}
        aria-label={t`Not delivered. Retry`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
          <path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" />
        </svg>
      </button>
    );
  }
  return null;
}
