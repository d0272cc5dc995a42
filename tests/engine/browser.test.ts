import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from '#engine/browser';

/** A browser storage area (local or session), whose writes fail while `full` (QuotaExceededError). */
function fakeLocalStorage() {
  const data = new Map<string, string>();
  const store = {
    full: false,
    getItem: (key: string) => data.get(key) ?? null,
    removeItem: (key: string) => void data.delete(key),
    setItem(key: string, value: string) {
      if (store.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      data.set(key, value);
    },
  };
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('browserStorage: local storage, then the tab’s session storage, then memory for what it cannot keep', () => {
  it('a write that local storage is too full for goes to session storage, which a reload keeps: it lasts, and is what is read', () => {
    const local = fakeLocalStorage();
    const session = fakeLocalStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
    const storage = browserStorage();
    storage.set('chat-demo-outbox', '[]');
    local.full = true;
    expect(storage.set('chat-demo-outbox', '[{"id":"m1"}]')).toBe(true);
    expect(session.getItem('chat-demo-outbox')).toBe('[{"id":"m1"}]');
    // A reload: a new port reads the session copy, not local storage's stale one.
    expect(browserStorage().get('chat-demo-outbox')).toBe('[{"id":"m1"}]');

    // Room again: local storage takes the write, and the session copy is gone.
    local.full = false;
    expect(storage.set('chat-demo-outbox', '[{"id":"m2"}]')).toBe(true);
    expect(session.getItem('chat-demo-outbox')).toBeNull();
    expect(browserStorage().get('chat-demo-outbox')).toBe('[{"id":"m2"}]');
  });

  it('a write both storages are too full for is kept for this page and read back (not the stale stored value), and says it does not last', () => {
    const local = fakeLocalStorage();
    const session = fakeLocalStorage();
    session.full = true;
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
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
      get sessionStorage(): never {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    const storage = browserStorage();
    expect(storage.get('chat-userId')).toBeNull();
    expect(storage.set('chat-userId', 'u-1')).toBe(false);
    expect(storage.get('chat-userId')).toBe('u-1');
  });
});
