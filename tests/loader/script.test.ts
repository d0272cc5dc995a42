import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitorChat } from '../../ui/loader';

/**
 * The script-tag build (ui/loader/script.ts) as a host page runs it: the tag's data attributes, the
 * queue in window.VisitorChat, and whatever else the page left there.
 */

/** What the page sees of window.VisitorChat: the API once loaded, or whatever the page put there. */
const global = window as unknown as { VisitorChat?: unknown };

/** Runs loader.js as the page's `<script data-channel-id="shop">` (a fresh copy of the module each time). */
async function runLoader(channelId = 'shop'): Promise<void> {
  const script = document.createElement('script');
  script.src = 'https://chat.example/chat/loader.js';
  if (channelId) script.dataset.channelId = channelId;
  script.dataset.prefetch = 'none';
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  vi.resetModules();
  await import('../../ui/loader/script');
}

const api = () => global.VisitorChat as VisitorChat;
const launchers = () => document.querySelectorAll('visitor-chat').length;

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(null);
});
afterEach(() => {
  if (typeof (global.VisitorChat as VisitorChat | undefined)?.destroy === 'function') api().destroy();
  delete global.VisitorChat;
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('loader.js on a host page', () => {
  it('without data-channel-id there is no chat: no launcher, one warning, and the queue stays for the page', async () => {
    global.VisitorChat = [['open']];
    await runLoader('');
    expect(launchers()).toBe(0);
    expect(warn.mock.calls).toEqual([['[visitor-chat] bad data-channel-id:', undefined]]);
    expect(global.VisitorChat).toEqual([['open']]);
  });

  it('runs the queued calls in order and puts the API in the queue’s place', async () => {
    const ready = vi.fn();
    global.VisitorChat = [['on', 'ready', ready], ['open']];
    await runLoader();
    expect(api().isOpen()).toBe(true);
    await Promise.resolve();
    expect(ready).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("garbage in the queue (null, a number, on('ready', 42), an unknown call) is one warning each; every later call still runs", async () => {
    const ready = vi.fn();
    global.VisitorChat = [null, 42, ['on', 'ready', 42], ['explode'], ['open'], ['on', 'ready', ready]];
    await runLoader();
    expect(api().isOpen()).toBe(true);
    // An error thrown in ready's microtask would fail this test as an unhandled error.
    await Promise.resolve();
    expect(ready).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls).toEqual([
      ['[visitor-chat] bad call:', null],
      ['[visitor-chat] bad call:', 42],
      ['[visitor-chat] bad handler:', 42],
      ['[visitor-chat] bad call:', ['explode']],
    ]);
  });

  // An element with id="VisitorChat" (window.VisitorChat by named access, which Vitest's jsdom
  // window lacks) is the same case in Chromium: tests/e2e/loader.test.ts.
  it('a window.VisitorChat of the page’s own that is no queue: one warning, and the chat loads in its place', async () => {
    const theirs = { version: 3 };
    global.VisitorChat = theirs;
    await runLoader();
    expect(launchers()).toBe(1);
    expect(typeof api().open).toBe('function');
    expect(warn.mock.calls).toEqual([['[visitor-chat] bad window.VisitorChat (replaced):', theirs]]);
  });

  it('loaded twice: the first stays, the second does nothing and says nothing', async () => {
    global.VisitorChat = [];
    await runLoader();
    const first = api();
    await runLoader();
    expect(api()).toBe(first);
    expect(launchers()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('loaded twice in the head, before the body: both wait for it, and still only the first draws a launcher', async () => {
    global.VisitorChat = [];
    const body = vi.spyOn(document, 'body', 'get').mockReturnValue(null as unknown as HTMLElement);
    await runLoader();
    await runLoader();
    expect(launchers()).toBe(0);
    body.mockRestore();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(launchers()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
