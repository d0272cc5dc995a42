import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useUserForm } from '@visitor-chat/chat-react';
import { Dialog } from './Dialog';
import { FormFields } from './FormFields';
import './UserForm.css';

/**
 * The user information form (SPEC §2–§5) while the chat status asks for it: a dialog that cannot be
 * dismissed when the config says modal, else a panel above the composer.
 */
export function UserForm() {
  const form = useUserForm();
  const titleId = useId();
  if (!form.required) return null;
  const title = <Trans>Before we start</Trans>;
  const body = (
    <form
      className="user-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit?.();
      }}
    >
      <p className="user-form__intro">
        <Trans>Please tell us a little about yourself so an agent can help you.</Trans>
      </p>
      <FormFields form={form} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={!form.submit} aria-busy={form.submitting || undefined}>
          {form.submitting ? <Trans>Sending…</Trans> : <Trans>Start chat</Trans>}
        </button>
      </div>
    </form>
  );
  if (form.modal) return <Dialog title={title}>{body}</Dialog>;
  return (
    <section className="user-form-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="user-form-panel__title">
        {title}
      </h2>
      {body}
    </section>
  );
}
