import { Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { Dialog } from './Dialog';

export interface EndChatConfirmProps {
  /** Ends the conversation (SPEC §7 chatClose); the confirmation closes. */
  end: () => void;
  /** Keeps chatting: Escape, the close button and Keep chatting. */
  dismiss: () => void;
}

/**
 * "End chat" asks first: the button sits beside the header's others, one stray tap must not end a
 * conversation with an agent. Keep chatting has the focus (the choice that loses nothing); focus
 * returns to End chat when the visitor keeps chatting.
 */
export function EndChatConfirm({ end, dismiss }: EndChatConfirmProps) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={<Trans>End the chat?</Trans>} onClose={dismiss} initialFocus={keep}>
      <div className="dialog__actions">
        <button ref={keep} type="button" className="dialog__button" onClick={dismiss}>
          <Trans>Keep chatting</Trans>
        </button>
        <button
          type="button"
          className="dialog__button dialog__button--primary"
          onClick={() => {
            dismiss();
            end();
          }}
        >
          <Trans>End chat</Trans>
        </button>
      </div>
    </Dialog>
  );
}
