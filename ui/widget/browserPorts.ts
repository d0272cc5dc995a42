import { Observable } from 'rxjs';
import type { ChannelInfo, ConnectivityPort, StoragePort, VisibilityPort } from '../../engine';

/** The browser's local storage as the engine's storage port; memory when storage is blocked (e.g. third-party iframes). */
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

/** The message posted to the parent window when embedded (SPEC §2: a new-message flag and the channel info). */
interface ParentNotice {
  source: 'visitor-chat';
  newMessage: true;
  channel: ChannelInfo;
}

/**
 * The embedding page's origin: the frame's first ancestor (Chromium, Safari), else the origin of the
 * referrer (the page that loaded the frame); null when neither tells it.
 */
function parentOrigin(): string | null {
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Posts the new-message notice to the parent page, to its origin only: another page that framed
 * the widget must not hear of the conversation. An embedder whose origin cannot be told (a referrer
 * policy of no-referrer in a browser without ancestorOrigins) is not notified.
 */
export function notifyParent(channel: ChannelInfo): void {
  if (window.parent === window) return;
  const origin = parentOrigin();
  if (!origin) {
    console.warn('[chat] the embedding page’s origin is unknown: no new-message notice posted');
    return;
  }
  const notice: ParentNotice = { source: 'visitor-chat', newMessage: true, channel };
  window.parent.postMessage(notice, origin);
}
