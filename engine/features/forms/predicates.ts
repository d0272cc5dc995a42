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

/**
 * No agent can answer the visitor (issue 28): the transfer found agents offline (SPEC §4 transfer 1),
 * outside working hours (5) or no group online — until an agent connects after all. "Leave a message"
 * is offered all that time.
 */
export function noAgentCanAnswer(s: ChatState): boolean {
  return s.leaveMessage.offered !== null;
}

/**
 * The channel promised an answer to a left message, so the form asks for a phone or an email
 * (docs/protocol.md "Leave a message"): the message that offered the form is on — adminOfflineMode
 * for agents offline (SPEC §4 transfer 1), unWorkingMode outside working hours (5).
 */
export function contactRequired(s: ChatState): boolean {
  const { offered } = s.leaveMessage;
  return (offered === 'offline' && (s.channel?.adminOfflineMsg ?? null) !== null) || (offered === 'outsideHours' && (s.channel?.unWorkingMsg ?? null) !== null);
}
