import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { bootstrap } from '#engine/features/bootstrap/effect';
import { ChatStatus } from '#engine/model/codes';
import { parseQuery } from '#engine/model/query';
import { memoryStorage } from '#engine/ports';
import { ApiError, MalformedResponseError, NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import {
  CHANNEL_ID,
  EVERY_FIELD_CHAT_START,
  EVERY_FIELD_QUERY,
  PREVIOUS_URL,
  STORED_VISITOR_ID,
  TENANT,
  channel,
  logSpy,
  newScheduler,
  session,
} from '../../support/fixtures';
import { runEffect, SESSION, stateWith } from '../../support/effectSpec';

const STORED = `chat-${TENANT}-uid`;
const OTHER_TENANT = channel({ tenantId: 't9' });

/** Marble values: the UI's start, and what bootstrap answers with. */
const v = {
  s: { type: 'start' },
  c: { type: 'channelLoaded', channel: channel() },
  S: { type: 'sessionStarted', session: SESSION, status: ChatStatus.NotStarted },
  C: { type: 'channelLoaded', channel: OTHER_TENANT },
  N: { type: 'sessionStarted', session: { ...SESSION, userId: 'u-new' }, status: ChatStatus.NotStarted },
  i: { type: 'failed', error: { code: 'unknownChannelId' } },
  u: { type: 'failed', error: { code: 'unknownChannel', detail: 'channel does not exist' } },
  f: { type: 'failed', error: { code: 'sessionFailed', detail: 'session store down' } },
  o: { type: 'failed', error: { code: 'unreachable', call: 'chatStart', detail: 'chatStart: offline' } },
  n: { type: 'failed', error: { code: 'unreachable', call: 'channelInfo', detail: 'channelInfo: offline' } },
  m: { type: 'failed', error: { code: 'unreachable', call: 'channelInfo', detail: 'channelInfo: HTTP 502, the answer is not a JSON envelope' } },
  r: { type: 'startRetried' },
} satisfies Record<string, Intent>;

describe('bootstrap effect: SPEC §2, §7 channelInfo → chatStart', () => {
  it('SPEC §7 chatStart: the query fields, the stored visitor id and previousUrl are sent once the channel is known; the chat becomes ready', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const channelInfo$ = cold('50ms (c|)', { c: channel() });
      const chatStart$ = cold('30ms (s|)', { s: session() });
      const api = fakeApi({ channelInfo: () => channelInfo$, chatStart: () => chatStart$ });
      const storage = memoryStorage({ [STORED]: STORED_VISITOR_ID });
      const start = stateWith({ query: parseQuery(EVERY_FIELD_QUERY) });
      //                        0 ms   50 ms  80 ms
      const intents = cold('    s 49ms - 29ms -', v);
      const expected = '        - 49ms c 29ms S';
      const channelInfoCall = ' ^ 49ms !';
      const chatStartCall = '   - 49ms ^ 29ms !';
      const run = runEffect(bootstrap, start, intents, { api: api.api, scheduler, storage, previousUrl: PREVIOUS_URL });
      expectObservable(run.output$).toBe(expected, v);
      expectSubscriptions(channelInfo$.subscriptions).toBe(channelInfoCall);
      expectSubscriptions(chatStart$.subscriptions).toBe(chatStartCall);
      flush();

      expect(api.bodies('channelInfo')).toEqual([{ id: CHANNEL_ID }]);
      expect(api.bodies('chatStart')).toEqual([EVERY_FIELD_CHAT_START]);
      expect(run.getState()).toMatchObject({ phase: 'ready', error: null, channel: channel(), session: v.S.session });
    });
  });

  it('SPEC §3 local storage: a first visit sends no userId, and the userId chatStart returns is kept under chat-{tenantId}-uid of the channel', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ channelInfo: () => cold('(c|)', { c: OTHER_TENANT }), chatStart: () => cold('(s|)', { s: session({ userId: 'u-new' }) }) });
      const storage = memoryStorage({ [STORED]: 'of another tenant' });
      const intents = cold('s', v);
      const expected = '    (CN)';
      expectObservable(runEffect(bootstrap, stateWith(), intents, { api: api.api, scheduler, storage }).output$).toBe(expected, v);
      flush();

      expect(api.bodies('chatStart')[0]?.userId).toBeUndefined();
      expect(storage.get('chat-t9-uid')).toBe('u-new');
      expect(storage.get(STORED)).toBe('of another tenant');
    });
  });

  it('the visitor id a host page kept (option visitorId) is sent when the storage has none, and never over a stored one', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers = () => fakeApi({ channelInfo: () => cold('(c|)', { c: channel() }), chatStart: () => cold('(s|)', { s: session() }) });
      const blocked = answers();
      runEffect(bootstrap, stateWith(), cold('s', v), { api: blocked.api, scheduler, visitorId: 'u-kept-by-host' }).output$.subscribe();
      const stored = answers();
      const storage = memoryStorage({ [STORED]: STORED_VISITOR_ID });
      runEffect(bootstrap, stateWith(), cold('s', v), { api: stored.api, scheduler, storage, visitorId: 'u-kept-by-host' }).output$.subscribe();
      flush();

      expect(blocked.bodies('chatStart')[0]?.userId).toBe('u-kept-by-host');
      expect(stored.bodies('chatStart')[0]?.userId).toBe(STORED_VISITOR_ID);
    });
  });

  it("SPEC §5, §8: without a channel id the page shows 'unknown channel id' and nothing is called", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi();
      const intents = cold('s', v);
      const expected = '    i';
      expectObservable(runEffect(bootstrap, stateWith({ query: parseQuery('?pid=p9') }), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it("SPEC §8: channelInfo failing gives 'unknown channel, {message}' with the server's message, and no chatStart", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ channelInfo: () => cold('50ms #', undefined, new ApiError('channelInfo', 404, 'channel does not exist')) });
      const intents = cold(' s 49ms -', v);
      const expected = '     - 49ms u';
      const run = runEffect(bootstrap, stateWith(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState()).toMatchObject({ phase: 'error', error: v.u.error, channel: null, session: null });
    });
  });

  it("SPEC §8: chatStart failing gives 'failed to create session, {message}'; the channel and the stored visitor id are kept", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        channelInfo: () => cold('50ms (c|)', { c: channel() }),
        chatStart: () => cold('30ms #', undefined, new ApiError('chatStart', 500, 'session store down')),
      });
      const storage = memoryStorage({ [STORED]: STORED_VISITOR_ID });
      const intents = cold(' s 49ms - 29ms -', v);
      const expected = '     - 49ms c 29ms f';
      const run = runEffect(bootstrap, stateWith(), intents, { api: api.api, scheduler, storage });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState()).toMatchObject({ phase: 'error', error: v.f.error, channel: channel(), session: null });
      expect(storage.get(STORED)).toBe('visitor-7');
    });
  });

  it("a backend that cannot be reached is 'unreachable' (not SPEC §8's server texts): channelInfo or chatStart that fails on the way, or a proxy's error page", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const offline = fakeApi({
        channelInfo: () => cold('(c|)', { c: channel() }),
        chatStart: () => cold('10ms #', undefined, new NetworkError('chatStart', 'chatStart: offline')),
      });
      expectObservable(runEffect(bootstrap, stateWith(), cold(' s', v), { api: offline.api, scheduler, log: logSpy() }).output$, '^ 20ms !').toBe(
        ' c 9ms o',
        v,
      );
      const proxy = fakeApi({
        channelInfo: () => cold('5ms #', undefined, new MalformedResponseError('channelInfo', 'channelInfo: HTTP 502, the answer is not a JSON envelope')),
      });
      expectObservable(runEffect(bootstrap, stateWith(), cold(' s', v), { api: proxy.api, scheduler, log: logSpy() }).output$, '^ 20ms !').toBe(' 5ms m', v);
    });
  });

  it('unreachable: the start is tried again after 1 s, 2 s, 4 s … until the backend answers; the chat then starts', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      let calls = 0;
      const api = fakeApi({
        channelInfo: () => (++calls < 3 ? cold('#', undefined, new NetworkError('channelInfo', 'channelInfo: offline')) : cold('(c|)', { c: channel() })),
        chatStart: () => cold('(s|)', { s: session() }),
      });
      //                   0 ms  1 s       3 s
      const expected = '   n 999ms n 1999ms (cS)';
      expectObservable(runEffect(bootstrap, stateWith(), cold(' s', v), { api: api.api, scheduler, log: logSpy() }).output$).toBe(expected, v);
    });
  });

  it('unreachable: tried again at once when the visitor asks (startRetried) or the network comes back, not waiting for the backoff', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      let calls = 0;
      const api = () =>
        fakeApi({
          channelInfo: () =>
            ++calls % 2 === 1 ? cold('#', undefined, new NetworkError('channelInfo', 'channelInfo: offline')) : cold('(c|)', { c: channel() }),
          chatStart: () => cold('(s|)', { s: session() }),
        }).api;
      expectObservable(runEffect(bootstrap, stateWith(), cold(' s 99ms r', v), { api: api(), scheduler, log: logSpy() }).output$).toBe(' n 99ms (cS)', v);
      const online$ = hot('300ms o', { o: undefined });
      expectObservable(runEffect(bootstrap, stateWith(), cold(' 200ms s', v), { api: api(), scheduler, log: logSpy(), online$ }).output$).toBe(
        ' 200ms n 99ms (cS)',
        v,
      );
    });
  });

  it("the server's refusal keeps SPEC §8's text and is not tried again", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ channelInfo: () => cold('#', undefined, new ApiError('channelInfo', 404, 'channel does not exist')) });
      expectObservable(runEffect(bootstrap, stateWith(), cold(' s', v), { api: api.api, scheduler }).output$).toBe(' u', v);
    });
  });

  it('a second start while the first is still running is ignored: one channelInfo, one chatStart', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const channelInfo$ = cold('50ms (c|)', { c: channel() });
      const api = fakeApi({ channelInfo: () => channelInfo$, chatStart: () => cold('30ms (s|)', { s: session() }) });
      //                        0 ms   20 ms  50 ms  80 ms
      const intents = cold('    s 19ms s 29ms - 29ms -', v);
      const expected = '        - 19ms - 29ms c 29ms S';
      const channelInfoCall = ' ^ 19ms - 29ms !';
      expectObservable(runEffect(bootstrap, stateWith(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      expectSubscriptions(channelInfo$.subscriptions).toBe(channelInfoCall);
      flush();

      expect(api.count('channelInfo')).toBe(1);
      expect(api.count('chatStart')).toBe(1);
    });
  });
});
