import { describe, expect, it } from 'vitest';
import { createChatEngine } from '#engine/engine';
import type { SendMsgData } from '#engine/protocol';
import { MessageStatus } from '#engine/model/codes';
import { answers } from '../support/fakeApi';
import { CHANNEL_ID, IND, act, indicatorOf, newScheduler, readyApi, sequentialIds } from '../support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;

describe('SPEC §4 delivery indicator cycle (800 ms / 5 s / 12 s), through the engine', () => {
  it('an answer within 800 ms never shows the loading indicator', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = readyApi(cold, { sendMsg: () => cold('300ms (r|)', { r: { status: 1 } }), robotAsk: () => cold('-') });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0     10 ms   310 ms
      const commands = ' S 9ms t 299ms -';
      const expected = ' u 9ms p 299ms s';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello') });
    });
  });

  it('a hanging send shows loading at 800 ms, is attempted again at 5 s and 10 s, and fails at 12 s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const hanging = cold<SendMsgData>('-');
      const fake = readyApi(cold, { sendMsg: () => hanging });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0     10 ms   810 ms    12.01 s
      const commands = ' S 9ms t 799ms - 11199ms -';
      const expected = ' u 9ms p 799ms l 11199ms f';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello') });
      let inCycle = 0;
      cold('12010ms x').subscribe(() => (inCycle = fake.count('sendMsg')));
      flush();
      expect(inCycle).toBe(3);
      // Attempts overlap; each may still confirm for 20 s from its start, and none is left in flight after that.
      const attempts = hanging.subscriptions.map((s) => [s.subscribedFrame, s.unsubscribedFrame]);
      expect(attempts.slice(0, 3)).toEqual([
        [10, 20010],
        [5010, 25010],
        [10010, 30010],
      ]);
      // Then in the background (issue 27): 5 s after the fail, and 10, 20, 40, 60 s after each try
      // gave up (20 s), one at a time, for 30 minutes; the message stays failed all along.
      expect(attempts.slice(3, 8)).toEqual([
        [17010, 37010],
        [47010, 67010],
        [87010, 107010],
        [147010, 167010],
        [227010, 247010],
      ]);
      expect(Math.max(...attempts.map(([from]) => from ?? 0))).toBeLessThan(12010 + 30 * 60_000);
      expect(engine.getSnapshot().messages[0]?.status).toBe(MessageStatus.Fail);
    });
  });

  it('the second attempt at 5 s succeeds: the indicator clears', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = readyApi(cold, {
        sendMsg: answers(cold('-'), cold('100ms (r|)', { r: { status: 1 } })),
        robotAsk: () => cold('-'),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0     10 ms   810 ms   5.11 s
      const commands = ' S 9ms t 799ms - 4299ms -';
      const expected = ' u 9ms p 799ms l 4299ms s';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello') });
    });
  });

  it('retry on a failed message restarts the whole cycle; the attempts at 0 s, 5 s and 10 s and the retry all carry the message id as clientMsgId', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: answers(cold('-'), cold('-'), cold('-'), cold('1000ms (r|)', { r: { status: 1 } })),
        robotAsk: () => cold('-'),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0     10 ms   810 ms    12.01 s  14.01 s 14.81 s 15.01 s
      const commands = ' S 9ms t 799ms - 11199ms - 1999ms r 799ms - 199ms -';
      const expected = ' u 9ms p 799ms l 11199ms f 1999ms p 799ms l 199ms s';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello'), r: () => engine.retry('m1') });
      flush();
      expect(fake.bodies('sendMsg').map((b) => b.clientMsgId)).toEqual(['m1', 'm1', 'm1', 'm1']);
    });
  });
});

describe('idempotent delivery through the engine: one clientMsgId per message, a late confirmation wins over the fail', () => {
  it('a confirmation at 14 s of the first attempt turns the fail of 12 s into sent; the robot is asked once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: answers(cold('14000ms (r|)', { r: { status: 1 } }), cold('-'), cold('-')),
        robotAsk: () => cold('-'),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0     10 ms   810 ms    12.01 s  14.01 s
      const commands = ' S 9ms t 799ms - 11199ms - 1999ms -';
      const expected = ' u 9ms p 799ms l 11199ms f 1999ms s';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello') });
      flush();
      expect(fake.count('sendMsg')).toBe(3);
      expect(fake.count('robotAsk')).toBe(1);
    });
  });

  it('dispose at 13 s, after the fail, ends every attempt still in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const hanging = cold<SendMsgData>('-');
      const fake = readyApi(cold, { sendMsg: () => hanging });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      //                 0     10 ms   810 ms    12.01 s  13.01 s
      const commands = ' S 9ms t 799ms - 11199ms - 999ms d';
      const expected = ' u 9ms p 799ms l 11199ms f 999ms |';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello'), d: () => engine.dispose() });
      flush();
      expect(hanging.subscriptions.map((s) => [s.subscribedFrame, s.unsubscribedFrame])).toEqual([
        [10, 13010],
        [5010, 13010],
        [10010, 13010],
      ]);
    });
  });
});
