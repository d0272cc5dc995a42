import {
  concat,
  defer,
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  of,
  repeat,
  switchMap,
  takeUntil,
  timer,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { HTTP_TIMEOUT_MS, TITLE_TYPING_OFF_MS, TITLE_TYPING_ON_MS } from '../../constants';
import type { Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { titleTypingDue } from './predicates';

/** A phase's length: a whole number of ms from `min` up to `max`, drawn from `random` (a number in [0, 1)). */
export function phaseMs({ min, max }: { readonly min: number; readonly max: number }, random: () => number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * On for TITLE_TYPING_ON_MS, off for TITLE_TYPING_OFF_MS, again and again, each length drawn anew;
 * off for good after HTTP_TIMEOUT_MS (our choice): no robot answer is prepared longer than its call
 * may last (SPEC §7), and a timer without end would keep a virtual clock's flush() running for ever.
 */
function cycle(scheduler: SchedulerLike, random: () => number): Observable<boolean> {
  const phase = (on: boolean) => concat(of(on), timer(phaseMs(on ? TITLE_TYPING_ON_MS : TITLE_TYPING_OFF_MS, random), scheduler).pipe(ignoreElements()));
  const phases = defer(() => concat(phase(true), phase(false))).pipe(repeat());
  return concat(phases.pipe(takeUntil(timer(HTTP_TIMEOUT_MS, scheduler))), of(false));
}

/**
 * SPEC §9 title-typing simulation, "3-6 s on, 1-2 s off": while titleTypingDue (the robot prepares an
 * answer, or the agent types) the title shows typing at once, then pauses and shows it again, each
 * phase's length drawn from the injected random source; it stops (off) as soon as nothing is due, or
 * after HTTP_TIMEOUT_MS (20 s: no robot answer is prepared longer than its call may last).
 */
export const titleTyping: Effect = ({ state$, getState, scheduler, random }) =>
  state$.pipe(
    map(titleTypingDue),
    distinctUntilChanged(),
    switchMap((due) => (due ? cycle(scheduler, random) : of(false))),
    filter((on) => on !== getState().titleTyping),
    map((on): Intent => ({ type: 'titleTypingChanged', on })),
  );
