import { distinctUntilChanged, map } from 'rxjs';
import type { Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';

/** The visibility port feeds the state (read receipts and the title notice depend on it). */
export const visibility: Effect = ({ visibility$ }) =>
  visibility$.pipe(
    distinctUntilChanged(),
    map((visible): Intent => ({ type: 'visibilityChanged', visible })),
  );
