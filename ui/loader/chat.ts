import type { VisitorChat, VisitorChatEvent, VisitorChatHandler, VisitorChatOptions, VisitorIdentity } from './api';
import { isLanguage, labelFor, languageOf, rightToLeft } from './language';
import { HOST_ORIGIN_PARAM, HOST_SOURCE, PROTOCOL_VERSION, isIdentity, isWidgetMessage, warn, type HostMessage } from './protocol';
import { direction, drawView, raise } from './view';
import { local, read, savedState, session, write, type Saved } from './storage';

const DEFAULT_COLOR = '#2563eb';

/** Calls a host page's handler: one that throws is logged and must not stop the others or the chat. */
function safely<A extends unknown[]>(handler: (...args: A) => void, args: A): void {
  try {
    handler(...args);
  } catch (error) {
    console.error('[visitor-chat]', error);
  }
}

/**
 * The chat on a host page: the launcher, the panel with the chat's iframe (created when the visitor
 * first opens it, or ahead of that as `prefetch` says — the widget then waits, without a request to
 * the backend, until `init`), the API, and the protocol of ./protocol.ts with the widget. It makes no
 * request to the chat's backend and writes no storage until the visitor opens the chat.
 *
 * What it does in the page's task that runs it is only what the launcher's first paint needs: the
 * elements and the listeners. The rest waits for the page to be idle (`whenIdle`): the open state
 * of an earlier page view (sessionStorage's first read in a renderer is a synchronous round trip to
 * the browser process, 1–40 ms on a page's first view in a tab) and the top layer (`raise`, which
 * computes the page's style at once). A call that needs the state (`open`, `close`, `toggle`,
 * `isOpen`, the visitor's click) reads it first.
 */
