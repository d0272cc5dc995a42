import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import type { WireEvent } from '#engine/protocol';
import { ChatStatus } from '#engine/model/codes';
import { NetworkError } from '#engine/transport/errors';
import type { EventBatch } from '#engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { batch, ev } from '../../support/agentApi';
import { agentState, batchesOf } from '../../support/agentSide';

const SESSION = { userId: USER_ID, sessionId: 's-1', pollId: 'p-1' };

/** Marble values: a poll's answer. */
const polled = { b: batch() };
/** Marble values: the intents that move the status in and out of 2/3. */
const v = {
  c: { type: 'agentConnected' },
  x: { type: 'chatClosed' },
  R: { type: 'agentRefused' },
  n: { type: 'sessionStarted', session: { ...SESSION, pollId: 'p-2' }, status: ChatStatus.InConversation },
} satisfies Record<string, Intent>;

describe('agent event polling: SPEC §7 getEventMsg every 2000 ms after the previous reply, while the status is 2 or 3', () => {
  it('polls at once with the userId and pollId, then 2000 ms after each reply: a 3 s reply delays the next poll, never two in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const fast$ = cold('(b|)', polled);
      const slow$ = cold('3000ms (b|)', polled);
      const hanging$ = cold<EventBatch>('-');
      const api = fakeApi({ getEventMsg: answers(fast$, slow$, fast$, hanging$) });
      //                    0 s      2 s      5 s      7 s      9 s
      const expected = '    b 1999ms - 2999ms b 1999ms b 1999ms -';
      const slowCall = '    - 1999ms ^ 2999ms !';
      const fastCalls = ['                   (^!)', '                   - 1999ms - 2999ms - 1999ms (^!)'];
      const hangingCall = ' - 1999ms - 2999ms - 1999ms - 1999ms ^';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler })).toBe(expected, polled);
      expectSubscriptions(slow$.subscriptions).toBe(slowCall);
      expectSubscriptions(fast$.subscriptions).toBe(fastCalls);
      expectSubscriptions(hanging$.subscriptions).toBe(hangingCall);
      flush();

      expect(api.bodies('getEventMsg')[0]).toEqual({ userId: USER_ID, pollId: 'p-1', lastEventId: '' });
    });
  });

  it('SPEC §4 chat status 3: polls while waiting in the queue too', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ getEventMsg: answers(cold('(b|)', polled), cold<EventBatch>('-')) });
      const expected = 'b';
      expectObservable(batchesOf(agentState(ChatStatus.Queued), cold(''), { api: api.api, scheduler })).toBe(expected, polled);
    });
  });

  it.each([
    ['0 (not started)', ChatStatus.NotStarted],
    ['1 (the user form check)', ChatStatus.FormCheck],
  ])('SPEC §4 chat status %s: no polling', (_name, status) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const expected = '-';
      expectObservable(batchesOf(agentState(status), cold(''), { scheduler })).toBe(expected, polled);
    });
  });

  it('starts when the agent connects, and stops when the chat closes: the poll in flight is dropped', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const fast$ = cold('(b|)', polled);
      const slow$ = cold('3000ms (b|)', polled);
      const api = fakeApi({ getEventMsg: answers(fast$, slow$) });
      //                              1 s      3 s     4 s
      const intents = cold('  - 999ms c 1999ms - 999ms x', v);
      const expected = '      - 999ms b 1999ms - 999ms -';
      const fastCall = '      - 999ms (^!)';
      const slowCall = '      - 999ms - 1999ms ^ 999ms !';
      expectObservable(batchesOf(agentState(ChatStatus.NotStarted), intents, { api: api.api, scheduler })).toBe(expected, polled);
      expectSubscriptions(fast$.subscriptions).toBe(fastCall);
      expectSubscriptions(slow$.subscriptions).toBe(slowCall);
      flush();

      expect(api.count('getEventMsg')).toBe(2);
    });
  });

  it('SPEC §4 event 1208: stops when the agent refuses', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow$ = cold('3000ms (b|)', polled);
      const api = fakeApi({ getEventMsg: () => slow$ });
      const intents = cold('  - 999ms R', v);
      const expected = '      - 999ms -';
      const slowCall = '      ^ 999ms !';
      expectObservable(batchesOf(agentState(ChatStatus.Queued), intents, { api: api.api, scheduler })).toBe(expected, polled);
      expectSubscriptions(slow$.subscriptions).toBe(slowCall);
    });
  });

  it('from the queue to the conversation (3 → 2) the same loop goes on: the poll in flight is kept', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow$ = cold('1000ms (b|)', polled);
      const hanging$ = cold<EventBatch>('-');
      const api = fakeApi({ getEventMsg: answers(slow$, hanging$) });
      //                      0 s     0.5 s   1 s      3 s
      const intents = cold('  - 499ms c 499ms - 1999ms -', v);
      const expected = '      - 499ms - 499ms b 1999ms -';
      const slowCall = '      ^ 499ms - 499ms !';
      const hangingCall = '   - 499ms - 499ms - 1999ms ^';
      expectObservable(batchesOf(agentState(ChatStatus.Queued), intents, { api: api.api, scheduler })).toBe(expected, polled);
      expectSubscriptions(slow$.subscriptions).toBe(slowCall);
      expectSubscriptions(hanging$.subscriptions).toBe(hangingCall);
    });
  });

  it('a new session (another pollId) restarts polling with it at once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const slow$ = cold('1000ms (b|)', polled);
      const hanging$ = cold<EventBatch>('-');
      const api = fakeApi({ getEventMsg: answers(slow$, hanging$) });
      const intents = cold('  - 499ms n', v);
      const expected = '      - 499ms -';
      const slowCall = '      ^ 499ms !';
      const hangingCall = '   - 499ms ^';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler })).toBe(expected, polled);
      expectSubscriptions(slow$.subscriptions).toBe(slowCall);
      expectSubscriptions(hanging$.subscriptions).toBe(hangingCall);
      flush();

      expect(api.bodies('getEventMsg')).toEqual([
        { userId: USER_ID, pollId: 'p-1', lastEventId: '' },
        { userId: USER_ID, pollId: 'p-2', lastEventId: '' },
      ]);
    });
  });

  it('SPEC §7: a failed poll is logged, and the loop goes on 2000 ms later', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const failing$ = cold<EventBatch>('100ms #', undefined, new NetworkError('getEventMsg', 'offline'));
      const fast$ = cold('(b|)', polled);
      const api = fakeApi({ getEventMsg: answers(failing$, fast$, cold<EventBatch>('-')) });
      const log = logSpy();
      //                    0 s    0.1 s    2.1 s
      const expected = '    - 99ms - 1999ms b';
      const failingCall = ' ^ 99ms !';
      const fastCall = '    - 99ms - 1999ms (^!)';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, log })).toBe(expected, polled);
      expectSubscriptions(failing$.subscriptions).toBe(failingCall);
      expectSubscriptions(fast$.subscriptions).toBe(fastCall);
      flush();

      expect(logLines(log)).toEqual(['getEventMsg failed: offline']);
    });
  });
});

