import { describe, expect, it } from 'vitest';
import { HTTP_TIMEOUT_MS, TITLE_TYPING_OFF_MS, TITLE_TYPING_ON_MS } from '#engine/constants';
import type { Intent } from '#engine/core/intents';
import { titleTypingDue } from '#engine/features/signals/predicates';
import { phaseMs, titleTyping } from '#engine/features/signals/titleTyping';
import { askedAnswer } from '#engine/features/robot/answer';
import { ChatStatus } from '#engine/model/codes';
import { newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';
import { agentState } from '../../support/agentSide';

/** Just under 1: the longest phase. */
const TOP = 1 - Number.EPSILON;
/** A random source that gives `values` in turn (then 0), as Math.random would give any. */
const randoms =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

/** Marble values: what makes the title type (a robot answer prepared, the agent typing), what ends it, and the effect's phases. */
const v = {
  p: { type: 'robotPending', id: 'r1', questionId: 'q1', createdAt: 0 },
  a: { type: 'robotAnswered', id: 'r1', answer: { msgContent: 'We open at nine.' }, createdAt: 0 },
  f: { type: 'robotFailed', id: 'r1' },
  r: { type: 'robotStreamed', id: 'r1', delta: { type: 'reasoning', part: 'r', delta: 'Hours…' }, at: 0 },
  t: { type: 'robotStreamed', id: 'r1', delta: { type: 'text', part: 't', delta: 'We open' }, at: 0 },
  T: { type: 'agentTyping' },
  s: { type: 'agentTypingStopped' },
  M: { type: 'agentMessages', messages: [] },
  y: { type: 'titleTypingChanged', on: true },
  n: { type: 'titleTypingChanged', on: false },
} satisfies Record<string, Intent>;

describe('titleTyping effect: SPEC §9 title-typing simulation, 3-6 s on, 1-2 s off', () => {
  it('while the robot prepares an answer: on at once, then off and on again, each phase as long as the random source says', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      // On 3 s (random 0), off 1 s (0), on 6 s (just under 1), off 2 s (just under 1), on 4.5 s (0.5) …
      const random = randoms(0, 0, TOP, TOP, 0.5);
      //                     0   3 s          4 s         10 s         12 s   15 s
      const intents = cold(' p 2999ms -    999ms -    5999ms -    1999ms - 2999ms a', v);
      const expected = '     y 2999ms n    999ms y    5999ms n    1999ms y 2999ms n';
      expectObservable(runEffect(titleTyping, readyState(), intents, { scheduler, random }).output$).toBe(expected, v);
    });
  });

  it('a streamed answer: on while it thinks (reasoning arriving), off as soon as its text streams — the bubble shows the writing then', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' p 999ms r 999ms t 9999ms', v);
      const expected = '     y 999ms - 999ms n 9999ms -';
      expectObservable(runEffect(titleTyping, readyState(), intents, { scheduler, random: randoms() }).output$).toBe(expected, v);
    });
  });

  it.each([
    ['mid-phase, on', ' T 1999ms s 9999ms', ' y 1999ms n 9999ms -'],
    ['in an off phase', ' T 3499ms s 9999ms', ' y 2999ms n 499ms - 9999ms -'],
  ])('SPEC §4 event 1204: while the agent types; when the typing stops %s the title is off at once and stays off', (_when, marble, expected) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const run = runEffect(titleTyping, agentState(ChatStatus.InConversation), cold(marble, v), { scheduler, random: randoms() });
      expectObservable(run.output$).toBe(expected, v);
    });
  });

  it('a failed answer or the agent message ends it too; a second cause while one runs does not restart the cycle', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' p 999ms T 999ms f 999ms M', v);
      const expected = '     y 999ms - 999ms - 999ms n';
      expectObservable(runEffect(titleTyping, readyState(), intents, { scheduler, random: randoms() }).output$).toBe(expected, v);
    });
  });

  it(`stops after ${HTTP_TIMEOUT_MS} ms (a robot call's time-out) even if the answer never comes; no timer is left running`, () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      // The longest phases: on 6 s, off 2 s; the cap at 20 s falls in the third "on".
      const random = () => TOP;
      const intents = cold(' p 59s', v);
      const expected = '     y 5999ms n 1999ms y 5999ms n 1999ms y 3999ms n 39999ms -';
      expectObservable(runEffect(titleTyping, readyState(), intents, { scheduler, random }).output$).toBe(expected, v);
    });
  });

  it('nothing while nothing is due, and none of it stays on the clock', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(runEffect(titleTyping, readyState(), cold('10s'), { scheduler, random: randoms() }).output$).toBe('-', v);
    });
  });

  it('phase lengths are whole ms within the SPEC §9 bounds for every random number in [0, 1)', () => {
    for (const r of [0, 0.25, 0.5, 0.75, TOP]) {
      const on = phaseMs(TITLE_TYPING_ON_MS, () => r);
      const off = phaseMs(TITLE_TYPING_OFF_MS, () => r);
      expect(Number.isInteger(on) && on >= 3_000 && on <= 6_000).toBe(true);
      expect(Number.isInteger(off) && off >= 1_000 && off <= 2_000).toBe(true);
    }
    expect(phaseMs(TITLE_TYPING_ON_MS, () => 0)).toBe(3_000);
    expect(phaseMs(TITLE_TYPING_ON_MS, () => TOP)).toBe(6_000);
  });
});

describe('titleTypingDue (SPEC §9)', () => {
  const asked = askedAnswer('q1', 0);
  it('a robot answer prepared (asked, thinking: no text yet), or the agent typing; not once its text streams, nor when done or failed', () => {
    expect(titleTypingDue(readyState({ answers: { r1: asked } }))).toBe(true);
    expect(titleTypingDue(readyState({ answers: { r1: { ...asked, phase: 'thinking' } } }))).toBe(true);
    expect(titleTypingDue(agentState(ChatStatus.InConversation, { agentTyping: true }))).toBe(true);
    for (const phase of ['streaming', 'done', 'failed'] as const) expect(titleTypingDue(readyState({ answers: { r1: { ...asked, phase } } }))).toBe(false);
    expect(titleTypingDue(readyState())).toBe(false);
  });
});
