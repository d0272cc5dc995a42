import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { visibility } from '#engine/features/signals/visibility';
import { newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';

/** Marble values: the visibility port's readings, and the intents they become. */
const seen = { t: true, f: false };
const v = {
  V: { type: 'visibilityChanged', visible: true },
  H: { type: 'visibilityChanged', visible: false },
} satisfies Record<string, Intent>;

describe('visibility effect: the page visibility port feeds the state (read receipts, SPEC §7 title notice)', () => {
  it('each change of the page visibility is told once; repeated readings are not', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const port = cold(' t 99ms t 99ms f 99ms f 99ms t', seen);
      const expected = '  V 99ms - 99ms H 99ms - 99ms V';
      const run = runEffect(visibility, readyState(), cold(''), { scheduler, visibility$: port });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().pageVisible).toBe(true);
    });
  });

  it('a page hidden from the start is known at once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const run = runEffect(visibility, readyState(), cold(''), { scheduler, visibility$: cold('f', seen) });
      expectObservable(run.output$).toBe('H', v);
      flush();

      expect(run.getState().pageVisible).toBe(false);
    });
  });
});
