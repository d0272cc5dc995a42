import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from '#engine/browser';

/** The browser's localStorage, whose writes fail while `full` (QuotaExceededError) or always when blocked. */
function fakeLocalStorage() {
  const data = new Map<string, string>();
  const store = {
    full: false,
    getItem: (key: string) => data.get(key) ?? null,
    setItem(key: string, value: string) {
      if (store.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      data.set(key, value);
    },
  };
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('browserStorage: local storage, with memory for what it cannot keep', () => {
  it('a write to full storage is kept for this page and read back (not the stale stored value), and says it does not last', () => {
    const local = fakeLocalStorage();
    vi.stubGlobal('window', { localStorage: local });
    const storage = browserStorage();
    expect(storage.set('chat-demo-outbox', '[]')).toBe(true);

    local.full = true;
    expect(storage.set('chat-demo-outbox', '[{"id":"m1"}]')).toBe(false);
    expect(storage.get('chat-demo-outbox')).toBe('[{"id":"m1"}]');
    expect(local.getItem('chat-demo-outbox')).toBe('[]');

    // Room again: the write lasts, and storage is what is read.
    local.full = false;
    expect(storage.set('chat-demo-outbox', '[{"id":"m2"}]')).toBe(true);
    local.setItem('chat-demo-outbox', '[{"id":"m3"}]');
    expect(storage.get('chat-demo-outbox')).toBe('[{"id":"m3"}]');
  });

  it('blocked storage (a third-party iframe): reads give null, writes live in memory', () => {
    vi.stubGlobal('window', {
      get localStorage(): never {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    const storage = browserStorage();
    expect(storage.get('chat-userId')).toBeNull();
    expect(storage.set('chat-userId', 'u-1')).toBe(false);
    expect(storage.get('chat-userId')).toBe('u-1');
  });
});
