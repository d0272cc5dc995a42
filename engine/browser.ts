/**
 * The browser as the engine's ports (`@visitor-chat/chat-engine/browser`): pass them in the engine's
 * options to keep the visitor and the messages not yet sent across page loads, and to pause and
 * resume with the page and the network. A separate entry, so the engine itself stays free of the DOM.
 *
 * @module @visitor-chat/chat-engine/browser
 */
import { Observable, from, switchMap } from 'rxjs';
import type { ConnectivityPort, StoragePort, TabsPort, VisibilityPort } from './ports';

/** What `run` returns, or undefined when it throws (storage blocked, or absent). */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** Where the storage port keeps a value: local storage, else this tab's session storage, which a reload keeps. */
const AREAS = ['localStorage', 'sessionStorage'] as const;

/**
 * The browser's local storage as the engine's storage port. When a write fails (storage full, or
 * blocked as in some third-party iframes) the value goes to the tab's session storage, which a
 * reload of the page keeps (a full local storage leaves its own quota); when that fails too, to
 * memory for this page, and `set` returns false so the engine can tell the visitor that a reload
 * would lose it. `get` reads the copy of the last write — memory, session, then local storage —
 * until a later write of the key to local storage succeeds again.
 */
export function browserStorage(): StoragePort {
  const memory = new Map<string, string>();
  return {
    get(key) {
      const kept = memory.get(key);
      if (kept !== undefined) return kept;
      for (const area of [...AREAS].reverse()) {
        const value = attempt(() => window[area].getItem(key));
        if (value != null) return value;
      }
      return null;
    },
    set(key, value) {
      memory.delete(key);
      // The first place that takes it: a full or blocked one throws.
      const kept = AREAS.find((area) => attempt(() => (window[area].setItem(key, value), true)));
      // A copy an earlier failed write left in session storage is stale now.
      if (kept === 'localStorage') attempt(() => window.sessionStorage.removeItem(key));
      if (kept) return true;
      memory.set(key, value);
      return false;
    },
  };
}

/** Document visibility as the engine's port: the current value, then every change. */
export function documentVisibility(): VisibilityPort {
  return new Observable<boolean>((subscriber) => {
    const emit = () => subscriber.next(document.visibilityState === 'visible');
    emit();
    document.addEventListener('visibilitychange', emit);
    return () => document.removeEventListener('visibilitychange', emit);
  });
}

/** The browser's `online` event as the engine's port: the network is back, what failed is sent again. */
export function networkReturns(): ConnectivityPort {
  return new Observable<void>((subscriber) => {
    const emit = () => subscriber.next();
    window.addEventListener('online', emit);
    return () => window.removeEventListener('online', emit);
  });
}

/**
 * The visitor's tabs of a chat as the engine's port (docs/protocol.md "Several tabs"): the tab that
 * holds the chat's Web Lock listens for agent events, and the tabs share what they receive and send
 * over a BroadcastChannel. Its code loads when it is first used (the chat is with an agent), not
 * with the first screen.
 */
export function browserTabs(): TabsPort {
  let loaded: Promise<TabsPort> | undefined;
  const part = () => (loaded ??= import('./browserTabs').then(({ tabs }) => tabs()));
  return {
    listener: (scope) => from(part()).pipe(switchMap((tabs) => tabs.listener(scope))),
    shared: (scope) => from(part()).pipe(switchMap((tabs) => tabs.shared(scope))),
    share: (scope, batch) => void part().then((tabs) => tabs.share(scope, batch)),
  };
}
