import { describe, expect, it } from 'vitest';
import { createChatEngine } from '../../engine/engine';
import type { SendMsgData } from '../../engine/protocol';
import { answers } from './support/fakeApi';
import { CHANNEL_ID, IND, at, indicatorOf, newScheduler, readyApi, sequentialIds } from './support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;

describe('SPEC §4 delivery indicator cycle (800 ms / 5 s / 12 s)', () => {
  it('an answer within 800 ms never shows the loading indicator', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = readyApi(cold, { sendMsg: () => cold('300ms (r|)', { r: { status: 1 } }), robotAsk: () => cold('-') });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 299ms s', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendText('hello'));
    });
  });

  it('a hanging send shows loading at 800 ms, is attempted again at 5 s and 10 s, and fails at 12 s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const hanging = cold<SendMsgData>('-');
      const fake = readyApi(cold, { sendMsg: () => hanging });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 799ms l 11199ms f', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendText('hello'));
      flush();
      expect(fake.count('sendMsg')).toBe(3);
      // Each new attempt replaces the previous one; nothing is left in flight after the failure.
      expect(hanging.subscriptions.map((s) => [s.subscribedFrame, s.unsubscribedFrame])).toEqual([
        [10, 5010],
        [5010, 10010],
        [10010, 12010],
      ]);
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
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 799ms l 4299ms s', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendText('hello'));
    });
  });

  it('retry on a failed message restarts the whole cycle', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = readyApi(cold, {
        sendMsg: answers(cold('-'), cold('-'), cold('-'), cold('1000ms (r|)', { r: { status: 1 } })),
        robotAsk: () => cold('-'),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expectObservable(indicatorOf(engine)).toBe('u 9ms p 799ms l 11199ms f 1999ms p 799ms l 199ms s', IND);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendText('hello'));
      at(scheduler, 14_010, () => engine.retry('m1'));
    });
  });
});
