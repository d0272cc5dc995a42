import type { ChatState } from '../../core/state';
import { inConversation } from '../conversation/predicates';

/** SPEC §7 typing: the visitor's typing notices go to an agent only in status 2. */
export function sendsTyping(s: ChatState): boolean {
  return s.session !== null && inConversation(s);
}

/** SPEC §4 event 1201 "mark read": an agent message is unread while the page is visible and the agent session runs. */
export function readReceiptDue(s: ChatState): boolean {
  return s.unread && s.pageVisible && inConversation(s) && s.session !== null;
}