export function createVisitorChat(options: VisitorChatOptions): VisitorChat {
  const { channelId, groupId, adminId, hideLauncher = false, prefetch = 'hover' } = options;
  const base = new URL(options.chatUrl ?? '/chat/', location.href);
  const chatOrigin = base.origin;
  const stateKey = `visitor-chat-${channelId}`;
  const idKey = `${stateKey}-uid`;
  let handlers: { [E in VisitorChatEvent]?: Set<(...args: never[]) => void> } = {};

  let open = false;
  /** The visitor has opened the chat, in this page view or an earlier one: the chat runs, storage is written. */
  let started = false;
  /** The open state of an earlier page view has been read (restore). */
  let restored = false;
  let unread = 0;
  let identity: VisitorIdentity | undefined;
  let params: string | undefined;
  /**
   * The calls the widget carries out (forward), to post after init: the toolbar's items are kept and
   * posted again after every init (a reloaded widget has lost them), a card only until it is posted.
   */
  let calls: [message: HostMessage, kept: boolean][] = [];
  /** The language the host asked for (the widget's own choice, SPEC §2 chat-lan, applies otherwise). */
  let chosen = options.language && languageOf(options.language);
  /** The launcher's language: the host's choice, else its page's. */
  let language = chosen || languageOf();
  let frame: HTMLIFrameElement | undefined;
  /** The widget said hello and waits for init. */
  let waiting = false;
  /** init was posted: the widget runs the chat. */
  let initialised = false;
  let destroyed = false;

  /** `end` when not given (direction). */
  const position = options.position;
  const view = drawView(options.color ?? DEFAULT_COLOR, direction(position, rightToLeft(language)), hideLauncher);
  const { launcher, badge, panel } = view;

  function emit<E extends VisitorChatEvent>(event: E, ...args: Parameters<VisitorChatHandler<E>>): void {
    for (const handler of handlers[event] ?? []) safely(handler as VisitorChatHandler<E>, args);
  }

  function post(message: HostMessage): void {
    frame?.contentWindow?.postMessage({ ...message, source: HOST_SOURCE, version: PROTOCOL_VERSION }, chatOrigin);
  }

  function save(): void {
    if (started) write(session, stateKey, JSON.stringify({ open, unread } satisfies Saved));
  }

  function label(): void {
    launcher.setAttribute('aria-label', unread ? `${labelFor(language)} (${unread})` : labelFor(language));
    badge.textContent = unread ? `${Math.min(unread, 99)}` : '';
  }

  function setUnread(count: number): void {
    if (count === unread) return;
    unread = count;
    label();
    save();
    emit('unreadCountChange', count);
  }

  /**
   * Reads the open state an earlier page view of this tab saved, once: the visitor who opened the
   * chat gets it back as it was, open, or closed with its unread count and the chat running on in
   * its frame (new messages, the badge). The count is set before `started`: not written back.
   */
  function restore(): void {
    if (restored) return;
    restored = true;
    const saved = savedState(stateKey);
    if (!saved) return;
    setUnread(saved.unread);
    started = true;
    if (saved.open) show(true);
    else ensureFrame();
  }

  /** Starts the chat in the widget once it said hello and the visitor wants it. */
  function init(): void {
    if (!waiting || !started || initialised) return;
    initialised = true;
    post({
      type: 'init',
      open,
      identity,
      params,
      language: chosen || undefined,
      pageLanguage: language,
      visitorId: read(local, idKey) ?? undefined,
      page: location.href,
    });
    calls = calls.filter(([message, kept]) => (post(message), kept));
  }

  /**
   * A call the widget carries out, and checks (it draws the item, it sends the card; it warns of a
   * bad one): only what postMessage cannot copy is warned about here.
   */
  function forward(type: 'addToolbarItem' | 'sendCard', kept: boolean) {
    return (value: unknown): void => {
      try {
        // A copy now, as postMessage makes it: the page changing its object later changes nothing.
        value = structuredClone(value);
      } catch {
        return warn(type, value);
      }
      const message: HostMessage = { type, value };
      if (initialised) post(message);
      if (kept || !initialised) calls.push([message, kept]);
    };
  }

  /** The iframe, created once: hidden until opened. */
  function ensureFrame(): void {
    if (frame || destroyed) return;
    const query = Object.entries({ channelid: channelId, from: 'iframe', [HOST_ORIGIN_PARAM]: location.origin, groupid: groupId, adminid: adminId });
    frame = document.createElement('iframe');
    frame.title = labelFor(language);
    frame.allow = 'microphone; clipboard-write';
    frame.src = new URL(`index?${new URLSearchParams(query.filter((entry): entry is [string, string] => !!entry[1]))}`, base).href;
    panel.append(frame);
  }

  function onMessage(event: MessageEvent): void {
    if (!frame || event.source !== frame.contentWindow || event.origin !== chatOrigin || !isWidgetMessage(event.data)) return;
    const message = event.data;
    if (message.type === 'hello') {
      // A reloaded widget says hello again: it gets init again.
      waiting = true;
      initialised = false;
      init();
      // Focus handed to the frame before its page had loaded (Enter on the launcher right after it
      // was focused) stays on the frame element and never reaches the page: hand it over now.
      if (open && (panel.getRootNode() as ShadowRoot).activeElement === frame) frame.contentWindow?.focus();
    } else if (message.type === 'message') {
      emit('message', message.message);
      if (!open) setUnread(unread + 1);
    } else if (message.type === 'visitor') {
      write(local, idKey, message.visitorId);
    } else if (message.type === 'toolbarItem') {
      emit('toolbarItem', message.id);
    } else {
      api.close();
    }
  }

  /** Opens or closes the panel; opening first makes the frame and starts the chat. */
  function show(next: boolean): void {
    restore();
    if (destroyed || open === next) return;
    const focusInside = document.activeElement === view.root;
    open = next;
    if (next) {
      started = true;
      ensureFrame();
      setUnread(0);
    }
    panel.className = next ? 'open' : '';
    launcher.setAttribute('aria-expanded', String(next));
    save();
    if (initialised) post({ type: 'visibility', open });
    else init();
    // From the launcher, focus goes into the chat and back (a hidden launcher takes none); open() from the page's own button leaves focus to the page.
    if (focusInside) (next ? frame : launcher)?.focus();
    emit(next ? 'open' : 'close');
  }

  const api: VisitorChat = {
    open: () => show(true),
    close: () => show(false),
    toggle: () => show(!open),
    isOpen: () => (restore(), open),
    identify(next: unknown) {
      // Checked before it is kept, as the copy postMessage will make (no function or DOM node in it)
      // and the widget will read: init, posted again after every reload of the widget, must go through.
      let copy: unknown;
      try {
        copy = structuredClone(next);
      } catch {
        // Left undefined: no identity.
      }
      if (!isIdentity(copy)) return warn('identity', next);
      identity = { ...identity, ...copy };
      if (initialised) post({ type: 'identify', identity });
    },
    setParams(next: unknown) {
      if (typeof next !== 'string') return warn('params', next);
      params = next;
      if (initialised) post({ type: 'params', params: next });
    },
    setLanguage(code: unknown) {
      if (typeof code !== 'string' || !isLanguage(code)) return warn('language', code);
      chosen = language = code;
      view.root.dir = direction(position, rightToLeft(code));
      label();
      if (frame) frame.title = labelFor(code);
      if (initialised) post({ type: 'language', language: code });
    },
    addToolbarItem: forward('addToolbarItem', true),
    sendCard: forward('sendCard', false),
    on(event, handler: unknown) {
      // After destroy() nothing is heard, and nothing is warned about.
      if (destroyed || typeof handler !== 'function') return (destroyed || warn('handler', handler), () => undefined);
      const set = (handlers[event] ??= new Set());
      set.add(handler as (...args: never[]) => void);
      // ready has happened; a count restored from an earlier page load is news to a new handler
      // (one added before it is restored hears it then).
      if (event === 'ready' || (event === 'unreadCountChange' && unread))
        queueMicrotask(() => set.has(handler as (...args: never[]) => void) && safely(handler as VisitorChatHandler<'unreadCountChange'>, [unread]));
      return () => api.off(event, handler as VisitorChatHandler<typeof event>);
    },
    off(event, handler) {
      handlers[event]?.delete(handler as (...args: never[]) => void);
    },
    destroy() {
      destroyed = true;
      // The panel is gone with the rest: isOpen() says so.
      open = false;
      window.removeEventListener('message', onMessage);
      view.root.remove();
      handlers = {};
      frame = undefined;
    },
    push(call: unknown) {
      // Anything may be in the page's queue: only a call of an own method other than push runs.
      const [method, ...args] = Array.isArray(call) ? (call as unknown[]) : [];
      if (method !== 'push' && Object.hasOwn(api, method as PropertyKey)) (api[method as keyof VisitorChat] as (...a: unknown[]) => unknown)(...args);
      else warn('call', call);
    },
  };

  window.addEventListener('message', onMessage);
  launcher.addEventListener('click', api.toggle);
  if (prefetch === 'hover') {
    launcher.addEventListener('pointerenter', ensureFrame);
    launcher.addEventListener('focus', ensureFrame);
  }
  label();
  // The state of an earlier page view (a visitor who opened the chat there finds it as it was), the
  // idle prefetch, the top layer. After destroy() the state read changes nothing, and nothing is raised.
  whenIdle(() => (restore(), prefetch === 'idle' && ensureFrame(), destroyed || raise(view)));
  return api;
}

/**
 * Runs `task` once the page is idle, within 1 s. Safari has no requestIdleCallback: a timer, at once
 * after this task (the options object is no delay: 0).
 */
function whenIdle(task: () => unknown): void {
  (self.requestIdleCallback || (setTimeout as unknown as typeof requestIdleCallback))(task, { timeout: 1e3 });
}
