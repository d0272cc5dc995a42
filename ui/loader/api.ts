import type { HostCard, HostToolbarItem, MessagePreview, VisitorIdentity } from './protocol';

export type { MessagePreview, VisitorIdentity };

/**
 * A button the host page adds to the composer's toolbar (SPEC §3 Toolbar item): labelled by `title`,
 * drawn with `icon` (a small symbol) or `img` (a picture) — http(s) URLs, absolute or relative to the
 * page. The `toolbarItem` event names its `id` when the visitor chooses it.
 */
export type ToolbarItem = HostToolbarItem;

/** A card sent as the visitor's message (docs/protocol.md "Cards"): its code, its data (any JSON) and the plain text shown where it cannot be drawn. */
export type Card = HostCard;

/** Where the launcher (and the panel above it) sits: the inline end by default (right, or left on a right-to-left page). */
export type LauncherPosition = 'end' | 'start' | 'right' | 'left';

/** When the widget's files load ahead of the first open, so that it opens at once. */
export type Prefetch = 'hover' | 'idle' | 'none';

/** How the host page embeds the chat (the script tag's data attributes name the same options). */
export interface VisitorChatOptions {
  /** SPEC §2 channelid (`data-channel-id`). */
  channelId: string;
  /**
   * The chat's address, e.g. `https://chat.example.com/chat/` (`data-chat-url`); by default the
   * folder the loader script was served from.
   */
  chatUrl?: string;
  /** The launcher's colour, any CSS colour (`data-color`); default #2563eb. */
  color?: string;
  /** `data-position`; default `end`. */
  position?: LauncherPosition;
  /** No launcher: the host opens the chat from its own button with `open()` (`data-hide-launcher`). */
  hideLauncher?: boolean;
  /**
   * One of the 25 language codes of the widget (`data-language`). Without it the widget keeps the
   * visitor's own choice (SPEC §2 chat-lan) and starts a visitor who has none in the host page's
   * `lang` when it is one of the 25; the launcher's label follows the host page's `lang`.
   */
  language?: string;
  /** `data-prefetch`; default `hover` (the launcher hovered or focused). */
  prefetch?: Prefetch;
  /** SPEC §2 groupid (`data-group-id`): the agent group a transfer asks for. */
  groupId?: string;
  /** SPEC §2 adminid (`data-admin-id`): the agent a transfer asks for. */
  adminId?: string;
}

/** The events of the chat a host page can listen to, with their handlers' arguments. */
export interface VisitorChatEvents {
  /** The loader has run the calls queued before it loaded: the API answers from now on. Fires at once for a handler added later. */
  ready: [];
  /** The panel opened. */
  open: [];
  /** The panel closed. */
  close: [];
  /** A new agent or robot message arrived. */
  message: [message: MessagePreview];
  /**
   * The number of messages that arrived while the panel was closed changed (0 once it opens). A count
   * restored on the host's next page load (once the page is idle) is told to the handlers then; a
   * handler added while the count is above 0 hears it at once.
   */
  unreadCountChange: [count: number];
  /** The visitor chose the toolbar item of this id (`addToolbarItem`). */
  toolbarItem: [id: string];
}

export type VisitorChatEvent = keyof VisitorChatEvents;
export type VisitorChatHandler<E extends VisitorChatEvent> = (...args: VisitorChatEvents[E]) => void;

/** The host page's handle on the chat. */
export interface VisitorChat {
  open(): void;
  close(): void;
  toggle(): void;
  isOpen(): boolean;
  /**
   * Who the visitor is: sent with the chat's start (SPEC §7 chatStart), never in the iframe's URL.
   * Call it before the chat opens. Fields given are strings; a value with anything postMessage
   * cannot copy (a function, a DOM node) or of another shape is a console warning, and ignored.
   */
  identify(identity: VisitorIdentity): void;
  /** SPEC §2 params, sent with the chat's start like `identify`. */
  setParams(params: string): void;
  /** One of the 25 language codes: the widget (SPEC §2 chat-lan) and the launcher's label follow it. */
  setLanguage(code: string): void;
  /**
   * Adds a button to the composer's toolbar (one of the same id is replaced); the `toolbarItem` event
   * tells when the visitor chooses it. An item without an id or a title, or without an http(s) icon or
   * image, is a console warning once the chat runs (the widget checks it), and ignored.
   */
  addToolbarItem(item: ToolbarItem): void;
  /**
   * Sends a card into the conversation as the visitor's message (e.g. the product the visitor is
   * looking at), through the chat's outbox: it arrives once. Before the chat runs (the visitor has not
   * opened it) it waits; `open()` after it shows it at once. A card with what postMessage cannot copy
   * is a console warning, and ignored; one without a code, or with a fallback that is no text, too,
   * once the chat runs (the widget checks it).
   */
  sendCard(card: Card): void;
  /** Listens to an event; returns the function that stops listening. */
  on<E extends VisitorChatEvent>(event: E, handler: VisitorChatHandler<E>): () => void;
  off<E extends VisitorChatEvent>(event: E, handler: VisitorChatHandler<E>): void;
  /** Removes everything the loader added to the page: launcher, panel, listeners (an idle prefetch still pending then does nothing). The handle does nothing afterwards. */
  destroy(): void;
  /** Runs a queued call, e.g. `push(['open'])`: what `window.VisitorChat.push` does before and after the script loaded. */
  push(call: VisitorChatCall): void;
}

/** A call in the queue: a method's name and its arguments. */
export type VisitorChatCall = {
  [M in Exclude<keyof VisitorChat, 'push'>]: [M, ...Parameters<VisitorChat[M]>];
}[Exclude<keyof VisitorChat, 'push'>];
