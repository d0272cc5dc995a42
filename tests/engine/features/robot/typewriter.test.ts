import { last, take } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { TYPEWRITER_INITIAL, TYPEWRITER_INTERVAL_MS, TYPEWRITER_MAX_MS, TYPEWRITER_STEP } from '#engine/constants';
import { typeOut, typedLength } from '#engine/features/robot/typewriter';
import { newScheduler } from '../../support/fixtures';

/** SPEC §9 Typewriter (80 ms interval, step 1, initial index 5) and our 2 s cap, in virtual time. */

describe('typeOut (SPEC §9 Typewriter)', () => {
  it("SPEC §9's numbers: 80 ms interval, step 1, initial index 5; the cap is 2 s (our choice)", () => {
    expect([TYPEWRITER_INTERVAL_MS, TYPEWRITER_STEP, TYPEWRITER_INITIAL, TYPEWRITER_MAX_MS]).toEqual([80, 1, 5, 2_000]);
  });

  it('shows 5 characters at once, then one more every 80 ms, and completes with the whole', () => {
    const s = newScheduler();
    s.run(({ expectObservable }) => {
      // 9 characters: 5 at 0, 6 at 80, 7 at 160, 8 at 240, 9 at 320, complete.
      expectObservable(typeOut(9, s)).toBe('a 79ms b 79ms c 79ms d 79ms (e|)', { a: 5, b: 6, c: 7, d: 8, e: 9 });
    });
  });

  it.each([0, 1, 4, 5])('a text of %i characters shows whole at once', (length) => {
    const s = newScheduler();
    s.run(({ expectObservable }) => {
      expectObservable(typeOut(length, s)).toBe('(a|)', { a: length });
    });
  });

  it('the cap: a 2,000-character answer takes steps of 80 and is whole at 2,000 ms (25 steps), not at 160 s', () => {
    const s = newScheduler();
    s.run(({ expectObservable }) => {
      const values: Record<string, number> = { a: 5 };
      // step = ceil((2000 − 5) / floor(2000 / 80)) = ceil(1995 / 25) = 80.
      const marbles = ['a'];
      for (let i = 1; i <= 25; i++) {
        const key = String.fromCharCode(97 + i);
        values[key] = Math.min(2_000, 5 + 80 * i);
        marbles.push(i === 25 ? `79ms (${key}|)` : `79ms ${key}`);
      }
      expectObservable(typeOut(2_000, s)).toBe(marbles.join(' '), values);
      expect(values.z).toBe(2_000);
    });
  });

  it('under the cap the step stays 1: 30 characters take 25 steps of 80 ms (2 s), 31 get a step of 2', () => {
    expect(typedLength(30, 1_920)).toBe(29);
    expect(typedLength(30, 2_000)).toBe(30);
    expect(typedLength(31, 80)).toBe(7);
    const s = newScheduler();
    s.run(({ expectObservable }) => {
      // 31: ceil(26 / 25) = 2 a step; 5 + 2·13 = 31 at 13 · 80 = 1,040 ms.
      expectObservable(typeOut(31, s).pipe(take(3))).toBe('a 79ms b 79ms (c|)', { a: 5, b: 7, c: 9 });
      expectObservable(typeOut(31, s).pipe(last())).toBe('1040ms (a|)', { a: 31 });
    });
  });

  it('every answer is whole within 2 s, whatever its length', () => {
    for (const length of [6, 29, 30, 31, 100, 999, 2_000, 10_000, 123_457]) {
      expect(typedLength(length, TYPEWRITER_MAX_MS)).toBe(length);
      expect(typedLength(length, TYPEWRITER_MAX_MS - TYPEWRITER_INTERVAL_MS)).toBeLessThanOrEqual(length);
    }
  });

  it('takes up a typewriter started earlier on its beat: 130 ms in, 6 at once, 7 at 30 ms, then every 80 ms', () => {
    const s = newScheduler();
    s.run(({ expectObservable }) => {
      expectObservable(typeOut(8, s, { elapsedMs: 130 })).toBe('a 29ms b 79ms (c|)', { a: 6, b: 7, c: 8 });
      // Started long ago: whole at once.
      expectObservable(typeOut(8, s, { elapsedMs: 60_000 })).toBe('(a|)', { a: 8 });
    });
  });

  it('unsubscribing stops it: no value after the unsubscription, no timer left', () => {
    const s = newScheduler();
    s.run(({ expectObservable, flush }) => {
      expectObservable(typeOut(20, s), '^ 200ms !').toBe('a 79ms b 79ms c', { a: 5, b: 6, c: 7 });
      flush();
      expect(s.actions.length).toBe(0);
    });
  });

  it('takes other paces: step 3 every 50 ms from 2', () => {
    const s = newScheduler();
    s.run(({ expectObservable }) => {
      expectObservable(typeOut(10, s, { intervalMs: 50, step: 3, initial: 2 })).toBe('a 49ms b 49ms c 49ms (d|)', { a: 2, b: 5, c: 8, d: 10 });
    });
  });
});
