import type { Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import { COUNTDOWN_OFF } from '../../model/codes';
import { showsCountdowns } from './predicates';

/** SPEC §4 Timeouts. */
export interface CountdownsState {
  /** Seconds left of each countdown, COUNTDOWN_OFF (−1) when off. */
  countdown: { agent: number; visitor: number };
}

export type CountdownsResult =
  /** A new countdown starts (or both stop): the 1 s tick restarts. */
  | { type: 'countdownSet'; agent: number; visitor: number }
  /** The seconds left of each countdown, read from the clock at a tick. */
  | { type: 'countdownTick'; agent: number; visitor: number };

export const initialCountdowns: CountdownsState = { countdown: { agent: COUNTDOWN_OFF, visitor: COUNTDOWN_OFF } };

/** The countdowns shown; the state itself when they are already (an agent message each sets them again: no state change for it). */
const show = (state: ChatState, { agent, visitor }: CountdownsState['countdown']): ChatState =>
  showsCountdowns(state, { agent, visitor }) ? state : { ...state, countdown: { agent, visitor } };

export const countdownsCases: Handles<'countdownSet' | 'countdownTick'> = { countdownSet: show, countdownTick: show };
