import { NEVER, Observable, distinctUntilChanged, map } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import { createChatEngine } from '#engine/engine';
import type { ChannelInfo } from '#engine/model/channel';
import { fakeApi } from '../support/fakeApi';
import { CHANNEL_ID, answerFrame, at, channel, logLines, logSpy, newScheduler, readyApi, sequentialIds, session, type RunHelpers } from '../support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;
const PHASES = { i: 'idle', s: 'starting', r: 'ready', e: 'error' } as const;

describe('engine lifecycle (DESIGN: The engine)', () => {
  it('DESIGN: creating an engine does nothing — no call, no timer, phase idle', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const fake = fakeApi();
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      flush();

      expect(fake.calls).toEqual([]);
      expect(engine.getSnapshot().phase).toBe('idle');
      expect(scheduler.actions).toEqual([]);
    });
  });

  it('DESIGN: start() twice (and again once ready) bootstraps once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        channelInfo: () => cold('50ms (c|)', { c: channel() }),
        chatStart: () => cold('30ms (s|)', { s: session() }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });

      expectObservable(
        engine.state$.pipe(
          map((s) => s.phase),
          distinctUntilChanged(),
        ),
      ).toBe('(is) 76ms r', PHASES);
      at(scheduler, 0, () => {
        engine.start();
        engine.start();
      });
      at(scheduler, 10, () => engine.start());
      at(scheduler, 200, () => engine.start());
      flush();

      expect(fake.calls.map((c) => c.name)).toEqual(['channelInfo', 'chatStart', 'getHistoryMsg', 'getOfflineMsg']);
    });
  });

  it('DESIGN: dispose() during bootstrap unsubscribes the request in flight and completes state$', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const channelInfo$ = cold('50ms (c|)', { c: channel() });
      const fake = fakeApi({ channelInfo: () => channelInfo$ });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });

      expectObservable(
        engine.state$.pipe(
          map((s) => s.phase),
          distinctUntilChanged(),
        ),
      ).toBe('(is) 16ms |', PHASES);
      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 19ms !');
      at(scheduler, 0, () => engine.start());
      at(scheduler, 20, () => engine.dispose());
      flush();

      expect(fake.calls.map((c) => c.name)).toEqual(['channelInfo']);
      expect(engine.getSnapshot().phase).toBe('starting');
    });
  });

  it('DESIGN: dispose() ends every stream — sendMsg and getHistoryMsg in flight are unsubscribed and nothing is called afterwards', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const history$ = cold('100ms (h|)', { h: [] });
      const sendMsg$ = cold('50ms (r|)', { r: { status: 1 } });
      let robotTornDown = false;
      const fake = readyApi(cold, {
        getHistoryMsg: () => history$,
        sendMsg: () => sendMsg$,
        robotAsk: () =>
          new Observable(() => () => {
            robotTornDown = true;
          }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });

      expectObservable(
        engine.state$.pipe(
          map((s) => s.messages.length),
          distinctUntilChanged(),
        ),
      ).toBe('a 9ms (bc) 16ms |', { a: 0, b: 1, c: 2 });
      expectSubscriptions(history$.subscriptions).toBe('^ 29ms !');
      expectSubscriptions(sendMsg$.subscriptions).toBe('10ms ^ 19ms !');
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendText('hello'));
      at(scheduler, 30, () => engine.dispose());
      at(scheduler, 40, () => {
        expect(engine.sendText('after dispose')).toBeNull();
        engine.retry('m1');
        engine.loadOlder();
        engine.start();
      });
      flush();

      expect(fake.calls.map((c) => c.name)).toEqual(['channelInfo', 'chatStart', 'getHistoryMsg', 'sendMsg']);
      expect(robotTornDown).toBe(false);
      // The visitor's message and the robot's answer awaiting it (SPEC §4 Receive mode 0), never asked.
      expect(engine.getSnapshot().messages).toHaveLength(2);
    });
  });

  it('DESIGN: dispose() tears down a robot answer in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let robotTornDown = false;
      const fake = readyApi(cold, {
        sendMsg: () => cold('(r|)', { r: { status: 1 } }),
        robotAsk: () =>
          new Observable(() => () => {
            robotTornDown = true;
          }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      engine.start();
      engine.sendText('hello');
      // Within the stall time-out (20 s), the ask still waits for its first frame.
      at(scheduler, 1_000, () => {
        expect(fake.count('robotAsk')).toBe(1);
        expect(robotTornDown).toBe(false);
        engine.dispose();
        expect(robotTornDown).toBe(true);
      });
      flush();
    });
  });

  it('DESIGN: after dispose() listeners are no longer called and a late subscriber sees state$ completed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold);
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      const listener = vi.fn();
      engine.subscribe(listener);
      engine.start();
      flush();
      engine.dispose();
      engine.dispose();
      listener.mockClear();

      engine.start();
      engine.sendText('hello');
      flush();
      expect(listener).not.toHaveBeenCalled();

      const complete = vi.fn();
      engine.state$.subscribe({ complete });
      expect(complete).toHaveBeenCalledTimes(1);
    });
  });

  it('subscribe(listener) returns an unsubscribe function that stops the calls', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, { sendMsg: () => NEVER });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      const listener = vi.fn();
      const unsubscribe = engine.subscribe(listener);
      engine.start();
      flush();
      const calls = listener.mock.calls.length;
      expect(calls).toBeGreaterThan(0);

      unsubscribe();
      engine.sendText('hello');
      expect(listener).toHaveBeenCalledTimes(calls);
    });
  });

  it('ChatEngine.subscribe: the listener hears changes only, not the state at subscription', () => {
    const engine = createChatEngine({ query: QUERY, api: fakeApi().api });
    const listener = vi.fn();
    engine.subscribe(listener);
    expect(listener).not.toHaveBeenCalled();
    engine.dispose();
  });

  it('a bug in one effect is logged and that effect restarts: the chat goes on', () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, flush }) => {
      let asks = 0;
      const fake = readyApi(cold, {
        sendMsg: () => cold('10ms (r|)', { r: { status: 1 } }),
        robotAsk: () => {
          asks += 1;
          // A programming error, thrown instead of returned as an Observable error.
          if (asks === 1) throw new TypeError('bug in robotAsk');
          return cold('10ms (a|)', { a: answerFrame({ msgContent: 'Answer' }) });
        },
      });
      const engine = createChatEngine({ query: `?channelid=${CHANNEL_ID}`, api: fake.api, scheduler, newId: sequentialIds(), log });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.sendText('first'));
      at(scheduler, 100, () => engine.sendText('second'));
      flush();

      const texts = engine.getSnapshot().messages.map((m) => m.msgContent);
      expect(texts).toContain('second');
      expect(texts.at(-1)).toBe('Answer');
    });
    expect(logLines(log)).toContainEqual(expect.stringMatching(/the robot effect failed and restarts/));
  });
});

