import { NEVER, of, type Observable } from 'rxjs';
import type { EventBatch } from './transport/visitorApi';

/**
 * Browser things the engine needs, injected as small ports so that the engine imports no DOM and
 * tests can fake them. The UI passes real implementations; defaults are in-memory.
 */

/** Key/value storage (local storage in the browser). */
export interface StoragePort {
  /** The value kept under `key`, or null when there is none. */
  get(key: string): string | null;
  /**
   * Keeps `value` under `key`. Returns `false` when it is kept only for this page (storage full or
   * blocked: a reload loses it), so the engine can say so; `true` or nothing when it lasts.
   */
  set(key: string, value: string): boolean | void;
}

/** Where the engine reports what it dropped or failed on (console by default). */
export interface Logger {
  /** One line of what was dropped or failed, and what it was about (the bad input, the error). */
  warn(message: string, detail?: unknown): void;
}

/** Storage kept in memory: the default, and what tests use. */
export function memoryStorage(initial: Record<string, string> = {}): StoragePort {
  const data = new Map(Object.entries(initial));
  return {
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
  };
}

/** Logs to the console with a prefix (SPEC §8: other errors are only logged). */
export const consoleLogger: Logger = {
  warn: (message, detail) => console.warn(`[chat] ${message}`, ...(detail === undefined ? [] : [detail])),
};

/** Whether the page is visible (document visibility in the browser); emits on every change. */
export type VisibilityPort = Observable<boolean>;

/** The default visibility: always visible (SPEC §7 read receipts then only depend on status). */
export const alwaysVisible: VisibilityPort = /* @__PURE__ */ of(true);

/** Emits when the network comes back (the browser's `online` event); the engine then re-sends what failed. */
export type ConnectivityPort = Observable<unknown>;

/** The default connectivity: never reports a return (the engine relies on its own retries). */
export const noConnectivityEvents: ConnectivityPort = NEVER;

/**
 * The visitor's tabs of one chat (docs/protocol.md "Several tabs"): of the tabs of a `scope` (the
 * channel and the visitor) one listens for agent events and shares each batch it receives, and
 * every tab shares the messages it delivers, so that each tab shows every message once whatever the
 * backend, and the visitor holds one connection however many tabs are open.
 */
export interface TabsPort {
  /** While subscribed, this tab asks to be the one of `scope` that listens: true once it is, false when it handed over. */
  listener(scope: string): Observable<boolean>;
  /**
   * The batches the other tabs of `scope` shared, while subscribed. What a tab shares is checked as a
   * poll's answer is (another tab may run another version): what is not a batch is logged and dropped.
   */
  shared(scope: string): Observable<EventBatch>;
  /** Gives `batch` to the other tabs of `scope`, not to this one. */
  share(scope: string, batch: EventBatch): void;
}

/** The default: a tab alone, which always listens and shares with nobody (every engine listens for itself). */
export const loneTab: TabsPort = { listener: () => of(true), shared: () => NEVER, share: () => undefined };
