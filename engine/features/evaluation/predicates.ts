import type { ChatState } from '../../core/state';
import { EvaluationStatus } from '../../model/codes';

/** SPEC §4 1202: the channel asks for an evaluation when a session ends (evaluateMode on). */
export function evaluatesAfterClose(s: ChatState): boolean {
  return s.channel?.evaluate ?? false;
}

/**
 * The visitor may open the evaluation: the chat with an agent was closed on a channel that
 * evaluates, and it is neither shown nor submitted. A visitor who never reached an agent (e.g.
 * transfer result 0, SPEC §4) has no conversation to rate.
 */
export function canEvaluate(s: ChatState): boolean {
  return s.chatClosed && s.metAgent && evaluatesAfterClose(s) && s.evaluation.status === EvaluationStatus.None;
}

/** The evaluation dialog is asked for (status 1): it may be submitted or dismissed. */
export function evaluationShown(s: ChatState): boolean {
  return s.evaluation.status === EvaluationStatus.Shown;
}
