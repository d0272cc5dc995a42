import { BehaviorSubject, ReplaySubject, type Observable } from 'rxjs';
import { HOST_ORIGIN_PARAM, PROTOCOL_VERSION, WIDGET_SOURCE, isHostMessage, type HostMessage, type WidgetMessage } from '../loader/protocol';

/** The host's answer to hello: what the chat starts with. */
export type HostInit = Extract<HostMessage, { type: 'init' }>;

/**
 * The widget's end of the loader's protocol (ui/loader/protocol.ts; docs/embedding.md): it hears
 * only its parent window, and only at the origin the loader announced in the `host` query
 * parameter (checked against the frame's real ancestor where the browser tells it); it posts only
 * to that origin.
 */
export interface HostLink {
  /** The host page's origin. */
  origin: string;
  post(message: WidgetMessage): void;
  /**
   * The host's init (once), then its later messages; replayed to a late subscriber: this module may
   * run a task before the one that listens (the entry and the chat's early module are two scripts),
   * and the host's init may come in between.
   */
  messages$: Observable<HostMessage>;
  /** The panel shows the widget: from init, then each visibility message. */
  open$: Observable<boolean>;
  /**
   * What the host page passed to `addToolbarItem`, in order, each with the page's address (init's
   * `page`) its relative icon resolves against: unchecked — the composer's host tools
   * (components/hostToolbar.ts) check them when there are any, so that a page without items loads
   * none of that code.
   */
  toolbar$: BehaviorSubject<readonly HostItemEntry[]>;
}

/** One `addToolbarItem` of the host page: the value as it came, and the page it came from. */
export interface HostItemEntry {
  value: unknown;
  page: string;
}

/** Posts `message` in the protocol's envelope to the parent window, at `origin` only. */
function postTo(win: Window, origin: string, message: WidgetMessage): void {
  win.parent.postMessage({ ...message, source: WIDGET_SOURCE, version: PROTOCOL_VERSION }, origin);
}

/** The origin in the query's `host` parameter, when it is one (`https://shop.example`, nothing more). */
function announcedOrigin(search: string): string | null {
  const value = new URLSearchParams(search).get(HOST_ORIGIN_PARAM);
  if (!value) return null;
  try {
    const { origin } = new URL(value);
    return origin === value ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The link to the loader that embedded this page, or null when the page was not embedded by it (no
 * `host` parameter, not in a frame, or an announced origin that is not the frame's parent's: then the
 * page runs as a hand-written embedding would). Says hello at once.
 */
export function hostLink(search: string, win: Window = window): HostLink | null {
  const origin = announcedOrigin(search);
  if (!origin || win.parent === win) return null;
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== origin) {
    console.warn(`[chat] the page that embeds the chat is ${ancestor}, not ${origin} as announced: its messages are ignored`);
    return null;
  }
  const messages$ = new ReplaySubject<HostMessage>();
  const open$ = new BehaviorSubject(false);
  const toolbar$ = new BehaviorSubject<readonly HostItemEntry[]>([]);
  /** The host page's address, from init (an older loader names none: its origin). */
  let page = origin;
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== win.parent || event.origin !== origin || !isHostMessage(event.data)) return;
    const message = event.data;
    if (message.type === 'init' || message.type === 'visibility') open$.next(message.open);
    if (message.type === 'init') page = message.page ?? origin;
    if (message.type === 'addToolbarItem') toolbar$.next([...toolbar$.value, { value: message.value, page }]);
    messages$.next(message);
  });
  const post = (message: WidgetMessage) => postTo(win, origin, message);
  // Escape anywhere in the chat that nothing inside took (a dialog, a menu, the suggestions, a
  // recording) closes the host's panel, as its close control does: the loader returns focus to its launcher.
  win.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !e.defaultPrevented && !win.document.querySelector('dialog[open]')) post({ type: 'close' });
  });
  post({ type: 'hello' });
  return { origin, post, messages$, open$, toolbar$ };
}

/**
 * The embedding page's origin for a hand-written `<iframe src="…?from=iframe">`: the frame's first
 * ancestor (Chromium, Safari), else the origin of the referrer (the page that loaded the frame);
 * null when neither tells it.
 */
function parentOrigin(win: Window): string | null {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Posts `message` to the page that embeds the chat, at its origin only (the loader's announced
 * one, else the hand-written embedding's): another page that framed the widget must not hear of
 * the conversation. An embedder whose origin cannot be told (a referrer policy of no-referrer in a
 * browser without ancestorOrigins) is not told.
 */
export function postToParent(link: HostLink | null, message: WidgetMessage, win: Window = window): void {
  if (link) return link.post(message);
  if (win.parent === win) return;
  const origin = parentOrigin(win);
  if (!origin) {
    console.warn('[chat] the embedding page’s origin is unknown: no message posted to it');
    return;
  }
  postTo(win, origin, message);
}

/** This page's link to the loader that embedded it, if one did (hello is said as this module loads). */
export const embeddingHost = hostLink(window.location.search);

/** useSyncExternalStore's subscribe for the host page's toolbar items (the composer and HostTools read them). */
export function subscribeHostItems(listener: () => void): () => void {
  const subscription = embeddingHost?.toolbar$.subscribe(listener);
  return () => subscription?.unsubscribe();
}