/** An engine whose channelInfo never answers: that request, in flight or cancelled, shows whether the engine still runs. */
function hangingStart(cold: RunHelpers['cold'], scheduler: TestScheduler) {
  const channelInfo$ = cold<ChannelInfo>('-');
  const fake = fakeApi({ channelInfo: () => channelInfo$ });
  return { channelInfo$, fake, engine: createChatEngine({ query: QUERY, api: fake.api, scheduler }) };
}

describe('engine.mount(): whoever starts the engine owns its end (ChatProvider holds it so)', () => {
  it('two mounts start the chat once; it ends one tick after the last is released, cancelling the request in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { channelInfo$, fake, engine } = hangingStart(cold, scheduler);
      const releases: (() => void)[] = [];

      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 29ms !');
      at(scheduler, 0, () => releases.push(engine.mount(), engine.mount()));
      at(scheduler, 10, () => releases[0]?.());
      at(scheduler, 30, () => {
        releases[1]?.();
        // Not at once: a mount within this tick would keep it.
        expect(engine.sendText('still held')).not.toBeNull();
      });
      flush();

      expect(fake.calls.map((c) => c.name)).toEqual(['channelInfo']);
      expect(engine.sendText('after the end')).toBeNull();
    });
  });

  it("StrictMode's unmount and remount within one task keep the engine and its request", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { channelInfo$, fake, engine } = hangingStart(cold, scheduler);
      let release = (): void => undefined;

      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 49ms !');
      at(scheduler, 0, () => {
        release = engine.mount();
        release();
        release = engine.mount();
      });
      at(scheduler, 20, () => {
        release();
        release = engine.mount();
      });
      at(scheduler, 50, () => release());
      flush();

      expect(fake.count('channelInfo')).toBe(1);
    });
  });

  it("an engine started with start() is its caller's: mounts hold it, and their release does not end it", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { channelInfo$, fake, engine } = hangingStart(cold, scheduler);

      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 99ms !');
      at(scheduler, 0, () => {
        engine.start();
        const release = engine.mount();
        release();
      });
      at(scheduler, 50, () => expect(engine.sendText('still running')).not.toBeNull());
      at(scheduler, 100, () => engine.dispose());
      flush();

      expect(fake.count('channelInfo')).toBe(1);
    });
  });

  it('start() on an engine a mount started does nothing: it still ends after its last mount', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { channelInfo$, fake, engine } = hangingStart(cold, scheduler);
      let release = (): void => undefined;

      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 19ms !');
      at(scheduler, 0, () => {
        release = engine.mount();
        engine.start();
      });
      at(scheduler, 20, () => release());
      flush();

      expect(fake.count('channelInfo')).toBe(1);
    });
  });

  it('a release called twice lets go of its own hold only; after dispose() a mount does nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { channelInfo$, fake, engine } = hangingStart(cold, scheduler);
      const releases: (() => void)[] = [];

      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 19ms !');
      at(scheduler, 0, () => releases.push(engine.mount(), engine.mount()));
      at(scheduler, 10, () => {
        releases[0]?.();
        releases[0]?.();
      });
      at(scheduler, 15, () => expect(engine.sendText('held by the other')).not.toBeNull());
      at(scheduler, 20, () => releases[1]?.());
      at(scheduler, 30, () => {
        engine.mount()();
        engine.start();
      });
      flush();

      expect(fake.calls.map((c) => c.name)).toEqual(['channelInfo']);
      expect(scheduler.actions).toEqual([]);
    });
  });

  it('dispose() while mounted ends the engine at once; a later release changes nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const { channelInfo$, engine } = hangingStart(cold, scheduler);
      let release = (): void => undefined;

      expectSubscriptions(channelInfo$.subscriptions).toBe('^ 9ms !');
      at(scheduler, 0, () => {
        release = engine.mount();
      });
      at(scheduler, 10, () => engine.dispose());
      at(scheduler, 20, () => release());
      flush();

      expect(engine.sendText('after dispose')).toBeNull();
      expect(scheduler.actions).toEqual([]);
    });
  });
});
