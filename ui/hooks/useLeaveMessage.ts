import { LEAVE_MESSAGE_FIELDS, leaveMessageEditable, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';
import { useChatEvents } from './useChatEvents';
import { useFormFields } from './useFormFields';
import { useLeaveMessageOffer } from './useLeaveMessageOffer';

const pick = (s: ChatState) => ({ open: s.leaveMessage.open, sending: s.leaveMessage.sending, editable: leaveMessageEditable(s), query: s.query });

/**
 * The leave-message form (SPEC §2, §4 transfer 1 and 5, §7 leaveMsg): `offered` says why it is
 * offered (null when not); `openForm`, `close` and `submit` are null when not allowed. Fields are
 * prefilled from the query and checked by SPEC §5; they are cleared once the message is delivered
 * and kept when it fails.
 */
export function useLeaveMessage() {
  const engine = useChatEngine();
  const { offered, openForm } = useLeaveMessageOffer();
  const { open, sending, editable, query } = useChatSelector(pick, shallowEqual);
  const form = useFormFields(LEAVE_MESSAGE_FIELDS, query);
  const { reset } = form;
  useChatEvents((e) => {
    if (e.type === 'submissionSucceeded' && e.form === 'leaveMessage') reset();
  });

  return {
    ...form,
    offered,
    open,
    sending,
    openForm,
    close: editable ? engine.closeLeaveMessage : null,
    /** Checks the fields and leaves the message: false when a field is invalid (focus goes there). */
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
