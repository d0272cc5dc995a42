import { map, type Observable } from 'rxjs';
import type { EffectOutput, Intent } from '../../../engine/core/intents';
import type { ChatSession } from '../../../engine/features/bootstrap/slice';
import { USER_ID, type RunHelpers } from './fixtures';

/**
 * Support of the visitor-side effect specs (bootstrap, history, robot, evaluation, forms): the
 * session they start from, and the intents line of a spec whose `v` also names notify outputs.
 */

/** The session of readyState (chatStart's answer, SPEC §3). */
export const SESSION: ChatSession = { userId: USER_ID, sessionId: 's-1', pollId: 'p-1' };

/**
 * The intents of a cold marble read with the spec's one `v` object, which also names the UI's
 * notify events the effect emits (those are outputs: one on the intents line is a mistake of the spec).
 */
export function intentsOf(cold: RunHelpers['cold'], marble: string, values: Readonly<Record<string, EffectOutput>>): Observable<Intent> {
  return cold(marble, values).pipe(
    map((output) => {
      if (output.type === 'notify') throw new Error(`a notify event is an output of the effect, not an intent: ${output.event.type}`);
      return output;
    }),
  );
}

/**
 * The UI's commands at the moments of a cold marble, to write on the line above the expected
 * marble, aligned with it: each value is called when the marble emits it. Call it after
 * expectObservable, so that a command of frame 0 comes after the subscription.
 */
export function drive(cold: RunHelpers['cold'], marble: string, commands: Readonly<Record<string, () => void>>): void {
  cold(marble, commands).subscribe((command) => command());
}
