import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tabs as browserTabs } from '#engine/browserTabs';
import type { TabsPort } from '#engine/ports';

/**
 * The browser's Web Locks as far as browserTabs uses them: one holder per name, the others queued in
 * the order they asked; a queued request withdrawn by its signal rejects; the lock goes to the next
 * when the holder's callback's promise settles.
 */
function fakeLocks() {
  const queue: { grant: () => void; signal?: AbortSignal }[] = [];
  let held = false;
  const next = () => {
    if (held) return;
    const first = queue.shift();
    if (!first) return;
    held = true;
    first.grant();
  };
  return {
    request(_name: string, { signal }: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const entry = {
          signal,
          grant: () =>
            void callback().then(() => {
              held = false;
              resolve();
              next();
            }),
        };
        signal?.addEventListener('abort', () => {
          const at = queue.indexOf(entry);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new DOMException('The request was aborted.', 'AbortError'));
        });
        queue.push(entry);
        next();
      });
    },
  };
}

/** Lets promise callbacks run (the lock's grants are promise callbacks). */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => Promise.resolve());

let tabs: TabsPort;

/** A page of its own (its document and window) for what is subscribed from now on: each tab is one. */
function openPage(): EventTarget {
  const page = new EventTarget();
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', page);
  return page;
}

beforeEach(() => {
  vi.stubGlobal('navigator', { locks: fakeLocks() });
  openPage();
  tabs = browserTabs();
});
afterEach(() => vi.unstubAllGlobals());

describe('browserTabs: of the visitor’s tabs, the one holding the Web Lock listens', () => {
  it('the first tab to ask listens; the next one when the first lets go (its tab closed, or its chat left status 2/3)', async () => {
    const first: boolean[] = [];
    const second: boolean[] = [];
    const a = tabs.listener('demo u-1').subscribe((v) => first.push(v));
    const b = tabs.listener('demo u-1').subscribe((v) => second.push(v));
    await vi.waitFor(() => expect(first).toEqual([true]));
    expect(second).toEqual([]);
    a.unsubscribe();
    await vi.waitFor(() => expect(second).toEqual([true]));
    b.unsubscribe();
  });

  it('a frozen (or cached) page hands over, and asks again when it runs again: behind the tab that took over', async () => {
    const first: boolean[] = [];
    const second: boolean[] = [];
    const page = openPage();
    const a = tabs.listener('demo u-1').subscribe((v) => first.push(v));
    await vi.waitFor(() => expect(first).toEqual([true]));
    openPage();
    const b = tabs.listener('demo u-1').subscribe((v) => second.push(v));
    page.dispatchEvent(new Event('freeze'));
    await vi.waitFor(() => expect(second).toEqual([true]));
    expect(first).toEqual([true, false]);

    page.dispatchEvent(new Event('resume'));
    await settle();
    expect(first).toEqual([true, false]);
    b.unsubscribe();
    await vi.waitFor(() => expect(first).toEqual([true, false, true]));
    a.unsubscribe();
  });
});

describe('browserTabs: what the tabs share travels on a BroadcastChannel, read back as a poll’s answer', () => {
  it('a batch another tab posted is heard; what is not one is logged in one line and dropped; what this page shares goes to the others only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = new BroadcastChannel('visitor-chat demo u-1');
    const fromOther: unknown[] = [];
    other.onmessage = ({ data }: MessageEvent) => fromOther.push(data);
    const heard: unknown[] = [];
    const s = tabs.shared('demo u-1').subscribe((b) => heard.push(b));

    other.postMessage('not a batch');
    other.postMessage({ msgList: [{ event_type: 1201, msgId: 'srv-1', msgContentEnc: 'aGk=' }], status: 2 });
    tabs.share('demo u-1', { events: [{ event_type: 1204 }], waitIndex: 0 });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    await vi.waitFor(() => expect(fromOther).toHaveLength(1));

    expect(heard).toEqual([{ events: [{ event_type: 1201, msgId: 'srv-1', msgContentEnc: 'aGk=' }], status: 2, waitIndex: undefined }]);
    expect(fromOther).toEqual([{ msgList: [{ event_type: 1204 }], status: undefined, waitIndex: 0 }]);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(['[chat] dropped what another tab shared: getEventMsg: expected an object']);
    s.unsubscribe();
    other.close();
  });
});

it('a tab denied the lock (a third-party frame whose storage the browser blocks) listens for itself', async () => {
  const denied = (): Promise<void> => Promise.reject(new DOMException('The request was denied.', 'SecurityError'));
  vi.stubGlobal('navigator', { locks: { request: denied } });
  const values: boolean[] = [];
  const s = browserTabs()
    .listener('demo u-1')
    .subscribe((v) => values.push(v));
  await vi.waitFor(() => expect(values).toEqual([true]));
  s.unsubscribe();
});

it('without Web Locks (a page over plain http, an old browser) each tab listens for itself', () => {
  vi.stubGlobal('navigator', {});
  const values: boolean[] = [];
  browserTabs()
    .listener('demo u-1')
    .subscribe((v) => values.push(v));
  expect(values).toEqual([true]);
});
