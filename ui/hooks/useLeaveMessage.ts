import { useCallback, useState } from 'react';
import { LEAVE_MESSAGE_FIELDS, contactRequired, leaveMessageEditable, validateLeaveMessage, type ChatState, type FormValues } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';
import { useChatEvents } from './useChatEvents';
import { useFormFields, type FormFieldsState } from './useFormFields';
import { useLeaveMessageOffer, type UseLeaveMessageOfferResult } from './useLeaveMessageOffer';

const pick = (s: ChatState) => ({
  open: s.leaveMessage.open,
  sending: s.leaveMessage.sending,
  draft: s.leaveMessage.draft,
  editable: leaveMessageEditable(s),
  contact: contactRequired(s),
  query: s.query,
});

/** What useLeaveMessage returns: the form's fields (FormFieldsState), whether it is offered and open, and its actions. */
export interface UseLeaveMessageResult extends FormFieldsState, UseLeaveMessageOfferResult {
  open: boolean;
  sending: boolean;
  /** The channel promised an answer: a phone or an email is required (docs/protocol.md "Leave a message"). */
  contactRequired: boolean;
  close: (() => void) | null;
  /** Checks the fields and leaves the message: false when a field is invalid (focus goes there). */
  submit: (() => boolean) | null;
}

/**
 * The leave-message form (SPEC §2, §4 transfer 1 and 5, §7 leaveMsg): `offered` says why it is
 * offered (null when not); `openForm`, `close` and `submit` are null when not allowed. Fields are
 * prefilled from the query and checked by SPEC §5 — and `contactRequired`: a phone or an email,
 * when the channel promised an answer; they are cleared once the message is delivered and kept
 * when it fails. Text the visitor sent where nobody reads it (nobodyReads) arrives as the message.
 */
export function useLeaveMessage(): UseLeaveMessageResult {
  const engine = useChatEngine();
  const { offered, openForm } = useLeaveMessageOffer();
  const { open, sending, draft, editable, contact, query } = useChatSelector(pick, shallowEqual);
  const validate = useCallback((values: FormValues) => validateLeaveMessage(values, contact), [contact]);
  const form = useFormFields(LEAVE_MESSAGE_FIELDS, query, validate);
  const { reset, setValue } = form;
  useChatEvents((e) => {
    if (e.type === 'submissionSucceeded' && e.form === 'leaveMessage') reset();
  });
  // Derived during render (React's "adjusting state when a prop changes"): each text carried over
  // from the composer becomes the message.
  const [carried, setCarried] = useState<string | null>(null);
  if (carried !== draft) {
    setCarried(draft);
    if (draft !== null) setValue('content', draft);
  }

  return {
    ...form,
    offered,
    open,
    sending,
    contactRequired: contact,
    openForm,
    close: editable ? engine.closeLeaveMessage : null,
    submit: editable
      ? (): boolean => {
          const values = form.check();
          if (!values) return false;
          engine.leaveMessage(values);
          return true;
        }
      : null,
  };
}
