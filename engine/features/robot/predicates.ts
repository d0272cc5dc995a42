import type { ChatState } from '../../core/state';
import { MsgType, ReceiveMode, SenderType } from '../../model/codes';
import { canChooseQuickReply, withAgent } from '../conversation/predicates';
import { noAgentCanAnswer, userFormRequired } from '../forms/predicates';
import type { ChatMessage } from '../../model/message';
import type { QuickReply } from '../../model/quickReply';
import { isLongText } from '../../model/longText';
import { findMessage, lastWord } from '../../model/timeline';
import type { RobotAnswer } from './answer';

/**
 * SPEC §4 Receive mode 0: the robot answers while the channel is robot-first, no agent session runs
 * and no user form is owed (chat status 0, or 1 once its form is done or when there is none).
 */
export function robotAnswers(s: ChatState): boolean {
  return s.channel?.receiveMode === ReceiveMode.RobotFirst && !withAgent(s) && !userFormRequired(s);
}

/**
 * Nobody would read a message sent now (issue 28): no agent can answer (noAgentCanAnswer) and no
 * robot answers either. The text the visitor sends becomes a left message instead: ChatEngine.sendText
 * opens the leave-message form with it.
 */
export function nobodyReads(s: ChatState): boolean {
  return noAgentCanAnswer(s) && !robotAnswers(s);
}

/**
 * SPEC §4 Receive mode 0: "each visitor message is followed by a pending robot answer" — every kind:
 * text, image, file, voice, video (robotAsk names the kind, docs/protocol.md "Streamed answers").
 */
export function asksRobot(m: ChatMessage | undefined): m is ChatMessage {
  return m !== undefined && m.senderType === SenderType.Visitor;
}

/** The robot answer asked on this page for visitor message `questionId`, with its message id; undefined when none was. */
export function answerOf(s: ChatState, questionId: string): readonly [id: string, answer: RobotAnswer] | undefined {
  for (const id in s.answers) {
    const a = s.answers[id] as RobotAnswer;
    if (a.questionId === questionId) return [id, a];
  }
  return undefined;
}

/** A robot answer under way: asked, and neither done nor failed (docs/protocol.md "Streamed answers"). */
export function answerRunning(a: RobotAnswer): boolean {
  return a.phase === 'pending' || a.phase === 'thinking' || a.phase === 'streaming';
}

/**
 * SPEC §9 Typewriter: an answer a UI types out — one that arrived whole (the JSON answer) on this
 * page and is done. A streamed answer already grows as it arrives, and history or a restored
 * message has no answer record: neither is typed. Nor is a long text (isLongText): it shows
 * collapsed at once, as history does, rather than typed out whole in 2 s.
 */
export function isTypedAnswer(a: RobotAnswer | null | undefined): a is RobotAnswer & { readonly arrivedWholeAt: number } {
  return a?.phase === 'done' && a.arrivedWholeAt !== undefined && !isLongText(a.text);
}

/**
 * SPEC §4 Thinking block: the robot still thinks — asked, no text yet (reasoning may be arriving);
 * the thinking ends when its text starts.
 */
export function answerThinking(a: RobotAnswer): boolean {
  return a.phase === 'pending' || a.phase === 'thinking';
}

/**
 * docs/protocol.md "Streamed answers": a failed answer (an error frame, a cut stream, an abort,
 * a stall) may be asked again, into the same bubble, while the robot answers (SPEC §4 Receive mode 0),
 * there is a session and its question is still in the conversation.
 */
export function canRetryAnswer(s: ChatState, id: string): boolean {
  const a = s.answers[id];
  return a?.phase === 'failed' && s.session !== null && robotAnswers(s) && findMessage(s.messages, a.questionId) !== undefined;
}

/**
 * SPEC §4 Rating of a reply: a finished robot answer — an `answermsg`, or a reply answered live on
 * this page (it carries thoughtMs), not one cut short (interrupted) — not yet rated: one choice, locked once chosen. Ratings stay
 * local, so history replies other than answers are not offered again after a reload.
 */
export function canRateReply(m: ChatMessage | undefined): m is ChatMessage {
  return (
    m !== undefined &&
    m.senderType === SenderType.Robot &&
    !m.awaiting &&
    !m.interrupted &&
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

const NONE: readonly QuickReply[] = [];

/** The replies each suggestion list leaves once those the visitor may not choose now are taken out (kept: one array per list). */
const choosable = new WeakMap<readonly QuickReply[], readonly QuickReply[]>();

/**
 * The quick replies offered now (SPEC §3 Quick reply): the newest robot message's suggestions, while
 * that message is the last word (system lines and auto-tips aside; once the visitor or an agent
 * speaks they are history; a FAQ message lists its questions in its bubble instead), without those
 * the visitor may not choose now (canChooseQuickReply: no transfer to a human while one is not
 * allowed). The same array while nothing changes, so a UI may compare it by identity.
 */
export function quickReplies(s: ChatState): readonly QuickReply[] {
  const m = lastWord(s.messages);
  if (!m || m.senderType !== SenderType.Robot || m.awaiting || m.msgType === MsgType.Faq || !m.suggestions) return NONE;
  const all = m.suggestions;
  if (all.every((reply) => canChooseQuickReply(s, reply))) return all;
  let some = choosable.get(all);
  if (!some) {
    some = all.filter((reply) => canChooseQuickReply(s, reply));
    choosable.set(all, some);
  }
  return some;
}
