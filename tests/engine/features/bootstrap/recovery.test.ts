import { defer, distinctUntilChanged, map, of, throwError, type SchedulerLike } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { recovery } from '#engine/features/bootstrap/recovery';
import { watchSession } from '#engine/features/bootstrap/sessionWatch';
import { ChatStatus } from '#engine/model/codes';
import type { SendMsgData } from '#engine/protocol';
import { ApiError, NetworkError } from '#engine/transport/errors';
import type { EventBatch, VisitorApi } from '#engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { CHANNEL_ID, USER_ID, logLines, logSpy, newScheduler, session, type RunHelpers } from '../../support/fixtures';
import { SESSION, runEffect, type EffectRun } from '../../support/effectSpec';
import { agentState } from '../../support/agentSide';

const NEW_SESSION = session({ sessionId: 's-2', pollId: 'p-2', status: ChatStatus.InConversation });
const FORGOTTEN = new ApiError('getEventMsg', 404, 'visitor not found, call chatStart first');

/** Marble values: the pollIds lost$ reports, and what recovery makes of them. */
const lost = { p: 'p-1', o: 'p-0', q: 'p-2' };
const v = {
  L: { type: 'sessionLost', pollId: 'p-1' },
  O: { type: 'sessionLost', pollId: 'p-0' },
  Q: { type: 'sessionLost', pollId: 'p-2' },
  R: { type: 'sessionResumed', session: { userId: USER_ID, sessionId: 's-2', pollId: 'p-2' }, status: ChatStatus.InConversation },
} satisfies Record<string, Intent>;

/** state.reconnecting as a marble: f false, t true. */
const reconnectingOf = (run: EffectRun) =>
  run.ctx.state$.pipe(
    map((s) => (s.reconnecting ? 't' : 'f')),
    distinctUntilChanged(),
  );
const FLAG = { f: 'f', t: 't' };

/**
 * A chatStart that fails `failures` times, then answers with the new session; `tries` are the times
 * it was tried (subscribed), whether each try is a new call or the same call subscribed again.
 */
function failingTimes(scheduler: SchedulerLike, failures: number, error: Error) {
  const tries: number[] = [];
  const attempt$ = defer(() => {
    tries.push(scheduler.now());
    return tries.length <= failures ? throwError(() => error) : of(NEW_SESSION);
  });
  return { tries, call: () => attempt$ };
}

/** chatStart answering with the new session after `delay` (a marble time, e.g. '100ms '). */
const starts = (cold: RunHelpers['cold'], delay = '') => cold(`${delay}(s|)`, { s: NEW_SESSION });

