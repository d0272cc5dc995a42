import { Observable } from 'rxjs';
import type { ChannelInfo, StoragePort, VisibilityPort } from '../../engine';

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

/** The message posted to the parent window when embedded (SPEC §2: a new-message flag and the channel info). */
interface ParentNotice {
  source: 'visitor-chat';
  newMessage: true;
  channel: ChannelInfo;
}

/**
 * Posts the new-message notice to the parent page. The channel info is public, so any origin may
 * read it; an embedder that cares checks `event.data.source`.
 */
export function notifyParent(channel: ChannelInfo): void {
  if (window.parent === window) return;
  const notice: ParentNotice = { source: 'visitor-chat', newMessage: true, channel };
  window.parent.postMessage(notice, '*');
}