/** An event carrying an eventId (docs/protocol.md "Event acknowledgement"); a number as some backends send it. */
const withEventId = (event: WireEvent, eventId: string | number): WireEvent => ({ ...event, eventId: eventId as string });

describe('agent event polling: each poll acknowledges the events received (lastEventId); an event received twice is dropped', () => {
  it("lastEventId is '' at first, then the last eventId of the previous answers: kept over an answer without eventIds, a number read as its text", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const answered = {
        a: batch(withEventId(ev.typing(), 'e1'), withEventId(ev.message('a1'), 'e2')),
        b: batch(ev.typing()),
        c: batch(),
        d: batch(withEventId(ev.message('a2'), 7), ev.typing()),
        e: batch(withEventId(ev.message('a3'), 8)),
      };
      const api = fakeApi({
        getEventMsg: answers(
          cold('(a|)', answered),
          cold('(b|)', answered),
          cold('(c|)', answered),
          cold('(d|)', answered),
          cold('(e|)', answered),
          cold<EventBatch>('-'),
        ),
      });
      //                0 s    2 s      4 s      6 s      8 s      10 s
      const expected = 'a 1999ms b 1999ms c 1999ms d 1999ms e 1999ms -';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler })).toBe(expected, answered);
      flush();

      expect(api.bodies('getEventMsg').map((b) => b.lastEventId)).toEqual(['', 'e2', 'e2', 'e2', '7', '8']);
      expect(api.bodies('getEventMsg').every((b) => b.userId === USER_ID && b.pollId === 'p-1')).toBe(true);
    });
  });

  it('an event re-sent because its acknowledgement did not get through (same eventId) is dropped, in a later answer or the same one; events without eventId always pass', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const e1 = withEventId(ev.message('a1'), 'e1');
      const e2 = withEventId(ev.typing(), 'e2');
      const e3 = withEventId(ev.message('a3'), 'e3');
      const answered = {
        a: batch(e1, e2, ev.typing()),
        b: batch(e2, e3, e3, ev.typing()),
        c: batch(withEventId(ev.message('a1'), 1), e1),
      };
      const api = fakeApi({ getEventMsg: answers(cold('(a|)', answered), cold('(b|)', answered), cold('(c|)', answered), cold<EventBatch>('-')) });
      const dispatched = {
        a: batch(e1, e2, ev.typing()),
        b: batch(e3, ev.typing()),
        // eventId 1 is new ('1' ≠ 'e1'); e1 was received at 0 s.
        c: batch(withEventId(ev.message('a1'), 1)),
      };
      //                0 s    2 s      4 s
      const expected = 'a 1999ms b 1999ms c';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler })).toBe(expected, dispatched);
      flush();

      // The last new eventId is acknowledged: a repeat of an older event does not move it back.
      expect(api.bodies('getEventMsg').map((b) => b.lastEventId)).toEqual(['', 'e2', 'e3', '1']);
    });
  });

  it("a new session (another pollId, e.g. resumed after a loss) starts again from '': its events are new even with ids the old poll had", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const e5 = withEventId(ev.message('a5'), '5');
      const answered = { a: batch(e5), b: batch(e5, withEventId(ev.typing(), '6')) };
      const api = fakeApi({ getEventMsg: answers(cold('(a|)', answered), cold('(b|)', answered), cold<EventBatch>('-')) });
      const resumed = { r: { type: 'sessionResumed', session: { ...SESSION, pollId: 'p-2' }, status: ChatStatus.InConversation } } satisfies Record<
        string,
        Intent
      >;
      //                      0 s    1 s      3 s
      const intents = cold('  - 999ms r 1999ms -', resumed);
      const expected = '      a 999ms b 1999ms -';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler })).toBe(expected, answered);
      flush();

      expect(api.bodies('getEventMsg')).toEqual([
        { userId: USER_ID, pollId: 'p-1', lastEventId: '' },
        { userId: USER_ID, pollId: 'p-2', lastEventId: '' },
        { userId: USER_ID, pollId: 'p-2', lastEventId: '6' },
      ]);
    });
  });

  // The acknowledgement and the ids received belong to the session, not to one poll loop: when
  // polling stops and starts again on the same pollId (the chat closed, then a new transfer), a 1202
  // or 1208 the server still holds unacknowledged is not taken for a new one, which would end the
  // new conversation at once.
  it('the same session polled again after a pause (chat closed, then an agent again) keeps its lastEventId and drops what it already received', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const ended = withEventId(ev.ended(1), '9');
      const answered = { a: batch(ended), b: batch(ended), e: batch() };
      const api = fakeApi({ getEventMsg: answers(cold('(a|)', answered), cold('(b|)', answered), cold<EventBatch>('-')) });
      //                      0 s    1 s      3 s
      const intents = cold('  - 999ms x 1999ms c', v);
      const expected = '      a 999ms - 1999ms e';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler })).toBe(expected, answered);
      flush();

      // The poll at 5 s (which never answers) acknowledges up to 9 too.
      expect(api.bodies('getEventMsg').map((b) => b.lastEventId)).toEqual(['', '9', '9']);
    });
  });
});
