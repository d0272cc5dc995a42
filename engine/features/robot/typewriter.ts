import { Observable, type SchedulerAction, type SchedulerLike } from 'rxjs';
import { TYPEWRITER_INITIAL, TYPEWRITER_INTERVAL_MS, TYPEWRITER_MAX_MS, TYPEWRITER_STEP } from '../../constants';

/** A typewriter's pace; SPEC §9's by default (constants TYPEWRITER_*). */
export interface TypewriterOptions {
  /** Between two steps, in ms (SPEC §9: 80). */
  intervalMs?: number;
  /** Characters added per step at least (SPEC §9: 1); larger for a long text, see `maxMs`. */
  step?: number;
  /** Characters shown at once (SPEC §9: 5). */
  initial?: number;
  /** The longest a text takes to type out (our choice: 2,000 ms): a longer text takes larger steps. */
  maxMs?: number;
}

interface Pace {
  readonly intervalMs: number;
  readonly step: number;
  readonly initial: number;
}

/**
 * The pace for a text of `length` characters: SPEC §9's interval and initial, and the step grown
 * (our choice) so that the steps after the initial ones fit in `maxMs` —
 * step = max(step, ceil((length − initial) / floor(maxMs / intervalMs))).
 */
function paceOf(length: number, o: TypewriterOptions): Pace {
  const intervalMs = Math.max(1, o.intervalMs ?? TYPEWRITER_INTERVAL_MS);
  const initial = Math.max(0, o.initial ?? TYPEWRITER_INITIAL);
  const steps = Math.max(1, Math.floor((o.maxMs ?? TYPEWRITER_MAX_MS) / intervalMs));
  const step = Math.max(1, o.step ?? TYPEWRITER_STEP, Math.ceil((length - initial) / steps));
  return { intervalMs, step, initial };
}

/** How many of `length` characters show after `ticks` steps at `pace` (all of them once it is done). */
const countAt = (length: number, { step, initial }: Pace, ticks: number): number => Math.min(length, initial + step * ticks);

/** How many of `length` characters a typewriter started `elapsedMs` ago shows (all of them once it is done). */
export function typedLength(length: number, elapsedMs: number, options: TypewriterOptions = {}): number {
  const pace = paceOf(length, options);
  return countAt(length, pace, Math.floor(Math.max(0, elapsedMs) / pace.intervalMs));
}

/**
 * A typewriter over a text of `length` characters, on `scheduler` (SPEC §9 Typewriter): emits how
 * many characters show — `initial` at once, then `step` more every `intervalMs`, the last emission
 * being `length` — and completes; a text no longer than `initial` shows whole at once. With
 * `elapsedMs` it takes up a typewriter started that long ago (a bubble shown again), at once
 * where that one is now, then on its beat. No run takes longer than `maxMs` (the step grows).
 * (One scheduled action rather than RxJS operators: the engine's chunk is on the widget's first screen.)
 */
export function typeOut(length: number, scheduler: SchedulerLike, options: TypewriterOptions & { elapsedMs?: number } = {}): Observable<number> {
  return new Observable<number>((subscriber) => {
    const pace = paceOf(length, options);
    const { intervalMs } = pace;
    const elapsed = Math.max(0, options.elapsedMs ?? 0);
    let ticks = Math.floor(elapsed / intervalMs);
    // Shows the count of this tick; false once it is the whole.
    const show = (): boolean => {
      const count = countAt(length, pace, ticks);
      subscriber.next(count);
      if (count < length) return true;
      subscriber.complete();
      return false;
    };
    if (!show()) return undefined;
    return scheduler.schedule(
      function tick(this: SchedulerAction<undefined>) {
        ticks += 1;
        if (show()) this.schedule(undefined, intervalMs);
      },
      (ticks + 1) * intervalMs - elapsed,
    );
  });
}
