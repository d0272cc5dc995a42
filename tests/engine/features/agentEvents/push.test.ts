import { describe, expect, it } from 'vitest';
import { PUSH_SILENCE_MS } from '#engine/constants';
import type { Intent } from '#engine/core/intents';
import { pushAddress } from '#engine/features/agentEvents/predicates';
import { ChatStatus } from '#engine/model/codes';
import type { WireEvent } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import type { EventBatch, PushFrame } from '#engine/transport/visitorApi';
import { batch, ev } from '../../support/agentApi';
import { agentChannel, agentState, batchesOf } from '../../support/agentSide';
import { answers, fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';

/** Push (docs/protocol.md "Push") with SPEC §7 polling as the fallback, in virtual time. */

/** An event with its eventId (docs/protocol.md "Event acknowledgement"). */
const withId = (event: WireEvent, eventId: string): WireEvent => ({ ...event, eventId });
const e1 = withId(ev.message('a1'), '1');
const e2 = withId(ev.typing(), '2');
const e3 = withId(ev.message('a3'), '3');
const e4 = withId(ev.message('a4'), '4');

/** A conversation with an agent on a channel that offers push at its default path. */
const pushing = (status: ChatStatus = ChatStatus.InConversation) => agentState(status, { channel: agentChannel({ eventStream: 1 }) });

/** Marble values: stream frames. */
const f = {
  o: { kind: 'open' },
  h: { kind: 'alive' },
  a: { kind: 'batch', batch: batch(e1, e2) },
  d: { kind: 'batch', batch: batch(e4) },
} satisfies Record<string, PushFrame>;
/** Marble values: what dispatch gets. */
const out = { a: batch(e1, e2), b: batch(e3), c: batch(), d: batch(e4) };
/** Marble values: the intents that end listening. */
const v = { x: { type: 'chatClosed' } } satisfies Record<string, Intent>;

describe('push: the channel offers it, the transport has it, the engine option does not refuse it', () => {
  it.each([
    ['the channel offers it, no option', { eventStream: 1 }, undefined, ''],
    ['the channel names its URL', { eventStream: 'https://push.example/events' }, undefined, 'https://push.example/events'],
    ['the channel says nothing', {}, undefined, null],
    ['the channel says 0', { eventStream: 0 }, undefined, null],
    ['push: false refuses what the channel offers', { eventStream: 1 }, false, null],
    ['push: true where the channel says nothing: the default path', {}, true, ''],
  ] as const)('%s', (_name, wire, option, expected) => {
    expect(pushAddress(agentState(ChatStatus.InConversation, { channel: agentChannel(wire) }), option)).toBe(expected);
  });
});

describe('agent events pushed (docs/protocol.md "Push"), polled whenever the stream fails', () => {
  it('pushed batches go to dispatch as they come, no poll is made; open and heartbeats are no batches; the stream asks from the cursor', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const stream$ = cold('o 99ms a 14999ms h 14999ms d', f);
      const api = fakeApi({ eventStream: () => stream$ });
      //                      0 s     0.1 s   15.1 s    30.1 s   31 s
      const intents = cold('  - 99ms  - 14999ms - 14999ms - 899ms x', v);
      const expected = '      - 99ms  a 14999ms - 14999ms d 899ms -';
      expectObservable(batchesOf(pushing(), intents, { api: api.api, scheduler })).toBe(expected, out);
      expectSubscriptions(stream$.subscriptions).toBe('^ 30999ms !');
      flush();

      expect(api.bodies('eventStream')).toEqual([{ userId: USER_ID, pollId: 'p-1', lastEventId: '', url: '' }]);
      expect(api.count('getEventMsg')).toBe(0);
    });
  });

  it('SPEC §4 status 3: pushed while queued too; the stream ends when the chat closes (dispose alike)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const stream$ = cold<PushFrame>('o');
      const api = fakeApi({ eventStream: () => stream$ });
      const intents = cold('  - 999ms x', v);
      expectObservable(batchesOf(pushing(ChatStatus.Queued), intents, { api: api.api, scheduler })).toBe('-', out);
      expectSubscriptions(stream$.subscriptions).toBe('^ 999ms !');
    });
  });

  it('a stream error: polling at once from the cursor — nothing lost, nothing twice — and push again 5 s later from where polling got to', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const failing$ = cold('o 99ms a 99ms #', f, new NetworkError('eventStream', 'terminated'));
      const back$ = cold('o 99ms d', f);
      // The first poll repeats e2 (its acknowledgement never reached the server) and brings e3, which the stream lost.
      const polls = { p: batch(e2, e3), q: batch() };
      const first$ = cold('(p|)', polls);
      const later$ = cold('(q|)', polls);
      const api = fakeApi({ eventStream: answers(failing$, back$), getEventMsg: answers(first$, later$, later$) });
      const log = logSpy();
      //                      0.1 s  0.2 s    2.2 s    4.2 s   5.2 s  5.3 s   6 s
      const intents = cold('  - 99ms - 99ms   - 1999ms - 1999ms - 999ms - 99ms - 699ms x', v);
      const expected = '      - 99ms a 99ms b 1999ms c 1999ms c 999ms - 99ms d 699ms -';
      expectObservable(batchesOf(pushing(), intents, { api: api.api, scheduler, log })).toBe(expected, out);
      expectSubscriptions(failing$.subscriptions).toBe('^ 199ms !');
      expectSubscriptions(back$.subscriptions).toBe('- 199ms - 4999ms ^ 799ms !');
      flush();

      expect(api.bodies('getEventMsg').map((b) => b.lastEventId)).toEqual(['2', '3', '3']);
      expect(api.bodies('eventStream').map((b) => b.lastEventId)).toEqual(['', '3']);
      expect(logLines(log)).toEqual(['event stream failed: terminated; polling, push again in 5000 ms']);
    });
  });

  it(`a stream silent for ${PUSH_SILENCE_MS / 1000} s (no batch, no heartbeat: a buffering proxy) is dropped for polling`, () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const silent$ = cold<PushFrame>('o 14999ms h');
      const poll$ = cold('(q|)', { q: batch() });
      const api = fakeApi({ eventStream: answers(silent$), getEventMsg: answers(poll$, cold<EventBatch>('-')) });
      const log = logSpy();
      const intents = cold('  - 59999ms - 999ms x', v);
      const expected = '      - 59999ms c 999ms -';
      expectObservable(batchesOf(pushing(), intents, { api: api.api, scheduler, log })).toBe(expected, { c: batch() });
      expectSubscriptions(silent$.subscriptions).toBe('^ 59999ms !');
      flush();

      expect(logLines(log)).toEqual([`event stream failed: nothing for ${PUSH_SILENCE_MS} ms; polling, push again in 5000 ms`]);
    });
  });

  it('push fails again and again: polling stands in 5 s, 10 s, 20 s …; after a stream that stayed up 60 s the wait starts over at 5 s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const refused = () => cold<PushFrame>('#', undefined, new NetworkError('eventStream', 'refused'));
      const s1 = refused();
      const s2 = refused();
      const s3 = refused();
      // Up 60 s with heartbeats, then the backend ends it.
      const s4 = cold<PushFrame>('o 14999ms h 14999ms h 14999ms h 14999ms |');
      const s5 = cold<PushFrame>('o');
      const api = fakeApi({ eventStream: answers(s1, s2, s3, s4, s5), getEventMsg: () => cold<EventBatch>('-') });
      const log = logSpy();
      const intents = cold('  - 100000ms x', v);
      expectObservable(batchesOf(pushing(), intents, { api: api.api, scheduler, log })).toBe('-', out);
      expectSubscriptions(s1.subscriptions).toBe('(^!)');
      expectSubscriptions(s2.subscriptions).toBe('5000ms (^!)');
      expectSubscriptions(s3.subscriptions).toBe('15000ms (^!)');
      expectSubscriptions(s4.subscriptions).toBe('35000ms ^ 59999ms !');
      expectSubscriptions(s5.subscriptions).toBe('100000ms ^ !');
      flush();

      expect(logLines(log).map((line) => line.replace(/.*in /, ''))).toEqual(['5000 ms', '10000 ms', '20000 ms', '5000 ms']);
      expect(logLines(log)[3]).toBe('event stream ended; polling, push again in 5000 ms');
    });
  });

  it('push: false polls (SPEC §7) although the channel offers push; a transport without eventStream polls too', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const refusing = fakeApi({ eventStream: () => cold<PushFrame>('o'), getEventMsg: answers(cold('(c|)', out), cold<EventBatch>('-')) });
      expectObservable(batchesOf(pushing(), cold(''), { api: refusing.api, scheduler, push: false })).toBe('c', out);
      const without = fakeApi({ getEventMsg: answers(cold('(c|)', out), cold<EventBatch>('-')) });
      expectObservable(batchesOf(pushing(), cold(''), { api: without.api, scheduler })).toBe('c', out);
    });
  });

  it('push: true pushes at the default path where the channel says nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ eventStream: () => cold('o 9ms d', f) });
      const intents = cold('  - 99ms x', v);
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler, push: true })).toBe('- 9ms d', out);
      flush();
      expect(api.bodies('eventStream')[0]?.url).toBe('');
    });
  });
});
