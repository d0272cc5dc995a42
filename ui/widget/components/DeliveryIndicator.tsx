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
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7Z" />
        </svg>
      </button>
    );
  }
  return null;
}
