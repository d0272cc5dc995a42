import type { ChatState } from '../../core/state';
import { MsgType, ReceiveMode, SenderType } from '../../model/codes';
import { withAgent } from '../conversation/predicates';
import { userFormRequired } from '../forms/predicates';
import type { ChatMessage } from '../../model/message';

/**
 * SPEC §4 Receive mode 0: the robot answers while the channel is robot-first, no agent session runs
 * and no user form is owed (chat status 0, or 1 once its form is done or when there is none).
 */
export function robotAnswers(s: ChatState): boolean {
  return s.channel?.receiveMode === ReceiveMode.RobotFirst && !withAgent(s) && !userFormRequired(s);
}

/**
 * SPEC §4 Rating of a reply: a finished robot answer — an `answermsg`, or a reply answered live on
 * this page (it carries thoughtMs) — not yet rated: one choice, locked once chosen. Ratings stay
 * local, so history replies other than answers are not offered again after a reload.
 */
export function canRateReply(m: ChatMessage | undefined): m is ChatMessage {
  return (
    m !== undefined &&
    m.senderType === SenderType.Robot &&
    !m.awaiting &&
    !m.rating &&
    (m.msgType === MsgType.Answer || m.thoughtMs !== undefined)
  );
}

/** SPEC §4 Thinking block: a robot reply awaited now, or answered live on this page (it carries thoughtMs). */
export function showsThinking(m: ChatMessage): boolean {
  return m.senderType === SenderType.Robot && (m.awaiting === true || m.thoughtMs !== undefined);
}

const MS_PER_SECOND = 1_000;

/**
 * SPEC §4 Thinking block: the whole seconds a thought took (or has taken so far), to the nearest
 * second; null when there were none, so an answer back in 150 ms reads 'Deeply thought', not '(1 s)'.
 */
export function thoughtSeconds(ms: number): number | null {
  const seconds = Math.round(ms / MS_PER_SECOND);
  return seconds >= 1 ? seconds : null;
}

/** A reply the visitor may rate or has rated: its rating buttons show (canRateReply, or already rated). */
export function showsRating(m: ChatMessage): boolean {
  return m.rating !== undefined || canRateReply(m);
}
