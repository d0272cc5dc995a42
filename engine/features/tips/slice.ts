import type { Handles } from '../../core/cases';
import { MAX_TIPS } from '../../constants';
import { tipsCurrent } from './predicates';

/** The robot's suggestions for the text being typed (SPEC §7 robotTips). */
export interface RobotTips {
  /** The question (the trimmed draft) they answer. */
  question: string;
  /** At most MAX_TIPS, trimmed, none blank, no two alike. */
  items: readonly string[];
}

/** The visitor's draft and the robot's suggestions for it (SPEC §7 robotTips). */
export interface TipsState {
  /** The composer's text as last reported (visitorTyping), '' once a message is sent. */
  draft: string;
  tips: RobotTips;
}

export type TipsResult =
  /** robotTips answered `tips` for `question`. */
  | { type: 'tipsLoaded'; question: string; tips: readonly string[] }
  /** robotTips failed (logged): the suggestions go, and the visitor is not told. */
  | { type: 'tipsFailed' };

const NO_TIPS: RobotTips = { question: '', items: [] };

export const initialTips: TipsState = { draft: '', tips: NO_TIPS };

/** The suggestions worth showing: trimmed, blank ones and repeats dropped, at most MAX_TIPS. */
export function cleanTips(tips: readonly string[]): string[] {
  const kept = new Set<string>();
  for (const tip of tips) {
    const text = tip.trim();
    if (text !== '') kept.add(text);
    if (kept.size === MAX_TIPS) break;
  }
  return [...kept];
}

export const tipsCases: Handles<'visitorTyping' | 'visitorSent' | 'tipsLoaded' | 'tipsFailed'> = {
  // A blank draft clears the suggestions; another keeps the last ones until its own answer comes.
  visitorTyping: (state, { text }) => (state.draft === text ? state : { ...state, draft: text, tips: text.trim() === '' ? NO_TIPS : state.tips }),
  // A send ends the draft and its suggestions (the composer empties; after a quick reply or a file
  // sent beside a draft, the composer's next change reports its text again).
  visitorSent: (state) => (state.draft === '' && state.tips === NO_TIPS ? state : { ...state, draft: '', tips: NO_TIPS }),
  tipsLoaded: (state, { question, tips }) => (tipsCurrent(state, question) ? { ...state, tips: { question, items: cleanTips(tips) } } : state),
  tipsFailed: (state) => (state.tips === NO_TIPS ? state : { ...state, tips: NO_TIPS }),
};