describe('recovery effect: a session the backend forgot is started again for the same visitor (docs/protocol.md "Session recovery")', () => {
  it('the current session lost: sessionLost (reconnecting), then chatStart with the same userId, then sessionResumed with the new session', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ chatStart: () => starts(cold, '100ms ') });
      const sessionLost$ = cold('1000ms p', lost);
      //                1 s          1.1 s
      const expected = '1000ms L 99ms R';
      const reconnecting = '   f 999ms t 99ms f';
      const run = runEffect(recovery, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, sessionLost$ });
      expectObservable(reconnectingOf(run)).toBe(reconnecting, FLAG);
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('chatStart')).toEqual([expect.objectContaining({ channelId: CHANNEL_ID, userId: USER_ID })]);
      expect(run.getState()).toMatchObject({ reconnecting: false, session: v.R.session, phase: 'ready' });
    });
  });

  it('the loss of an older session (a late failure of a call made in it) changes nothing: no chatStart', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const sessionLost$ = cold('1000ms o', lost);
      const expected = '1000ms O';
      const run = runEffect(recovery, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, sessionLost$ });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.count('chatStart')).toBe(0);
      expect(run.getState()).toMatchObject({ reconnecting: false, session: SESSION });
    });
  });

  it('before the chat is ready (no session yet) a loss changes nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const sessionLost$ = cold('1000ms p', lost);
      const expected = '1000ms L';
      const starting = agentState(ChatStatus.NotStarted, { phase: 'starting', session: null });
      const run = runEffect(recovery, starting, cold(''), { api: api.api, scheduler, sessionLost$ });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.count('chatStart')).toBe(0);
      expect(run.getState().reconnecting).toBe(false);
    });
  });

  it('a failing chatStart is tried again 1 s, 2 s, then 4 s later, each failure logged; the fourth try succeeds', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const chatStart = failingTimes(scheduler, 3, new NetworkError('chatStart', 'offline'));
      const api = fakeApi({ chatStart: chatStart.call });
      const log = logSpy();
      const sessionLost$ = cold('1000ms p', lost);
      //                1 s           2 s         4 s         8 s
      const expected = '1000ms L 999ms - 1999ms - 3999ms R';
      const run = runEffect(recovery, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, sessionLost$, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(chatStart.tries).toEqual([1000, 2000, 4000, 8000]);
      expect(logLines(log)).toEqual([
        'chatStart failed while reconnecting, next try in 1000 ms: offline',
        'chatStart failed while reconnecting, next try in 2000 ms: offline',
        'chatStart failed while reconnecting, next try in 4000 ms: offline',
      ]);
      expect(api.bodies('chatStart').every((b) => b.userId === USER_ID)).toBe(true);
    });
  });

  it('the wait doubles up to 30 s: 1, 2, 4, 8, 16, then 30 and 30 s; the chat stays reconnecting meanwhile', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const chatStart = failingTimes(scheduler, 7, new ApiError('chatStart', 503, 'restarting'));
      const api = fakeApi({ chatStart: chatStart.call });
      const sessionLost$ = cold('p', lost);
      const run = runEffect(recovery, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, sessionLost$ });
      //                    0 s            91 s
      const reconnecting = '(ft) 90996ms f';
      const expected = '    L 90999ms R';
      expectObservable(reconnectingOf(run)).toBe(reconnecting, FLAG);
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(chatStart.tries).toEqual([0, 1000, 3000, 7000, 15_000, 31_000, 61_000, 91_000]);
    });
  });

  it('several losses while reconnecting (every call of the lost session fails) make one chatStart; a late one after it is old news', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const slow = starts(cold, '1000ms ');
      const api = fakeApi({ chatStart: answers(slow) });
      //                            0.1 s   0.2 s   1 s      1.5 s
      const sessionLost$ = cold('   p 99ms p 99ms p 799ms - 499ms p', lost);
      const expected = '            L 99ms L 99ms L 799ms R 499ms L';
      const run = runEffect(recovery, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, sessionLost$ });
      expectObservable(run.output$).toBe(expected, v);
      expectSubscriptions(slow.subscriptions).toBe('^ 999ms !');
      flush();

      expect(api.count('chatStart')).toBe(1);
      expect(run.getState()).toMatchObject({ reconnecting: false, session: v.R.session });
    });
  });

  it('the new session lost in its turn is started again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const third = session({ sessionId: 's-3', pollId: 'p-3', status: ChatStatus.InConversation });
      const api = fakeApi({ chatStart: answers(starts(cold), cold('(s|)', { s: third })) });
      const sessionLost$ = cold('p 999ms q', lost);
      const expected = '(LR) 996ms (QS)';
      const values = {
        ...v,
        S: { type: 'sessionResumed', session: { userId: USER_ID, sessionId: 's-3', pollId: 'p-3' }, status: ChatStatus.InConversation },
      } satisfies Record<string, Intent>;
      const run = runEffect(recovery, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, sessionLost$ });
      expectObservable(run.output$).toBe(expected, values);
      flush();

      expect(api.count('chatStart')).toBe(2);
      expect(run.getState().session?.pollId).toBe('p-3');
    });
  });
});

