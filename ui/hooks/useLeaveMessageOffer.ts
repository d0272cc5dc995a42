import { canOpenLeaveMessage, type ChatState, type LeaveMessageReason } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => ({ offered: s.leaveMessage.offered, canOpen: canOpenLeaveMessage(s) });

/** What useLeaveMessageOffer returns: whether the leave-message form is offered, and opening it. */
export interface UseLeaveMessageOfferResult {
  /** Why the form is offered; null when it is not. */
  offered: LeaveMessageReason | null;
  /** Opens the form; null when it may not open. */
  openForm: (() => void) | null;
}

/**
 * Whether the leave-message form is offered (SPEC §4 transfer 1 and 5; `offered` says why, null when
 * not) and `openForm`, null when it may not open: what a button that opens the form needs, without
 * the form itself (useLeaveMessage, whose fields load with the form).
 */
export function useLeaveMessageOffer(): UseLeaveMessageOfferResult {
  const engine = useChatEngine();
  const { offered, canOpen } = useChatSelector(pick, shallowEqual);
  return { offered, openForm: canOpen ? engine.openLeaveMessage : null };
}
