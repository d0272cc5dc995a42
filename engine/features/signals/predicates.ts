import type { ChatState } from '../../core/state';
import { inConversation } from '../conversation/predicates';
import type { RobotAnswer } from '../robot/answer';
import { answerThinking } from '../robot/predicates';

/** SPEC §7 typing: the visitor's typing notices go to an agent only in status 2. */
export function sendsTyping(s: ChatState): boolean {
  return s.session !== null && inConversation(s);
}

/** SPEC §4 event 1201 "mark read": an agent message is unread while the page is visible and the agent session runs. */
export function readReceiptDue(s: ChatState): boolean {
  return s.unread && s.pageVisible && inConversation(s) && s.session !== null;
}

/**
 * SPEC §9 title-typing simulation: the nav bar's title simulates typing while the robot prepares an
 * answer — asked, no text yet (answerThinking; once its text streams, the bubble shows the writing)
 * — or the agent types (SPEC §4 event 1204).
 */
export function titleTypingDue(s: ChatState): boolean {
  if (s.agentTyping) return true;
  for (const id in s.answers) if (answerThinking(s.answers[id] as RobotAnswer)) return true;
  return false;
}
