import { act, render } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memoryStorage, type ChatEngine, type ChannelInfo } from '@visitor-chat/chat-engine';
import { ChatProvider, useChatEngine } from '@visitor-chat/chat-react';
import type { FakeApi } from '../engine/support/fakeApi';
import { describeBoth, hookApi, inMode, QUERY, testEngine } from './strictMode';

/** A request that never answers and counts its subscriptions and unsubscriptions. */
function hangingRequest<T>() {
  const counts = { subscribed: 0, unsubscribed: 0 };
  const request = () =>
    new Observable<T>(() => {
      counts.subscribed += 1;
      return () => {
        counts.unsubscribed += 1;
      };
    });
  return { counts, request };
}

/** Renders a ChatProvider that makes its own engine over `fake`; reports that engine. */
function renderOwnEngine(fake: FakeApi, strict: boolean) {
  const seen: ChatEngine[] = [];
  function Probe() {
    const engine = useChatEngine();
    if (!seen.includes(engine)) seen.push(engine);
    return null;
  }
  const options = { api: fake.api, query: QUERY, storage: memoryStorage(), log: { warn: () => undefined } };
  const result = render(
    inMode(
      strict,
      <ChatProvider options={options}>
        <Probe />
      </ChatProvider>,
    ),
  );
  return { ...result, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describeBoth('ChatProvider', ({ strict }) => {
  it('starts the chat once: channelInfo, chatStart and the first history page are each asked for exactly once', () => {
    const fake = hookApi();
    const { seen } = renderOwnEngine(fake, strict);

    expect(fake.count('channelInfo')).toBe(1);
    expect(fake.count('chatStart')).toBe(1);
    expect(fake.count('getHistoryMsg')).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.getSnapshot().phase).toBe('ready');
  });

  it('keeps its engine and the request in flight through a remount within the same task', () => {
    const pending = hangingRequest<ChannelInfo>();
    const fake = hookApi({ channelInfo: pending.request });
    renderOwnEngine(fake, strict);

    act(() => vi.runAllTimers());

    expect(pending.counts).toEqual({ subscribed: 1, unsubscribed: 0 });
    expect(fake.count('channelInfo')).toBe(1);
  });

  it('disposes its engine after unmount: the request in flight is cancelled and nothing more is asked', () => {
    const pending = hangingRequest<ChannelInfo>();
    const fake = hookApi({ channelInfo: pending.request });
    const { unmount, seen } = renderOwnEngine(fake, strict);
    const engine = seen[0] as ChatEngine;

    unmount();
    // Disposal waits one task (so that StrictMode's remount can keep the engine).
    expect(pending.counts.unsubscribed).toBe(0);
    act(() => vi.runAllTimers());

    expect(pending.counts).toEqual({ subscribed: 1, unsubscribed: 1 });
    const callsBefore = fake.calls.length;
    expect(engine.sendText('anyone there?')).toBeNull();
    engine.start();
    engine.loadOlder();
    act(() => vi.runAllTimers());
    expect(fake.calls).toHaveLength(callsBefore);
  });

  it('starts an engine given by the integrator but leaves it running after unmount', () => {
    const pending = hangingRequest<ChannelInfo>();
    const { engine, fake } = testEngine({ api: hookApi({ channelInfo: pending.request }) });
    const { unmount } = render(inMode(strict, <ChatProvider engine={engine} />));

    expect(fake.count('channelInfo')).toBe(1);
    expect(engine.getSnapshot().phase).toBe('starting');

    unmount();
    act(() => vi.runAllTimers());

    expect(pending.counts).toEqual({ subscribed: 1, unsubscribed: 0 });
    expect(engine.sendText('still here')).not.toBeNull();

    engine.dispose();
    expect(pending.counts.unsubscribed).toBe(1);
  });

  it('an engine started before the first render by a mount and handed over is kept through a remount and disposed after unmount', () => {
    const pending = hangingRequest<ChannelInfo>();
    const { engine, fake } = testEngine({ api: hookApi({ channelInfo: pending.request }) });
    const release = engine.mount();
    const { unmount } = render(inMode(strict, <ChatProvider engine={engine} />));
    // Handed over (as ui/widget/earlyChat.ts does): the provider's mount is the one that holds it now.
    release();
    act(() => vi.runAllTimers());
    // Started once, before the render; the provider's start and StrictMode's remount change nothing.
    expect(fake.count('channelInfo')).toBe(1);
    expect(pending.counts).toEqual({ subscribed: 1, unsubscribed: 0 });

    unmount();
    act(() => vi.runAllTimers());
    expect(pending.counts).toEqual({ subscribed: 1, unsubscribed: 1 });
    expect(engine.sendText('anyone there?')).toBeNull();
  });

  it('gives every component below it the same engine', () => {
    const { engine } = testEngine();
    const seen: ChatEngine[] = [];
    function Probe() {
      seen.push(useChatEngine());
      return null;
    }
    render(
      inMode(
        strict,
        <ChatProvider engine={engine}>
          <Probe />
          <Probe />
        </ChatProvider>,
      ),
    );
    expect(new Set(seen)).toEqual(new Set([engine]));
  });
});

it('useChatEngine outside a ChatProvider says what is missing', () => {
  function Orphan() {
    useChatEngine();
    return null;
  }
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Orphan />)).toThrow(/ChatProvider/);
  spy.mockRestore();
});
