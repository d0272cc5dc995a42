import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE } from '#engine/constants';
import type { Intent } from '#engine/core/intents';
import { history } from '#engine/features/history/effect';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import { decodeMessage } from '#engine/model/decodeMessage';
import { type ChatMessage, createMessage } from '#engine/model/message';
import type { WireMessage } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { answers, fakeApi } from '../../support/fakeApi';
import { USER_ID, channel, logLines, logSpy, newScheduler, wireMessage } from '../../support/fixtures';
import { readyState, runEffect, SESSION, stateWith } from '../../support/effectSpec';

/** A page of `n` agent messages `{prefix}1…` with msgTime `start`, `start + 1000`, …, newest first as the server sends it. */
function page(prefix: string, n: number, start: number): WireMessage[] {
  return Array.from({ length: n }, (_, i) => wireMessage({ id: `${prefix}${i + 1}`, msgTime: start + i * 1000, msgContent: `${prefix}${i + 1}` })).reverse();
}

/** The wire messages as shown: decoded, oldest first. */
const shown = (wire: readonly WireMessage[]): ChatMessage[] =>
  wire.map((w) => decodeMessage(w, { now: 0, newId: () => 'unused' })).sort((a, b) => a.createdAt - b.createdAt);

const NEWEST = page('n', HISTORY_PAGE_SIZE, 100_000);
const OLDER = page('o', 5, 10_000);
const DECODABLE = [wireMessage({ id: 'h3', msgTime: 3000 }), wireMessage({ id: 'h1', msgTime: 1000 })];
/** A page with a sender nobody knows and an item that is no message at all between two good ones. */
const MIXED = [DECODABLE[0], { id: 'bad', senderType: 9, msgType: 1, msgContent: 'from nobody', msgTime: 1500 }, 'not a message at all', DECODABLE[1]];

/** Marble values: the session and the UI's requests, and the pages history answers with. */
const v = {
  S: { type: 'sessionStarted', session: SESSION, status: ChatStatus.NotStarted },
  r: { type: 'historyRequested' },
  n: { type: 'historyLoaded', messages: shown(NEWEST), exhausted: false },
  o: { type: 'historyLoaded', messages: shown(OLDER), exhausted: true },
  d: { type: 'historyLoaded', messages: shown(DECODABLE), exhausted: true },
  x: { type: 'historyFailed' },
} satisfies Record<string, Intent>;

describe('history effect: SPEC §7 getHistoryMsg (pageSize 20, maxTime, userId)', () => {
  it('the newest page is asked for when the session starts (no maxTime) and shown oldest first', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getHistoryMsg: () => cold('100ms (h|)', { h: NEWEST }) });
      const intents = cold(' S 99ms -', v);
      const expected = '     - 99ms n';
      const run = runEffect(history, stateWith({ phase: 'starting', channel: channel() }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('getHistoryMsg')).toEqual([{ pageSize: HISTORY_PAGE_SIZE, maxTime: undefined, userId: USER_ID }]);
      expect(
        run
          .getState()
          .messages.map((m) => m.id)
          .slice(0, 3),
      ).toEqual(['n1', 'n2', 'n3']);
      expect(run.getState().history).toEqual({ loading: false, exhausted: false, newest: true });
    });
  });

  it('an older page is asked for before the oldest message that has a time; a page of fewer than 20 is the last', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getHistoryMsg: answers(cold('10ms (h|)', { h: OLDER })) });
      // The welcome written here has no msgTime: the oldest message with one is n1.
      const welcome = createMessage({ id: 'w1', senderType: SenderType.Robot, msgType: MsgType.Text, msgContent: 'Hi', createdAt: 0 });
      const start = readyState({ messages: [welcome, ...shown(NEWEST)] });
      const intents = cold(' r 9ms -', v);
      const expected = '     - 9ms o';
      const run = runEffect(history, start, intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('getHistoryMsg')).toEqual([{ pageSize: HISTORY_PAGE_SIZE, maxTime: 100_000, userId: USER_ID }]);
      expect(run.getState().history).toEqual({ loading: false, exhausted: true, newest: true });
    });
  });

  it('when no message shown has a time to page by, nothing older can be asked for: no request (it would fetch the newest page again), the history ends', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const log = logSpy();
      const untimed = createMessage({ id: 'w1', senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: 'Hi', createdAt: 0 });
      const intents = cold(' r', v);
      const expected = '     e';
      const run = runEffect(history, readyState({ messages: [untimed] }), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, { e: { type: 'historyLoaded', messages: [], exhausted: true } });
      flush();

      expect(api.count('getHistoryMsg')).toBe(0);
      expect(run.getState().history).toEqual({ loading: false, exhausted: true, newest: true });
      expect(logLines(log)).toEqual(['no message shown has a msgTime: no older history can be asked for']);
    });
  });

  it('a full page of 20 may have older ones: the next request goes on from its oldest message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getHistoryMsg: answers(cold('10ms (h|)', { h: NEWEST }), cold('10ms (h|)', { h: OLDER })) });
      //                     0 ms  10 ms  50 ms 60 ms
      const intents = cold(' S 9ms - 39ms r 9ms -', v);
      const expected = '     - 9ms n 39ms - 9ms o';
      expectObservable(runEffect(history, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.bodies('getHistoryMsg').map((b) => b.maxTime)).toEqual([undefined, 100_000]);
    });
  });

  it('SPEC §3, DESIGN wire data: a message that does not decode is dropped with a log line; the rest are shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getHistoryMsg: () => cold('(h|)', { h: MIXED }) });
      const log = logSpy();
      const intents = cold('S', v);
      const expected = '    d';
      expectObservable(runEffect(history, readyState(), intents, { api: api.api, scheduler, log }).output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual([
        expect.stringMatching(/dropped a history message.*history\[1\]\.senderType/),
        expect.stringMatching(/dropped a history message.*history\[2\]/),
      ]);
    });
  });

  it('a failed page leaves the list as it was, with a log line; the next request may try again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        getHistoryMsg: answers(cold('10ms #', undefined, new NetworkError('getHistoryMsg', 'getHistoryMsg: offline')), cold('10ms (h|)', { h: OLDER })),
      });
      const log = logSpy();
      const start = readyState({ messages: shown(NEWEST) });
      const intents = cold(' r 9ms - 39ms r 9ms -', v);
      const expected = '     - 9ms x 39ms - 9ms o';
      const run = runEffect(history, start, intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('getHistoryMsg').map((b) => b.maxTime)).toEqual([100_000, 100_000]);
      expect(logLines(log)).toEqual(['history failed: getHistoryMsg: offline']);
    });
  });

  it.each([
    ['before the session', stateWith()],
    ['once the oldest page was loaded', readyState({ history: { loading: false, exhausted: true, newest: true } })],
  ])('a request the reducer refused (canLoadOlder) calls nothing: %s', (_when, start) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const intents = cold('r', v);
      const expected = '    -';
      const run = runEffect(history, start, intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().history).toEqual(start.history);
    });
  });

  it('a request while a page is loading is refused too: one call, one page', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getHistoryMsg: answers(cold('100ms (h|)', { h: NEWEST })) });
      const intents = cold(' S 9ms r 89ms -', v);
      const expected = '     - 9ms - 89ms n';
      expectObservable(runEffect(history, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('getHistoryMsg')).toBe(1);
    });
  });
});
