import { Trans } from '@lingui/react/macro';
import { useLeaveMessageOffer } from '@visitor-chat/chat-react';
import './LeaveMessageButton.css';

/** Opens the leave-message form while one is offered (SPEC §4 transfer 1 and 5); nothing otherwise. */
export function LeaveMessageButton() {
  const { offered, openForm } = useLeaveMessageOffer();
  // Kept while the form is open: it is the opener that focus returns to.
  if (!offered) return null;
  return (
    <button type="button" className="offer-button" onClick={() => openForm?.()}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </svg>
      <Trans>Leave a message</Trans>
    </button>
  );
}
