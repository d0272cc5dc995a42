import type { StoragePort } from '../../engine';

/** The browser's local storage as the engine's storage port; falls back to memory when blocked (e.g. third-party iframes). */
export function browserStorage(): StoragePort {
  const memory = new Map<string, string>();
  return {
    get(key) {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return memory.get(key) ?? null;
      }
    },
    set(key, value) {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        memory.set(key, value);
      }
    },
  };
}
