/** The loader's storage: blocked or full storage never breaks the chat, and what it reads back is checked. */

/** What the host page's session storage keeps across its page loads, once the visitor opened the chat. */
export interface Saved {
  open: boolean;
  unread: number;
}

/** Storage that may be blocked (a sandboxed page) or full: reads give null, writes do nothing. */
export function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
export function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Blocked or full: the open state or the id lasts for this page view only.
  }
}
export const session = () => sessionStorage;
export const local = () => localStorage;

/**
 * The saved open state, when there is one (the visitor opened the chat in this tab); null
 * otherwise. Written by this loader, but the page may have changed it: anything else that parses
 * reads as closed with no unread messages (an unread count is a whole number from 0: ~~ truncates,
 * and makes 0 of what is no number).
 */
export function savedState(key: string): Saved | null {
  try {
    // JSON.parse(null) is null: no saved state.
    const saved = JSON.parse(read(session, key) as string) as Partial<Saved> | null;
    return saved && { open: saved.open === true, unread: Math.max(0, ~~saved.unread!) };
  } catch {
    return null;
  }
}
