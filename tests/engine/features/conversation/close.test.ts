import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { close } from '#engine/features/conversation/close';
import { ChatStatus } from '#engine/model/codes';
import { NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { runEffect, SESSION, stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, noticeLine } from '../../support/agentSide';

/** Marble values: the visitor ends the chat; the conversation says so; it is closed locally. */
const v = {
  e: { type: 'closeRequested' },
  n: { type: 'messageAdded', message: noticeLine('m1', 'visitorEnded', 0) },
  x: { type: 'chatClosed' },
} satisfies Record<string, Intent>;

describe('close effect: SPEC §7 chatClose — the visitor ends the chat', () => {
  it.each([
    ['with an agent (status 2)', ChatStatus.InConversation],
    ['waiting in the queue (status 3)', ChatStatus.Queued],
  ])(
    '%s: the conversation says it ended and it is closed locally at once (status 0, chatClosed), then chatClose with the userId and this page’s pollId (so the other tabs alone are told)',
    (_name, status) => {
      const scheduler = newScheduler();
      scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
        const chatClose$ = cold('100ms (a|)', { a: undefined });
        const api = fakeApi({ chatClose: () => chatClose$ });
        const intents = cold(' e    99ms -', v);
        const expected = '     (nx) 96ms -';
        const closeCall = '    ^    99ms !';
        const run = runEffect(close, agentState(status), intents, { api: api.api, scheduler });
        expectObservable(run.output$).toBe(expected, v);
        expectSubscriptions(chatClose$.subscriptions).toBe(closeCall);
        flush();

        expect(api.bodies('chatClose')).toEqual([{ userId: USER_ID, pollId: SESSION.pollId }]);
        expect(run.getState()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: true });
        expect(run.getState().messages.at(-1)?.notice).toEqual({ id: 'visitorEnded' });
      });
    },
  );

  it('once: asking again while chatClose runs, or after the chat closed, does nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ chatClose: () => cold('100ms (a|)', { a: undefined }) });
      const intents = cold(' e    49ms e 149ms e', v);
      const expected = '     (nx) 46ms - 149ms -';
      expectObservable(runEffect(close, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('chatClose')).toBe(1);
    });
  });

  it.each([
    ['no agent and no queue (status 0)', agentState(ChatStatus.NotStarted)],
    ['the user form check (status 1)', agentState(ChatStatus.FormCheck)],
    ['no session', stateWith({ channel: agentChannel(), status: ChatStatus.InConversation })],
  ])('nothing to end with %s: no call', (_name, start) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' e', v);
      const expected = '     -';
      expectObservable(runEffect(close, start, intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §8: a failed chatClose is only logged; the chat stays closed here', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ chatClose: () => cold<void>('100ms #', undefined, new NetworkError('chatClose', 'offline')) });
      const log = logSpy();
      const intents = cold(' e    99ms -', v);
      const expected = '     (nx) 96ms -';
      const run = runEffect(close, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['chatClose failed: offline']);
      expect(run.getState()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: true });
    });
  });
});
