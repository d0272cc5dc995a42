import { distinctUntilChanged, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE } from '#engine/constants';
import { createChatEngine, type ChatEngine } from '#engine/engine';
import { SenderType } from '#engine/model/codes';
import type { WireMessage } from '#engine/protocol';
import { ApiError, NetworkError } from '#engine/transport/errors';
import { answers } from '../support/fakeApi';
import { act, answerFrame, CHANNEL_ID, logLines, logSpy, newScheduler, readyApi, sequentialIds, USER_ID, wireMessage } from '../support/fixtures';

const ids = (engine: ChatEngine) =>
  engine.state$.pipe(
    map((s) => s.messages.map((m) => m.id).join(' ')),
    distinctUntilChanged(),
  );

/** A page of `n` agent messages with ids `{prefix}1…` and msgTime `start`, `start + step`, … (given newest first). */
function page(prefix: string, n: number, start: number, step = 1000): WireMessage[] {
  return Array.from({ length: n }, (_, i) => wireMessage({ id: `${prefix}${i + 1}`, msgTime: start + i * step, msgContent: `${prefix}${i + 1}` })).reverse();
}

describe('history', () => {
  it('SPEC §7 getHistoryMsg: the newest page (pageSize 20, userId) is asked on start and shown in chronological order above newer messages', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const history = [
        wireMessage({ id: 'h3', msgTime: 3000, senderType: SenderType.Visitor }),
        wireMessage({ id: 'h1', msgTime: 1000, senderType: SenderType.Visitor }),
        wireMessage({ id: 'h2', msgTime: 2000, senderType: SenderType.Robot }),
      ];
      const fake = readyApi(cold, {
        getHistoryMsg: () => cold('100ms (h|)', { h: history }),
        sendMsg: () => cold('10ms (r|)', { r: { status: 1 } }),
        robotAsk: () => cold('20ms (a|)', { a: answerFrame({ msgContent: 'an answer' }) }),
      });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, newId: sequentialIds() });

      // m1 is typed while history is on its way; m2 is the robot's answer to it, shown as m1 is sent.
      //                 0 ms  10 ms     100 ms
      const commands = ' s 9ms t    89ms -';
      const expected = ' a 9ms (bc) 86ms d';
      expectObservable(ids(engine)).toBe(expected, { a: '', b: 'm1', c: 'm1 m2', d: 'h1 h2 h3 m1 m2' });
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('hello') });
      flush();

      expect(fake.bodies('getHistoryMsg')).toEqual([{ pageSize: HISTORY_PAGE_SIZE, userId: USER_ID }]);
      expect(fake.bodies('getHistoryMsg')[0]?.maxTime).toBeUndefined();
      const state = engine.getSnapshot();
      expect(state.messages.slice(0, 3).map((m) => m.createdAt)).toEqual([1000, 2000, 3000]);
      expect(state.history).toEqual({ loading: false, exhausted: true, newest: true });
    });
  });

  it('SPEC §3, DESIGN wire data: a malformed history message is dropped with a log line while the rest are shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        getHistoryMsg: () =>
          cold('(h|)', {
            h: [
              wireMessage({ id: 'h1', msgTime: 1000 }),
              { id: 'bad', senderType: 9, msgType: 1, msgContent: 'from nobody', msgTime: 1500 },
              'not a message at all',
              wireMessage({ id: 'h3', msgTime: 3000 }),
            ],
          }),
      });
      const log = logSpy();
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, log });
      engine.start();
      flush();

      expect(engine.getSnapshot().messages.map((m) => m.id)).toEqual(['h1', 'h3']);
      const lines = logLines(log);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/dropped a history message.*history\[1\]\.senderType/);
      expect(lines[1]).toMatch(/dropped a history message.*history\[2\]/);
      expect(engine.getSnapshot().phase).toBe('ready');
    });
  });

  it('SPEC §7 getHistoryMsg maxTime: loadOlder asks for messages before the oldest shown, and stops once a page has fewer than 20', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        getHistoryMsg: answers(cold('10ms (h|)', { h: page('n', HISTORY_PAGE_SIZE, 100_000) }), cold('10ms (h|)', { h: page('o', 5, 10_000) })),
      });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler });

      const history = engine.state$.pipe(
        map((s) => `${s.history.loading ? 'L' : '-'}${s.history.exhausted ? 'X' : '-'}`),
        distinctUntilChanged(),
      );
      // Loading from the session to the first page; again from loadOlder to the second page, then exhausted: a later loadOlder does nothing.
      //                 0 ms     10 ms  50 ms 60 ms  100 ms
      const commands = ' s--- 6ms - 39ms o 9ms - 39ms o';
      const expected = ' (aL) 6ms a 39ms L 9ms x 39ms -';
      expectObservable(history).toBe(expected, { a: '--', L: 'L-', x: '-X' });
      act(cold, commands, { s: () => engine.start(), o: () => engine.loadOlder() });
      flush();

      expect(fake.bodies('getHistoryMsg')).toEqual([
        { pageSize: HISTORY_PAGE_SIZE, userId: USER_ID },
        { pageSize: HISTORY_PAGE_SIZE, maxTime: 100_000, userId: USER_ID },
      ]);
      const shown = engine.getSnapshot().messages;
      expect(shown).toHaveLength(HISTORY_PAGE_SIZE + 5);
      expect(shown.slice(0, 6).map((m) => m.id)).toEqual(['o1', 'o2', 'o3', 'o4', 'o5', 'n1']);
      expect(shown.map((m) => m.createdAt)).toEqual([...shown.map((m) => m.createdAt)].sort((a, b) => a - b));
    });
  });

  it('SPEC §7 getHistoryMsg: a failed page leaves the list as it was, with a log line, and a later loadOlder may try again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        getHistoryMsg: answers(
          cold('(h|)', { h: page('n', HISTORY_PAGE_SIZE, 100_000) }),
          cold('10ms #', undefined, new NetworkError('getHistoryMsg', 'getHistoryMsg: offline')),
          cold('(h|)', { h: page('o', 2, 10_000) }),
        ),
      });
      const log = logSpy();
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, log });
      engine.start();
      flush();
      const before = engine.getSnapshot().messages;
      expect(before).toHaveLength(HISTORY_PAGE_SIZE);

      engine.loadOlder();
      flush();
      const after = engine.getSnapshot();
      expect(after.messages).toBe(before);
      expect(after.history).toEqual({ loading: false, exhausted: false, newest: true });
      expect(logLines(log)).toEqual([expect.stringMatching(/history failed: getHistoryMsg: offline/)]);

      engine.loadOlder();
      flush();
      expect(fake.bodies('getHistoryMsg')[2]).toEqual({ pageSize: HISTORY_PAGE_SIZE, maxTime: 100_000, userId: USER_ID });
      expect(
        engine
          .getSnapshot()
          .messages.map((m) => m.id)
          .slice(0, 3),
      ).toEqual(['o1', 'o2', 'n1']);
      expect(engine.getSnapshot().history.exhausted).toBe(true);
    });
  });

  it('SPEC §7 getHistoryMsg: a failed first page leaves the chat ready with an empty list', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        getHistoryMsg: () => cold('5ms #', undefined, new NetworkError('getHistoryMsg', 'getHistoryMsg: offline')),
      });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, log: logSpy() });
      engine.start();
      flush();

      const state = engine.getSnapshot();
      expect(state.phase).toBe('ready');
      expect(state.messages).toEqual([]);
      expect(state.history).toEqual({ loading: false, exhausted: false, newest: false });
    });
  });

  it('SPEC §7 getHistoryMsg: loadOlder before a session changes nothing (no stuck loading)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, { chatStart: () => cold('10ms #', undefined, new ApiError('chatStart', 500, 'session store down')) });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler });
      engine.start();
      engine.loadOlder();
      flush();

      expect(engine.getSnapshot().phase).toBe('error');
      expect(fake.count('getHistoryMsg')).toBe(0);
      // No page can ever arrive, so the list must not show a loading indicator.
      expect(engine.getSnapshot().history).toEqual({ loading: false, exhausted: false, newest: false });
    });
  });
});
