import { useState } from 'react';
import { userFormRequired, type ChatState, type FormField } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';
import { useChatEvents } from './useChatEvents';
import { useFormFields, type FormFieldsState } from './useFormFields';

const NO_FIELDS: readonly FormField[] = [];

const pick = (s: ChatState) => ({ required: userFormRequired(s), config: s.channel?.userForm ?? null, query: s.query });

/** What useUserForm returns: the form's fields (FormFieldsState), whether it is asked for and how, and submitting it. */
export interface UseUserFormResult extends FormFieldsState {
  /** The form is asked for (SPEC §4 status 1). */
  required: boolean;
  /** Shown as a modal (else above the composer), per the channel's config. */
  modal: boolean;
  submitting: boolean;
  /** Checks the fields and sends them: false when a field is invalid (focus goes there); null when not allowed. */
  submit: (() => boolean) | null;
}

/**
 * The user information form (SPEC §2–§5): shown while `required`; modal or inline per config; fields
 * from the config, prefilled from the query, checked by SPEC §5. `submit` is null when not allowed;
 * it returns false (focus on the first invalid field) or sends engine.submitUserForm. On failure the
 * values stay (the engine asks for the 'submission failed' toast).
 */
export function useUserForm(): UseUserFormResult {
  const engine = useChatEngine();
  const { required, config, query } = useChatSelector(pick, shallowEqual);
  const form = useFormFields(config?.fields ?? NO_FIELDS, query);
  const [submitting, setSubmitting] = useState(false);
  useChatEvents((e) => {
    if (e.type === 'submissionFailed' && e.form === 'userForm') setSubmitting(false);
  });

  const submit =
    required && !submitting
      ? (): boolean => {
          const values = form.check();
          if (!values) return false;
          // Set before the call: a synchronous failure then clears it in the same batch.
          setSubmitting(true);
          engine.submitUserForm(values);
          return true;
        }
      : null;

  return { ...form, required, modal: config?.modal ?? true, submitting: required && submitting, submit };
}
