import { Trans } from '@lingui/react/macro';
import { CONTACT_FIELDS } from '@visitor-chat/chat-engine';
import { useLeaveMessage } from '@visitor-chat/chat-react';
import { Dialog } from './Dialog';
import { FormFields } from './FormFields';

/** The leave-message form (SPEC §2, §7 leaveMsg) while it is open; Escape and Cancel close it. */
export function LeaveMessageForm() {
  const form = useLeaveMessage();
  if (!form.open) return null;
  return (
    <Dialog title={<Trans>Leave a message</Trans>} onClose={form.close}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit?.();
        }}
      >
        <p className="user-form__intro">
          <Trans>No agent can answer right now. Leave your message and how to reach you, and we will get back to you.</Trans>
        </p>
        {form.contactRequired && (
          <p className="user-form__intro">
            <Trans>Enter a phone number or an email, so that we can answer you.</Trans>
          </p>
        )}
        <FormFields form={form} unmarked={form.contactRequired ? CONTACT_FIELDS : []} />
        <div className="form-actions">
          <button type="button" className="button button--secondary" disabled={!form.close} onClick={() => form.close?.()}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button--primary" disabled={!form.submit} aria-busy={form.sending || undefined}>
            {form.sending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
