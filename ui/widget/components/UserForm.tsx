import { Trans } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useUserForm } from '@visitor-chat/chat-react';
import { Dialog } from './Dialog';
import { keepFocus } from '../keepFocus';
import { FormFields } from './FormFields';
import './UserForm.css';

/**
 * The user information form (SPEC §2–§5) while the chat status asks for it: a dialog that cannot be
 * dismissed when the config says modal, else a panel above the composer.
 */
export function UserForm() {
  const form = useUserForm();
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
  return <InlinePanel title={title}>{body}</InlinePanel>;
}

/** The inline form: when it goes (submitted), focus in it, or dropped by its busy button, goes on in the composer. */
function InlinePanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = panel.current;
    // Run before the panel leaves the page: focus is still in it, or on <body> (a disabled button lets it fall).
    return () => {
      const at = document.activeElement;
      if (!at || at === document.body || el?.contains(at)) keepFocus();
    };
  }, []);
  return (
    <section ref={panel} className="user-form-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="user-form-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
