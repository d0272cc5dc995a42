import { distinctUntilChanged, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createChatEngine, type ChatEngine } from '#engine/engine';
import { memoryStorage } from '#engine/ports';
import { ApiError, NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../support/fakeApi';
import {
  act,
  channel,
  CHANNEL_ID,
  EVERY_FIELD_CHAT_START,
  EVERY_FIELD_QUERY,
  PREVIOUS_URL,
  STORED_VISITOR_ID,
  logSpy,
  TENANT,
  newScheduler,
  session,
  USER_ID,
} from '../support/fixtures';

const PHASES = { i: 'idle', s: 'starting', r: 'ready', e: 'error' } as const;
const phases = (engine: ChatEngine) =>
  engine.state$.pipe(
    map((s) => s.phase),
    distinctUntilChanged(),
  );

describe('bootstrap', () => {
  it('SPEC §7 channelInfo → chatStart: sends the stored visitor id, previousUrl and the query, stores the returned userId, becomes ready', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const channelInfo$ = cold('50ms (c|)', { c: channel() });
      const chatStart$ = cold('30ms (s|)', { s: session({ userId: 'u-new' }) });
      const fake = fakeApi({
        channelInfo: () => channelInfo$,
        chatStart: () => chatStart$,
        getHistoryMsg: () => cold('10ms (h|)', { h: [] }),
      });
      const storage = memoryStorage({ [`chat-${TENANT}-uid`]: STORED_VISITOR_ID });
      const log = logSpy();
      const engine = createChatEngine({
        query: EVERY_FIELD_QUERY,
        api: fake.api,
        scheduler,
        storage,
        log,
        previousUrl: PREVIOUS_URL,
      });

      // A group such as (is) lasts as many frames as it has characters: s--- below it.
      //                             0 ms      50 ms  80 ms
      const commands = '             s--- 46ms - 29ms -';
      const expected = '             (is) 46ms - 29ms r';
      const channelInfoCall = '      ^--- 46ms !';
      const chatStartCall = '        ---- 46ms ^ 29ms !';
      expectObservable(phases(engine)).toBe(expected, PHASES);
      expectSubscriptions(channelInfo$.subscriptions).toBe(channelInfoCall);
      expectSubscriptions(chatStart$.subscriptions).toBe(chatStartCall);
      act(cold, commands, { s: () => engine.start() });
      flush();

      expect(fake.bodies('channelInfo')).toEqual([{ id: CHANNEL_ID }]);
      expect(fake.bodies('chatStart')).toEqual([EVERY_FIELD_CHAT_START]);
      expect(storage.get(`chat-${TENANT}-uid`)).toBe('u-new');
      const state = engine.getSnapshot();
      expect(state.phase).toBe('ready');
      expect(state.error).toBeNull();
      expect(state.channel).toEqual(channel());
      expect(state.session).toEqual({ userId: 'u-new', sessionId: 's-1', pollId: 'p-1' });
      expect(fake.unexpected).toEqual([]);
      expect(log.warn).not.toHaveBeenCalled();
    });
  });

  it('SPEC §3 local storage: a first visit sends no userId and keeps the one chatStart returns under chat-{tenant}-uid', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fakeApi({
        channelInfo: () => cold('(c|)', { c: channel() }),
        chatStart: () => cold('(s|)', { s: session() }),
        getHistoryMsg: () => cold('(h|)', { h: [] }),
      });
      const storage = memoryStorage();
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, storage });
      engine.start();
      flush();

      const [body] = fake.bodies('chatStart');
      expect(body?.userId).toBeUndefined();
      expect(body?.channelId).toBe(CHANNEL_ID);
      expect(storage.get(`chat-${TENANT}-uid`)).toBe(USER_ID);
    });
  });

  it("SPEC §5, §8: a missing channel id gives 'unknown channel id' and calls nothing", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fakeApi();
      const engine = createChatEngine({ query: '?pid=p9', api: fake.api, scheduler });

      const commands = ' s----';
      const expected = ' (ise)';
      expectObservable(phases(engine)).toBe(expected, PHASES);
      act(cold, commands, { s: () => engine.start() });
      flush();

      expect(engine.getSnapshot().error).toEqual({ code: 'unknownChannelId' });
      expect(fake.calls).toEqual([]);
    });
  });

  it('SPEC §2: siteid is the fallback of channelid', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fakeApi({
        channelInfo: () => cold('(c|)', { c: channel() }),
        chatStart: () => cold('(s|)', { s: session() }),
        getHistoryMsg: () => cold('(h|)', { h: [] }),
      });
      const engine = createChatEngine({ query: '?siteid=site-9', api: fake.api, scheduler });
      engine.start();
      flush();

      expect(fake.bodies('channelInfo')).toEqual([{ id: 'site-9' }]);
      expect(fake.bodies('chatStart')[0]?.channelId).toBe('site-9');
      expect(engine.getSnapshot().phase).toBe('ready');
    });
  });

  it('SPEC §2: channelid wins over siteid when both are given', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fakeApi({ channelInfo: () => cold('-#', undefined, new ApiError('channelInfo', 404, 'no')) });
      const engine = createChatEngine({ query: '?siteid=site-9&channelid=chan-1', api: fake.api, scheduler });
      engine.start();
      flush();

      expect(fake.bodies('channelInfo')).toEqual([{ id: 'chan-1' }]);
    });
  });

  it('SPEC §2: query parameter names are matched case-insensitively (?ChannelID=demo)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fakeApi({
        channelInfo: () => cold('20ms (c|)', { c: channel() }),
        chatStart: () => cold('20ms (s|)', { s: session() }),
        getHistoryMsg: () => cold('(h|)', { h: [] }),
      });
      const engine = createChatEngine({ query: '?ChannelID=demo&UserName=Ann', api: fake.api, scheduler });

      //                 0 ms      40 ms
      const commands = ' s--- 36ms -';
      const expected = ' (is) 36ms r';
      expectObservable(phases(engine)).toBe(expected, PHASES);
      act(cold, commands, { s: () => engine.start() });
      flush();

      expect(fake.bodies('channelInfo')).toEqual([{ id: 'demo' }]);
      expect(fake.bodies('chatStart')[0]).toMatchObject({ channelId: 'demo', userName: 'Ann' });
    });
  });

  it("SPEC §8: channelInfo failing with an ApiError gives 'unknown channel, {message}' with the server's message and no chatStart", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fakeApi({
        channelInfo: () => cold('50ms #', undefined, new ApiError('channelInfo', 404, 'channel does not exist')),
      });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler });

      //                 0 ms      50 ms
      const commands = ' s--- 46ms -';
      const expected = ' (is) 46ms e';
      expectObservable(phases(engine)).toBe(expected, PHASES);
      act(cold, commands, { s: () => engine.start() });
      flush();

      expect(engine.getSnapshot().error).toEqual({ code: 'unknownChannel', detail: 'channel does not exist' });
      expect(engine.getSnapshot().session).toBeNull();
      expect(fake.count('chatStart')).toBe(0);
      expect(fake.unexpected).toEqual([]);
    });
  });

  it("SPEC §8: chatStart failing gives 'failed to create session, {message}' and keeps the channel", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = fakeApi({
        channelInfo: () => cold('50ms (c|)', { c: channel() }),
        chatStart: () => cold('30ms #', undefined, new ApiError('chatStart', 500, 'session store down')),
      });
      const storage = memoryStorage({ [`chat-${TENANT}-uid`]: STORED_VISITOR_ID });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, storage });

      //                 0 ms      80 ms
      const commands = ' s--- 76ms -';
      const expected = ' (is) 76ms e';
      expectObservable(phases(engine)).toBe(expected, PHASES);
      act(cold, commands, { s: () => engine.start() });
      flush();

      const state = engine.getSnapshot();
      expect(state.error).toEqual({ code: 'sessionFailed', detail: 'session store down' });
      expect(state.channel).toEqual(channel());
      expect(state.session).toBeNull();
      // The stored visitor id is kept for the next attempt.
      expect(storage.get(`chat-${TENANT}-uid`)).toBe('visitor-7');
      expect(fake.count('getHistoryMsg')).toBe(0);
    });
  });

  it("a backend that cannot be reached: the 'unreachable' error, retryStart shows the start again at once, and the chat starts once the backend answers; dispose ends the tries", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let calls = 0;
      const fake = fakeApi({
        channelInfo: () => cold('(c|)', { c: channel() }),
        chatStart: () => (++calls < 3 ? cold('10ms #', undefined, new NetworkError('chatStart', 'chatStart: offline')) : cold('10ms (s|)', { s: session() })),
        getHistoryMsg: () => cold('(h|)', { h: [] }),
      });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler });
      engine.start();
      scheduler.schedule(() => {
        expect(engine.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'unreachable', call: 'chatStart', detail: 'chatStart: offline' } });
        engine.retryStart();
        expect(engine.getSnapshot()).toMatchObject({ phase: 'starting', error: null });
      }, 500);
      scheduler.schedule(() => {
        expect(engine.getSnapshot()).toMatchObject({ phase: 'ready', error: null });
        // 10 ms: fails; 500 ms: asked again, fails at 510 ms; then 2 s later, 2,510 ms: answers.
        expect(fake.count('chatStart')).toBe(3);
        engine.retryStart();
        expect(engine.getSnapshot().phase).toBe('ready');
      }, 3_000);
      flush();
    });
  });

  it('a backend that never answers is tried until dispose, and no longer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = fakeApi({ channelInfo: () => cold('#', undefined, new NetworkError('channelInfo', 'channelInfo: offline')) });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler });
      engine.start();
      // 0, 1, 3, 7, 15, 31, 61, 91 s …: eight tries in the first two minutes.
      scheduler.schedule(() => engine.dispose(), 120_000);
      flush();
      expect(fake.count('channelInfo')).toBe(8);
      expect(engine.getSnapshot().error).toMatchObject({ code: 'unreachable', call: 'channelInfo' });
    });
  });
});
