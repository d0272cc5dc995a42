/**
 * The messages between the host page (the loader) and the widget in its iframe, both ways, over
 * `postMessage` (docs/embedding.md "Protocol"). Every message is `{ source, version, type, … }`:
 * the source tells who wrote it, the version which shape it has. A receiver drops anything else,
 * and checks the sender (the loader: the widget's origin and frame; the widget: its parent's origin
 * as announced and the parent window) before it reads a message.
 *
 * Version 1. New message types and optional fields are added within it (a receiver ignores types it
 * does not know, and fields: an older widget ignores `addToolbarItem` and `sendCard`, an older loader
 * `toolbarItem`); a field's meaning never changes within a version — a change of meaning is a new
 * version, which a receiver of this one drops.
 */
export const PROTOCOL_VERSION = 1;

/** The source of what the widget posts (also SPEC §2's new-message notice, which keeps its `newMessage` and `channel`). */
export const WIDGET_SOURCE = 'visitor-chat';
/** The source of what the host page (the loader) posts. */
export const HOST_SOURCE = 'visitor-chat-host';

/** The URL query parameter that makes the widget wait for the host: the host page's origin, as the loader announces it. */
export const HOST_ORIGIN_PARAM = 'host';

/** Who the visitor is, as the host page knows it (SPEC §7 chatStart userName, email, phone). */
export interface VisitorIdentity {
  name?: string;
  email?: string;
  phone?: string;
}

/** A new agent or robot message, as the host hears of it: the sender's name and a short text preview. */
export interface MessagePreview {
  /** The agent's (or robot's) name, when the message carries one. */
  senderName?: string;
  /** The start of the message's text (at most 100 characters); a file's name; '' for media without a name. */
  preview: string;
}

/**
 * A toolbar item the host page adds to the composer (SPEC §3 Toolbar item: title, icon, img): a
 * button labelled by `title`, drawn with `icon` (a small symbol) or `img` (a picture), each an http(s)
 * URL, absolute or relative to the host page; the loader's `toolbarItem` event names `id` when the visitor chooses it.
 */
export interface HostToolbarItem {
  id: string;
  title: string;
  icon?: string;
  img?: string;
}

/** A card the host page sends as the visitor's message (docs/protocol.md "Cards"): `{code, data, fallback}`. */
export interface HostCard {
  code: string;
  data?: unknown;
  /** The plain text a UI that cannot draw the card shows: give one. */
  fallback?: string;
}

/** What the widget posts to the host page. */
export type WidgetMessage =
  /** The widget has loaded and waits for `init` before it starts the chat. */
  | { type: 'hello' }
  /**
   * SPEC §2: a new message arrived, with the channel info (the same notice a hand-written
   * `from=iframe` embedding gets); `message` previews it.
   */
  | { type: 'message'; newMessage: true; channel: unknown; message: MessagePreview }
  /** The visitor's id once the chat started, for the host to keep (its storage outlives the widget's where third-party storage is blocked). */
  | { type: 'visitor'; visitorId: string }
  /** The visitor pressed the widget's own close control. */
  | { type: 'close' }
  /** The visitor chose the host's toolbar item `id`. */
  | { type: 'toolbarItem'; id: string };

/** What the host page posts to the widget. */
export type HostMessage =
  /** The answer to `hello`: what the chat starts with (kept out of the iframe's URL). */
  | {
      type: 'init';
      /** The panel shows the widget now. */
      open: boolean;
      identity?: VisitorIdentity;
      /** SPEC §2 params. */
      params?: string;
      /** One of the 25 language codes (SPEC §2 chat-lan): the host's choice. */
      language?: string;
      /** The host page's language, when it is one of the 25: the widget's first language for a visitor who has not chosen one. */
      pageLanguage?: string;
      /** The visitor id the host kept from an earlier page view, used when the widget's own storage has none. */
      visitorId?: string;
      /**
       * The host page's address (`location.href`): the page the visitor came from (SPEC §7 chatStart
       * `previousUrl`, where the iframe's referrer is only the host's origin), and what a toolbar
       * item's relative icon or image resolves against.
       */
      page?: string;
    }
  /** The panel was opened or closed: the visitor sees the widget, or does not. */
  | { type: 'visibility'; open: boolean }
  | { type: 'language'; language: string }
  | { type: 'identify'; identity: VisitorIdentity }
  | { type: 'params'; params: string }
  /**
   * A toolbar item the host page added (after `init`: those added before follow it, again after each
   * `init`); the widget checks it (ui/widget/components/HostTools.tsx) and warns of what is none. One of the same id replaces it.
   */
  | { type: 'addToolbarItem'; value: unknown }
  /** A card to send as the visitor's message (after `init`, once; one sent before waits for it): the widget checks it, and warns of what is none. */
  | { type: 'sendCard'; value: unknown };

/**
 * What the host page passed that the chat cannot use (a call that is no call, a handler that is no
 * function, an identity with what postMessage cannot copy, a toolbar item without a title, …;
 * docs/embedding.md lists them): one warning with the value, in the console of the page or of the
 * widget's frame (which devtools show together), and it is ignored. Nothing throws into the page.
 */
export function warn(what: string, value: unknown): void {
  console.warn(`[visitor-chat] bad ${what}:`, value);
}

/** A message with its envelope. */
export type Envelope<M, S extends string> = M & { source: S; version: typeof PROTOCOL_VERSION };

export const isRecord = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null;
const optString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** An envelope of `source` at this protocol version. */
function ofSource(data: unknown, source: string): data is Record<string, unknown> {
  return isRecord(data) && data.source === source && data.version === PROTOCOL_VERSION;
}

/** `data` is a widget message of this version and a type the loader knows, with the fields that type needs. */
export function isWidgetMessage(data: unknown): data is Envelope<WidgetMessage, typeof WIDGET_SOURCE> {
  if (!ofSource(data, WIDGET_SOURCE)) return false;
  const { type, message } = data;
  if (type === 'message') return data.newMessage === true && isRecord(message) && typeof message.preview === 'string' && optString(message.senderName);
  return type === 'hello' || type === 'close' || (type === 'visitor' && text(data.visitorId)) || (type === 'toolbarItem' && text(data.id));
}

/**
 * Who the visitor is, when `value` reads as an identity: an object whose name, email and phone are
 * strings when given. The loader takes from a host page only what passes here (the widget drops an
 * init with anything else).
 */
export function isIdentity(value: unknown): value is VisitorIdentity {
  return isRecord(value) && optString(value.name) && optString(value.email) && optString(value.phone);
}

/** `data` is a host message of this version and a type the widget knows, with the fields that type needs. */
export function isHostMessage(data: unknown): data is Envelope<HostMessage, typeof HOST_SOURCE> {
  if (!ofSource(data, HOST_SOURCE)) return false;
  switch (data.type) {
    case 'init':
      return (
        typeof data.open === 'boolean' &&
        (data.identity === undefined || isIdentity(data.identity)) &&
        optString(data.params) &&
        optString(data.language) &&
        optString(data.pageLanguage) &&
        optString(data.visitorId) &&
        optString(data.page)
      );
    case 'visibility':
      return typeof data.open === 'boolean';
    case 'language':
      return typeof data.language === 'string';
    case 'identify':
      return isIdentity(data.identity);
    case 'params':
      return typeof data.params === 'string';
    // What the host page passed: checked where it is used (hostLink, the engine's sendCard).
    case 'addToolbarItem':
    case 'sendCard':
      return true;
    default:
      return false;
  }
}
