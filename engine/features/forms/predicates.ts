import type { ChatState } from '../../core/state';
import { MsgType, SenderType } from '../../model/codes';
import type { ChatMessage } from '../../model/message';

/** SPEC §4 chat status 1: the user form is owed before anything else happens. */
export function userFormRequired(s: ChatState): boolean {
  return s.userForm === 'required';
}

/** SPEC §4 transfer 1: the offline text (a leavemsg message) offers the leave-message form; the visitor's own left message does not. */
export function offersLeaveMessage(m: ChatMessage): boolean {
  return m.msgType === MsgType.LeaveMessage && m.senderType !== SenderType.Visitor;
}

/** The leave-message form may be opened: it is offered (agents offline or outside hours) and not open yet. */
export function canOpenLeaveMessage(s: ChatState): boolean {
  return s.leaveMessage.offered !== null && !s.leaveMessage.open;
}

/** The leave-message form is open and no message is in flight: it may be closed, or submitted (SPEC §7 leaveMsg). */
export function leaveMessageEditable(s: ChatState): boolean {
  return s.leaveMessage.open && !s.leaveMessage.sending;
}
