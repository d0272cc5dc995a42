import { canOpenLeaveMessage, type ChatState, type LeaveMessageReason } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => ({ offered: s.leaveMessage.offered, canOpen: canOpenLeaveMessage(s) });

/**
 * Whether the leave-message form is offered (SPEC §4 transfer 1 and 5; `offered` says why, null when
 * not) and `openForm`, null when it may not open: what a button that opens the form needs, without
 * the form itself (useLeaveMessage, whose fields load with the form).
 */
export function useLeaveMessageOffer(): { offered: LeaveMessageReason | null; openForm: (() => void) | null } {
  const engine = useChatEngine();
  const { offered, canOpen } = useChatSelector(pick, shallowEqual);
  return { offered, openForm: canOpen ? engine.openLeaveMessage : null };
}
