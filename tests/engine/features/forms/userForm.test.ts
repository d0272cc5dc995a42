import { describe, expect, it } from 'vitest';
import { notify } from '#engine/core/effect';
import { type EffectOutput } from '#engine/core/intents';
import type { ChatState } from '#engine/core/state';
import { userForm } from '#engine/features/forms/userForm';
import { ChatStatus } from '#engine/model/codes';
import { ApiError } from '#engine/transport/errors';
import { answers, fakeApi } from '../../support/fakeApi';
import { USER_ID, at, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { intentsOf, readyState, runEffect, stateWith } from '../../support/effectSpec';

const VALUES = { userName: 'Ann', phone: '13800000000' };
const owed = (fields: Partial<ChatState> = {}) => readyState({ status: ChatStatus.FormCheck, userForm: 'required', ...fields });

/** Marble values: the visitor's submission, and what userForm answers with. */
const v = {
  f: { type: 'userFormSubmitted', values: VALUES },
  D: { type: 'userFormDone' },
  n: notify({ type: 'submissionFailed', form: 'userForm' }),
} satisfies Record<string, EffectOutput>;

describe('userForm effect: SPEC §4 chat status 1, §7 submitUserForm', () => {
  it('the owed form is sent with the userId; once it is done the start goes on', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ submitUserForm: () => cold('30ms (a|)', { a: undefined }) });
      const intents = intentsOf(cold, ' f 29ms -', v);
      const expected = '                - 29ms D';
      const run = runEffect(userForm, owed(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('submitUserForm')).toEqual([{ userName: 'Ann', phone: '13800000000', userId: USER_ID }]);
      expect(run.getState().userForm).toBe('done');
    });
  });

  it('a second submission while the first is on its way is ignored: one call', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ submitUserForm: () => cold('30ms (a|)', { a: undefined }) });
      const intents = intentsOf(cold, ' f 9ms f 19ms -', v);
      const expected = '                - 9ms - 19ms D';
      expectObservable(runEffect(userForm, owed(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('submitUserForm')).toBe(1);
    });
  });

  it("SPEC §8: a failed submission asks the UI for the 'submission failed' toast and the form stays owed; submitting again can succeed", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        submitUserForm: answers(cold('30ms #', undefined, new ApiError('submitUserForm', 500, 'form store down')), cold('(a|)', { a: undefined })),
      });
      const log = logSpy();
      // Submitted, failed; submitted again, and done:
      //                                0 ms   30 ms  100 ms
      const intents = intentsOf(cold, ' f 29ms - 69ms f', v);
      const expected = '                - 29ms n 69ms D';
      const run = runEffect(userForm, owed(), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      at(scheduler, 50, () => expect(run.getState().userForm).toBe('required'));
      flush();

      expect(logLines(log)).toEqual(['submitUserForm failed: form store down']);
      expect(run.getState().userForm).toBe('done');
    });
  });

  it.each<[string, ChatState]>([
    ['no form is owed', readyState()],
    ['the form was already submitted', owed({ userForm: 'done' })],
    ['there is no session', stateWith({ userForm: 'required' })],
  ])('nothing is sent when %s', (_when, start) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = intentsOf(cold, 'f', v);
      const expected = '               -';
      expectObservable(runEffect(userForm, start, intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});