describe('watchSession: a call made within a session that finds it forgotten is reported once, to recovery', () => {
  it('a 404 from sendMsg makes lost$ emit the pollId current when the call was made (not when it failed); the error still reaches the caller', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const error = new ApiError('sendMsg', 404, 'visitor not found');
      const fake = fakeApi({ sendMsg: () => cold<SendMsgData>('100ms #', undefined, error) });
      let pollId: string | undefined = 'p-1';
      const watched = watchSession(fake.api, () => pollId);
      const call$ = watched.api.sendMsg({ userId: USER_ID, senderType: 1, msgType: 1, msgContent: 'hi' });
      // A new session before the failure: the failure is news of the session the call was made in.
      pollId = 'p-2';
      //                0 s    0.1 s
      const expected = '100ms p';
      expectObservable(watched.lost$).toBe(expected, lost);
      expectObservable(call$).toBe('100ms #', undefined, error);
      flush();

      expect(fake.bodies('sendMsg')).toEqual([{ userId: USER_ID, senderType: 1, msgType: 1, msgContent: 'hi' }]);
    });
  });

  it('every session call is watched: getEventMsg, msgComplete, transferAgent, upload … with a forgotten-session message of any code', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const unknown = new ApiError('msgComplete', 400, 'Unknown session');
      const fake = fakeApi({
        getEventMsg: () => cold<EventBatch>('#', undefined, FORGOTTEN),
        msgComplete: () => cold<void>('10ms #', undefined, unknown),
        transferAgent: () => cold('20ms #', undefined, new ApiError('transferAgent', 404, 'gone')),
      });
      const watched = watchSession(fake.api, () => 'p-1');
      const expected = 'p 9ms p 9ms p';
      expectObservable(watched.lost$).toBe(expected, lost);
      watched.api.getEventMsg({ userId: USER_ID, pollId: 'p-1', lastEventId: '' }).subscribe({ error: () => undefined });
      watched.api.msgComplete({ userId: USER_ID, pollId: 'p-1' }).subscribe({ error: () => undefined });
      watched.api.transferAgent({ userId: USER_ID }).subscribe({ error: () => undefined });
    });
  });

  it('a 404 from channelInfo or chatStart (the calls that make a session) is not a loss; other failures of session calls neither', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = fakeApi({
        channelInfo: () => cold('#', undefined, new ApiError('channelInfo', 404, 'unknown channel')),
        chatStart: () => cold('#', undefined, new ApiError('chatStart', 404, 'visitor not found')),
        sendMsg: () => cold('#', undefined, new ApiError('sendMsg', 500, 'internal error')),
        getEventMsg: () => cold('#', undefined, new NetworkError('getEventMsg', 'offline')),
      });
      const watched = watchSession(fake.api, () => 'p-1');
      expectObservable(watched.lost$).toBe('-', lost);
      const quiet = { error: () => undefined };
      watched.api.channelInfo({ id: CHANNEL_ID }).subscribe(quiet);
      watched.api.chatStart({ channelId: CHANNEL_ID }).subscribe(quiet);
      watched.api.sendMsg({ userId: USER_ID, senderType: 1, msgType: 1, msgContent: 'hi' }).subscribe(quiet);
      watched.api.getEventMsg({ userId: USER_ID, pollId: 'p-1' }).subscribe(quiet);
    });
  });

  // getEvaluateInfo is a channel call (tenantId, channelId; no visitor): a channel without evaluation
  // settings answering 404 is no forgotten session.
  it('a 404 from getEvaluateInfo (a channel call: tenantId and channelId, no visitor) is not a loss', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = fakeApi({ getEvaluateInfo: () => cold('#', undefined, new ApiError('getEvaluateInfo', 404, 'no evaluation settings')) });
      const watched = watchSession(fake.api, () => 'p-1');
      expectObservable(watched.lost$).toBe('-', lost);
      watched.api.getEvaluateInfo({ tenantId: 't1', channelId: CHANNEL_ID }).subscribe({ error: () => undefined });
    });
  });

  it('no loss before any session (no pollId), and answers pass through untouched', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = fakeApi({
        getEventMsg: answers(cold<EventBatch>('#', undefined, FORGOTTEN), cold('(b|)', { b: { events: [] } })),
      });
      const watched = watchSession(fake.api, () => undefined);
      expectObservable(watched.lost$).toBe('-', lost);
      expectObservable(watched.api.getEventMsg({ userId: USER_ID, pollId: 'p-1' })).toBe('#', undefined, FORGOTTEN);
      expectObservable(watched.api.getEventMsg({ userId: USER_ID, pollId: 'p-1' })).toBe('(b|)', { b: { events: [] } });
    });
  });

  it('a synchronous throw of the api still throws to the caller (a session call or not), and reports nothing', () => {
    const boom = new ApiError('sendMsg', 404, 'visitor not found');
    const api = {
      sendMsg: () => {
        throw boom;
      },
      channelInfo: () => {
        throw new Error('no channel');
      },
    } as unknown as VisitorApi;
    const watched = watchSession(api, () => 'p-1');
    const heard: string[] = [];
    watched.lost$.subscribe((p) => heard.push(p));

    expect(() => watched.api.sendMsg({ userId: USER_ID, senderType: 1, msgType: 1, msgContent: 'hi' })).toThrow(boom);
    expect(() => watched.api.channelInfo({ id: CHANNEL_ID })).toThrow('no channel');
    expect(heard).toEqual([]);
  });

  it('the methods run on the api itself (this), whether watched or not', () => {
    class Api {
      readonly answer = 'from the api';
      chatStart() {
        return of(this.answer);
      }
      sendMsg() {
        return of(this.answer);
      }
    }
    const watched = watchSession(new Api() as unknown as VisitorApi, () => 'p-1');
    const heard: unknown[] = [];
    watched.api.chatStart({ channelId: CHANNEL_ID }).subscribe((x) => heard.push(x));
    watched.api.sendMsg({ userId: USER_ID, senderType: 1, msgType: 1, msgContent: 'hi' }).subscribe((x) => heard.push(x));
    expect(heard).toEqual(['from the api', 'from the api']);
  });
});
