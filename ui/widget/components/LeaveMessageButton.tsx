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
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v.5l8 5 8-5V6Zm16 2.9-8 5-8-5V18h16Z" />
      </svg>
      <Trans>Leave a message</Trans>
    </button>
  );
}
