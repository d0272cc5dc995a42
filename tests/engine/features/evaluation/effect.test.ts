import { describe, expect, it } from 'vitest';
import { notify } from '#engine/core/effect';
import { type EffectOutput } from '#engine/core/intents';
import { evaluation } from '#engine/features/evaluation/effect';
import { EvaluationStatus } from '#engine/model/codes';
import { ApiError, NetworkError } from '#engine/transport/errors';
import { answers, fakeApi } from '../../support/fakeApi';
import { CHANNEL_ID, TENANT, USER_ID, at, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { intentsOf, readyState, runEffect, stateWith } from '../../support/effectSpec';

const STARS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const closed = () => readyState({ chatClosed: true });
const shown = (status: EvaluationStatus = EvaluationStatus.Shown) => readyState({ chatClosed: true, evaluation: { status, stars: STARS } });

/** Marble values: the visitor's (or the agent's) requests, and what evaluation answers with. */
const v = {
  e: { type: 'evaluationRequested' },
  d: { type: 'evaluationDismissed' },
  u: { type: 'evaluationSubmitted', star: 4, comment: 'Quick and kind' },
  i: { type: 'evaluationInfoLoaded', stars: STARS },
  D: { type: 'evaluationDone' },
  n: notify({ type: 'submissionFailed', form: 'evaluation' }),
} satisfies Record<string, EffectOutput>;

describe('evaluation effect: SPEC §4 Evaluation status 1 shown, §7 getEvaluateInfo', () => {
  it('showing the dialog loads the star labels (tenantId, channelId) once: showing it again asks nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getEvaluateInfo: () => cold('10ms (i|)', { i: { starList: STARS } }) });
      // Shown, labels loaded, dismissed, shown again:
      //                                0 ms  10 ms 20 ms 30 ms
      const intents = intentsOf(cold, ' e 9ms - 9ms d 9ms e', v);
      const expected = '                - 9ms i 9ms - 9ms -';
      const run = runEffect(evaluation, closed(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('getEvaluateInfo')).toEqual([{ tenantId: TENANT, channelId: CHANNEL_ID }]);
      expect(run.getState().evaluation).toEqual({ status: EvaluationStatus.Shown, stars: STARS });
    });
  });

  it('a failed getEvaluateInfo is only logged (the dialog shows unlabelled stars); the next showing asks again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        getEvaluateInfo: answers(cold('10ms #', undefined, new ApiError('getEvaluateInfo', 500, 'no config')), cold('10ms (i|)', { i: { starList: STARS } })),
      });
      const log = logSpy();
      const intents = intentsOf(cold, ' e 9ms - 9ms d 9ms e 9ms -', v);
      const expected = '                - 9ms - 9ms - 9ms - 9ms i';
      expectObservable(runEffect(evaluation, closed(), intents, { api: api.api, scheduler, log }).output$).toBe(expected, v);
      flush();

      expect(api.count('getEvaluateInfo')).toBe(2);
      expect(logLines(log)).toEqual(['getEvaluateInfo failed: no config']);
    });
  });

  it('before the channel is known no labels are asked for', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = intentsOf(cold, 'e', v);
      const expected = '               -';
      expectObservable(runEffect(evaluation, stateWith(), intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});

describe('evaluation effect: SPEC §4 Evaluation status 2 submitted, §7 evaluate', () => {
  it('submitting the shown dialog sends userId, star and comment; the evaluation is then submitted', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ evaluate: () => cold('50ms (a|)', { a: undefined }) });
      const intents = intentsOf(cold, ' u 49ms -', v);
      const expected = '                - 49ms D';
      const run = runEffect(evaluation, shown(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('evaluate')).toEqual([{ userId: USER_ID, star: 4, comment: 'Quick and kind' }]);
      expect(run.getState().evaluation.status).toBe(EvaluationStatus.Submitted);
    });
  });

  it('a second submit while the first is on its way is ignored: one evaluate', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ evaluate: () => cold('50ms (a|)', { a: undefined }) });
      const intents = intentsOf(cold, ' u 9ms u 39ms -', v);
      const expected = '                - 9ms - 39ms D';
      expectObservable(runEffect(evaluation, shown(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('evaluate')).toBe(1);
    });
  });

  it("SPEC §8: a failed evaluate asks the UI for the 'submission failed' toast and keeps the dialog shown; submitting again can succeed", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ evaluate: answers(cold('50ms #', undefined, new NetworkError('evaluate', 'evaluate: offline')), cold('(a|)', { a: undefined })) });
      const log = logSpy();
      // Submitted, failed; submitted again, and done:
      //                                0 ms   50 ms  100 ms
      const intents = intentsOf(cold, ' u 49ms - 49ms u', v);
      const expected = '                - 49ms n 49ms D';
      const run = runEffect(evaluation, shown(), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      at(scheduler, 60, () => expect(run.getState().evaluation.status).toBe(EvaluationStatus.Shown));
      flush();

      expect(logLines(log)).toEqual(['evaluate failed: evaluate: offline']);
      expect(run.getState().evaluation.status).toBe(EvaluationStatus.Submitted);
    });
  });

  it.each([
    ['not shown (status 0)', EvaluationStatus.None],
    ['already submitted (status 2)', EvaluationStatus.Submitted],
  ])('a submission while the dialog is %s sends nothing', (_when, status) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = intentsOf(cold, 'u', v);
      const expected = '               -';
      expectObservable(runEffect(evaluation, shown(status), intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});
