/**
 * The browser's tabs as the engine's tabs port, loaded by `browserTabs()` (./browser.ts) when a
 * chat is first with an agent: of the visitor's tabs of a chat, the one that holds the chat's Web Lock
 * listens; they share over the chat's BroadcastChannel (docs/protocol.md "Several tabs").
 */
import { Observable } from 'rxjs';
import { DecodeError, type Json } from './model/decode';
import { consoleLogger, loneTab, type TabsPort } from './ports';
import type { EventMsgData } from './protocol';
import { decodeEvents } from './transport/decoders';
import type { EventBatch } from './transport/visitorApi';

/** The lock's and the channel's name. */
const nameOf = (scope: string): string => `visitor-chat ${scope}`;

const channels = new Map<string, BroadcastChannel | null>();
/**
 * This page's one channel of the scope, for hearing and telling: what it tells never comes back to
 * it. None where the browser refuses one (storage blocked): the tab then hears nothing and tells
 * nobody, as a tab alone.
 */
function channel(scope: string): BroadcastChannel | null {
  if (!channels.has(scope)) {
    try {
      channels.set(scope, new BroadcastChannel(nameOf(scope)));
    } catch {
      channels.set(scope, null);
    }
  }
  return channels.get(scope) ?? null;
}

/** A batch as the tabs post it: getEventMsg's data, so that it is read back as a poll's answer is. */
const posted = ({ events, status, waitIndex }: EventBatch): EventMsgData => ({ msgList: events, status, waitIndex });

/** What another tab posted, read as a poll's answer (it may run another version of the widget): null, with a log line, when it is not one. */
function heard(data: unknown): EventBatch | null {
  try {
    return decodeEvents(data as Json);
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    consoleLogger.warn(`dropped what another tab shared: ${e.message}`);
    return null;
  }
}

/**
 * While subscribed, asks for the scope's lock behind the tabs that asked before, and holds it: true
 * once held (or once the browser denied it: the tab then listens for itself). The lock goes to the next tab when this one closes (the browser lets it go), and when
 * the page is frozen or put in the back/forward cache — a page that cannot run cannot listen —
 * asking again when it runs again (false meanwhile).
 */
function listener(scope: string): Observable<boolean> {
  return new Observable<boolean>((subscriber) => {
    let handOver: (() => void) | undefined;
    const ask = () => {
      if (handOver) return;
      const abort = new AbortController();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      handOver = () => {
        handOver = undefined;
        abort.abort();
        release();
        subscriber.next(false);
      };
      navigator.locks
        .request(nameOf(scope), { signal: abort.signal }, () => {
          if (!abort.signal.aborted) subscriber.next(true);
          return held;
        })
        // Withdrawn before it was granted; or denied (a third-party frame whose storage the browser
        // blocks): then this tab listens for itself, as a tab alone.
        .catch(() => {
          if (!abort.signal.aborted) subscriber.next(true);
        });
    };
    const pause = () => handOver?.();
    ask();
    document.addEventListener('freeze', pause);
    document.addEventListener('resume', ask);
    window.addEventListener('pagehide', pause);
    window.addEventListener('pageshow', ask);
    return () => {
      document.removeEventListener('freeze', pause);
      document.removeEventListener('resume', ask);
      window.removeEventListener('pagehide', pause);
      window.removeEventListener('pageshow', ask);
      pause();
    };
  });
}

/**
 * The tabs port of this browser. Without Web Locks or BroadcastChannel (an http page, an old
 * browser) each tab listens for itself, as a tab alone.
 */
export function tabs(): TabsPort {
  if (!('locks' in navigator) || typeof BroadcastChannel !== 'function') return loneTab;
  return {
    listener,
    shared: (scope) =>
      new Observable<EventBatch>((subscriber) => {
        const hear = ({ data }: MessageEvent) => {
          const batch = heard(data);
          if (batch) subscriber.next(batch);
        };
        const open = channel(scope);
        open?.addEventListener('message', hear);
        return () => open?.removeEventListener('message', hear);
      }),
    share: (scope, batch) => channel(scope)?.postMessage(posted(batch)),
  };
}
