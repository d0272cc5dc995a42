import type { ChatState } from '../../core/state';
import { robotAnswers } from '../robot/predicates';

/**
 * SPEC §7 robotTips (issue 25): the question suggestions are asked for — the visitor's draft,
 * trimmed — while the robot answers (robotAnswers, SPEC §4 Receive mode 0), a session is there (the
 * call carries its userId) and the draft is not blank; null otherwise.
 */
export function tipsQuestion(s: ChatState): string | null {
  const question = s.draft.trim();
  return question !== '' && s.session !== null && robotAnswers(s) ? question : null;
}

/** SPEC §7 robotTips: suggestions are asked (and shown) now. */
export function tipsAsked(s: ChatState): boolean {
  return tipsQuestion(s) !== null;
}

/** SPEC §7 robotTips: an answer for `question` is current only while the draft still asks it; a stale one is dropped. */
export function tipsCurrent(s: ChatState, question: string): boolean {
  return tipsQuestion(s) === question;
}

const NONE: readonly string[] = [];

/**
 * SPEC §7 robotTips: the suggestions shown now, at most MAX_TIPS (the slice keeps no more): the last
 * answer's, until a newer draft's answer replaces them; none while tips are not asked (agent mode, a
 * blank draft). The same array while nothing changes, so a UI may compare it by identity.
 */
export function shownTips(s: ChatState): readonly string[] {
  return tipsAsked(s) ? s.tips.items : NONE;
}
