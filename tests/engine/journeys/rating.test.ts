import { distinctUntilChanged, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createChatEngine, type ChatEngine } from '#engine/engine';
import { MsgType, SenderType } from '#engine/model/codes';
import { act, answerFrame, CHANNEL_ID, newScheduler, readyApi, sequentialIds, wireMessage } from '../support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;
/** The rating of message `id`: n none, u up, d down. */
const ratingOf = (engine: ChatEngine, id: string) =>
  engine.state$.pipe(
    map((s) => {
      const rating = s.messages.find((m) => m.id === id)?.rating;
      return rating ? rating[0] : 'n';
    }),
    distinctUntilChanged(),
  );
/** The thinking of message `id`: a awaiting, t answered (thoughtMs set), n neither or missing. */
const thinkingOf = (engine: ChatEngine, id: string) =>
  engine.state$.pipe(
    map((s) => {
      const m = s.messages.find((x) => x.id === id);
      if (m?.awaiting) return 'a';
      return m?.thoughtMs !== undefined ? 't' : 'n';
    }),
    distinctUntilChanged(),
  );

describe('rateMessage (SPEC §4 Rating of a reply)', () => {
  it('rates a robot reply once; a later choice does not change it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const history = [wireMessage({ id: 'r1', senderType: SenderType.Robot, msgType: MsgType.Answer, msgContent: 'Yes', msgTime: 1 })];
      const fake = readyApi(cold, { getHistoryMsg: () => cold('(h|)', { h: history }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0 ms   20 ms 30 ms
      const commands = ' s 19ms u 9ms d';
      const expected = ' n 19ms u 9ms -';
      expectObservable(ratingOf(engine, 'r1')).toBe(expected, { n: 'n', u: 'u' });
      act(cold, commands, { s: () => engine.start(), u: () => engine.rateMessage('r1', 'up'), d: () => engine.rateMessage('r1', 'down') });
    });
  });

  it('ignores ratings of messages that are not robot replies, and of unknown ids', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const history = [wireMessage({ id: 'a1', senderType: SenderType.Agent, msgTime: 1 })];
      const fake = readyApi(cold, { getHistoryMsg: () => cold('(h|)', { h: history }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      engine.start();
      flush();
      const before = engine.getSnapshot();
      engine.rateMessage('a1', 'down');
      engine.rateMessage('nope', 'up');
      expect(engine.getSnapshot()).toBe(before);
      // Local only: no call reports a rating (SPEC §7 has none).
      expect(fake.calls.map((c) => c.name)).toEqual(['channelInfo', 'chatStart', 'getHistoryMsg', 'getOfflineMsg']);
    });
  });

  it('does not rate the answer placeholder while the robot is still thinking', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('(r|)', { r: { status: 1 } }),
        robotAsk: () => cold('100ms (a|)', { a: answerFrame({ msgContent: 'Open 9–18', msgType: 1 }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      // m1 is the question, m2 the answer: rated while pending (ignored), then once answered (kept).
      //                 0 ms  10 ms  50 ms   200 ms
      const commands = ' s 9ms t 39ms u 149ms d';
      const expected = ' n 9ms - 39ms - 149ms d';
      expectObservable(ratingOf(engine, 'm2')).toBe(expected, { n: 'n', d: 'd' });
      act(cold, commands, {
        s: () => engine.start(),
        t: () => engine.sendText('When are you open?'),
        u: () => engine.rateMessage('m2', 'up'),
        d: () => engine.rateMessage('m2', 'down'),
      });
    });
  });
});

describe('thoughtMs (SPEC §4 Thinking block)', () => {
  it('the answered robot message carries answer time − placeholder time', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('20ms (r|)', { r: { status: 1 } }),
        robotAsk: () => cold('2500ms (a|)', { a: answerFrame({ msgContent: 'Open 9–18', msgType: 1 }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      // Sent at 10 ms, when the placeholder appears (SPEC §4 Receive mode 0); confirmed at 30 ms, answered 2500 ms later.
      //                 0 ms  10 ms  30 ms    2.53 s
      const commands = ' s 9ms t 19ms - 2499ms -';
      const expected = ' n 9ms a 19ms - 2499ms t';
      expectObservable(thinkingOf(engine, 'm2')).toBe(expected, { n: 'n', a: 'a', t: 't' });
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('When are you open?') });
      flush();
      expect(engine.getSnapshot().messages.find((m) => m.id === 'm2')).toMatchObject({ thoughtMs: 2520, createdAt: 2530, msgContent: 'Open 9–18' });
    });
  });

  it('a robot message from history has no thoughtMs', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const history = [wireMessage({ id: 'r1', senderType: SenderType.Robot, msgTime: 1 })];
      const fake = readyApi(cold, { getHistoryMsg: () => cold('(h|)', { h: history }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      engine.start();
      flush();
      expect(engine.getSnapshot().messages[0]?.thoughtMs).toBeUndefined();
    });
  });
});
