import { TIME_GAP_MS } from '../constants';
import { MessageStatus, MsgType, QUEUE_PLACEHOLDER, SenderType } from './codes';
import { DecodeError, avatarUrl, flag, object, optNumber, optString, string, type Json } from './decode';
import type { ChannelInfo } from './channel';

/** Where a message sits in the list (SPEC §3 display fields). */
export type Position = 'left' | 'right' | 'center';

/**
 * A text the engine itself writes (a system notice). The UI translates it by `id`; `values` fill
 * its placeholders. The engine never hard-codes user-visible language.
 */
export interface Notice {
  id: NoticeId;
  values?: Readonly<Record<string, string | number>>;
}

/** Every notice the engine can emit. */
export type NoticeId =
  | 'noAgentOnline'
  | 'transferFailed'
  | 'sessionEstablished'
  | 'openedInNewWindow'
  | 'agentRefused'
  | 'robotUnavailable'
  | 'visitorEnded';

/** The English text of each notice, kept in msgContent as the fallback of the UI's translation. */
export const NOTICE_FALLBACK: Readonly<Record<NoticeId, string>> = {
  noAgentOnline: 'No agent online',
  transferFailed: 'Transfer to human failed',
  sessionEstablished: 'You are now chatting with an agent.',
  openedInNewWindow: 'The conversation was opened in a new window.',
  agentRefused: 'The agent declined the conversation.',
  robotUnavailable: 'The assistant is unavailable right now. Please try again.',
  visitorEnded: 'You ended the chat. Send a message to start a new one.',
};

/** A new message as a page that embeds the chat hears of it (SPEC §2 notice): who wrote it and how it starts. */
export interface MessagePreview {
  senderName?: string;
  /** The text's first 100 characters on one line; a file's name; '' for media without one. */
  preview: string;
}

/** How long a preview's text may be. */
const PREVIEW_CHARS = 100;

/** The preview of `message` (text as plain text: a robot answer's markup is the host's to ignore). */
export function previewOf(message: ChatMessage): MessagePreview {
  const text = message.msgType === MsgType.Text || typeof message.msgType === 'string' || message.msgType === MsgType.SystemText || message.msgType === MsgType.AutoTip;
  const preview = text ? [...message.msgContent.replace(/\s+/g, ' ').trim()].slice(0, PREVIEW_CHARS).join('') : (message.fileName ?? '');
  return message.senderName ? { senderName: message.senderName, preview } : { preview };
}

/** userQueueMsg with its ## placeholder replaced by the queue position (SPEC §3, §4 transfer 3). */
export function queueText(template: string, position: number): string {
  return template.split(QUEUE_PLACEHOLDER).join(String(position));
}

/** A message ready for display (SPEC §3 Message plus display fields). */
export interface ChatMessage {
  readonly id: string;
  /**
   * The id the backend gave a visitor message in its sendMsg answer, when it is not `id` (the
   * clientMsgId): a backend without the clientMsgId extension names the message by it in 1205,
   * history pages and echoes (docs/protocol.md "Client message id").
   */
  readonly serverId?: string;
  readonly userId?: string;
  readonly senderType: SenderType;
  readonly senderName?: string;
  /** The sender's picture, an http(s) URL (docs/protocol.md "Avatars"); shown as avatarOf() says. */
  readonly senderAvatar?: string;
  readonly msgType: MsgType;
  readonly msgContent: string;
  readonly msgTime?: number;
  readonly fileName?: string;
  readonly audioDuration?: number;
  readonly fileSize?: number;
  readonly fileUrl?: string;
  readonly status?: MessageStatus;
  readonly remote?: boolean;
  readonly robotAskMsgType?: string;
  readonly specialMsgFlag?: number;
  readonly position: Position;
  readonly createdAt: number;
  /** The message carried its own time flag (SPEC §3 hasTime "when carried"). */
  readonly carriesTime: boolean;
  /** Show the time above this message (SPEC §3 hasTime). */
  readonly hasTime: boolean;
  /** A text written by the engine, translated by the UI; msgContent holds the English fallback. */
  readonly notice?: Notice;
  /** Questions the visitor may tap next (FAQ list, robot suggestions), as quick replies (SPEC §3). */
  readonly suggestions?: readonly QuickReply[];
  /** A robot answer not yet received. */
  readonly awaiting?: boolean;
  /** A pending visitor message still unconfirmed after 800 ms: show the loading indicator (SPEC §4). */
  readonly slow?: boolean;
  /** A visitor file not yet uploaded (SPEC §4 Sending: upload first); gone once fileUrl is set. */
  readonly upload?: FileUpload;
  /** A local preview of a sent file (e.g. an object URL the UI made), shown instead of fileUrl. */
  readonly localUrl?: string;
  /** The visitor's rating of a robot reply (SPEC §4 Rating of a reply); kept locally, never sent. */
  readonly rating?: MessageRating;
  /** How long the robot thought: answer time − placeholder time (SPEC §4 Thinking block). */
  readonly thoughtMs?: number;
}

/** A quick reply (SPEC §3): `name` is what it shows and sends; the rest decorates its chip. */
export interface QuickReply {
  readonly name: string;
  /** The backend's id of the reply; the text itself when the wire gave only a string. */
  readonly code: string;
  /** A short glyph shown before the name (e.g. an emoji). */
  readonly icon?: string;
  /** An image URL shown before the name (instead of the icon). */
  readonly img?: string;
  /** Marked as new: a reply the visitor has not seen before. */
  readonly isNew?: boolean;
  /** Emphasised: the reply the backend wants picked. */
  readonly isHighlight?: boolean;
}

/**
 * One quick reply from the wire (SPEC §3 name, code, icon, img, isNew, isHighlight): a string (its
 * name and code), or an object with `name` (or `question`, `title`, as FAQ configs write it);
 * undefined when it has no text to show.
 */
function quickReplyOf(value: unknown): QuickReply | undefined {
  if (typeof value === 'string') return value.trim() ? { name: value, code: value } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const text = [o.name, o.question, o.title].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (text === undefined) return undefined;
  const code = typeof o.code === 'string' || typeof o.code === 'number' ? String(o.code) : text;
  return {
    name: text,
    code,
    ...(typeof o.icon === 'string' && o.icon ? { icon: o.icon } : {}),
    ...(typeof o.img === 'string' && o.img ? { img: o.img } : {}),
    ...(flag(o.isNew) ? { isNew: true } : {}),
    ...(flag(o.isHighlight) ? { isHighlight: true } : {}),
  };
}

/** The quick replies of a wire list, those without text dropped. */
export function quickRepliesOf(list: readonly unknown[]): QuickReply[] {
  return list.flatMap((v) => {
    const reply = quickReplyOf(v);
    return reply ? [reply] : [];
  });
}

/** The quick replies of a wire list, or undefined when there is none (an empty list offers nothing). */
export function suggestionsOf(list: readonly unknown[] | null | undefined): readonly QuickReply[] | undefined {
  const replies = list ? quickRepliesOf(list) : [];
  return replies.length ? replies : undefined;
}

/** A rating of a reply: thumbs up or down (SPEC §4). */
export type MessageRating = 'up' | 'down';

/** The file of a message that still has to be uploaded, and how far its upload got. */
export interface FileUpload {
  readonly file: Blob;
  /** 0..1 while the transport reports progress; undefined when unknown (indeterminate). */
  readonly progress?: number;
}

const SENDER_TYPES: readonly number[] = Object.values(SenderType);
const MSG_TYPES: readonly (number | string)[] = Object.values(MsgType);

/** Where a wire message (or a 1201 event) may name its sender's picture (docs/protocol.md "Avatars"). */
export const MESSAGE_AVATAR_FIELDS = ['senderAvatar', 'avatar', 'adminAvatar', 'headImg'] as const;

/**
 * The picture shown beside `m` (SPEC §9 avatar): the message's own, else for the robot the channel's
 * (robotAvatar); undefined when there is none (the UI shows the sender's initial).
 */
export function avatarOf(m: ChatMessage, channel: ChannelInfo | null | undefined): string | undefined {
  return m.senderAvatar ?? (m.senderType === SenderType.Robot ? (channel?.robotAvatar ?? undefined) : undefined);
}

/** Position by sender: visitor right, system centre, everyone else left (the default). */
function positionOf(senderType: SenderType): Position {
  if (senderType === SenderType.Visitor) return 'right';
  if (senderType === SenderType.System) return 'center';
  return 'left';
}

export interface MessageDefaults {
  /** Clock reading used for createdAt when the message has no usable time. */
  now: number;
  /** Id generator used when the message has none (SPEC §3 "generated if missing"). */
  newId: () => string;
  /** The sender of a message that names none (an agent's 1201 event); without it such a message is rejected. */
  senderType?: SenderType;
  /** Where each normalised field is reported, one line each (the engine's log). */
  warn?: (message: string) => void;
}

/** The largest time a `Date` can hold either side of 1970, in ms (ECMAScript's time value range). */
const MAX_TIME_MS = 8.64e15;

/** An optional field: its decoded value, or undefined — with a log line — when it is unusable. */
function lenient<T>(read: () => T | undefined, warn: MessageDefaults['warn']): T | undefined {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    warn?.(`${e.message}; ignored`);
    return undefined;
  }
}

/** A number the field allows (a time a Date can hold, a size of 0 or more), or undefined with a log line. */
function within(value: number | undefined, ok: (n: number) => boolean, path: string, warn: MessageDefaults['warn']): number | undefined {
  if (value === undefined || ok(value)) return value;
  warn?.(`${path}: ${value} out of range; ignored`);
  return undefined;
}

/**
 * Normalises one wire message (SPEC §3), liberal in what it accepts (DESIGN "wire data is
 * untrusted"): id the clientMsgId when there is one, else the id, generated if missing; position by
 * sender; createdAt from msgTime or now. Unusable optional fields (a time a Date cannot hold, a
 * negative size, a wrong type, a status other than sent — the server holds the message, nothing is
 * left to deliver) are dropped and an unknown msgType is shown as text, each with a log line; an
 * unknown sender is the default sender when one is given. Throws DecodeError only when there is no
 * known sender or the text is unusable.
 */
export function decodeMessage(value: Json, defaults: MessageDefaults, path = 'message'): ChatMessage {
  const o = object(value, path);
  const { warn } = defaults;
  const named = lenient(() => optNumber(o.senderType, `${path}.senderType`), warn);
  let senderType = named ?? defaults.senderType;
  if (senderType === undefined || !SENDER_TYPES.includes(senderType)) {
    if (defaults.senderType === undefined) throw new DecodeError(`${path}.senderType: unknown ${String(o.senderType)}`);
    warn?.(`${path}.senderType: unknown ${String(o.senderType)}; read as ${defaults.senderType}`);
    senderType = defaults.senderType;
  }
  const rawType = typeof o.msgType === 'string' && /^\d+$/.test(o.msgType) ? Number(o.msgType) : (o.msgType ?? MsgType.Text);
  const known = MSG_TYPES.includes(rawType as number | string);
  if (!known) warn?.(`${path}.msgType: unknown ${String(o.msgType)}; shown as text`);
  const status = lenient(() => optString(o.status, `${path}.status`), warn);
  // A message the server holds is not the widget's to deliver or retry: only "sent" is kept.
  if (status !== undefined && status !== MessageStatus.Sent) warn?.(`${path}.status: ${status} on a stored message; ignored`);
  const msgTime = within(lenient(() => optNumber(o.msgTime, `${path}.msgTime`), warn), (t) => Math.abs(t) <= MAX_TIME_MS, `${path}.msgTime`, warn);
  const size = (field: 'fileSize' | 'audioDuration') =>
    within(lenient(() => optNumber(o[field], `${path}.${field}`), warn), (n) => n >= 0, `${path}.${field}`, warn);
  const text = (field: 'id' | 'clientMsgId' | 'userId' | 'senderName' | 'fileName' | 'fileUrl' | 'robotAskMsgType') =>
    lenient(() => optString(o[field], `${path}.${field}`), warn);
  const sender = senderType as SenderType;
  return {
    // A visitor message sent with a clientMsgId is known under it here (docs/protocol.md "Extensions").
    id: text('clientMsgId') || text('id') || defaults.newId(),
    userId: text('userId'),
    senderType: sender,
    senderName: text('senderName'),
    senderAvatar: avatarUrl(o, MESSAGE_AVATAR_FIELDS, path, warn),
    msgType: known ? (rawType as MsgType) : MsgType.Text,
    msgContent: string(o.msgContent ?? '', `${path}.msgContent`),
    msgTime,
    fileName: text('fileName'),
    audioDuration: size('audioDuration'),
    fileSize: size('fileSize'),
    fileUrl: text('fileUrl'),
    status: status === MessageStatus.Sent ? status : undefined,
    remote: o.remote === true ? true : undefined,
    robotAskMsgType: text('robotAskMsgType'),
    specialMsgFlag: lenient(() => optNumber(o.specialMsgFlag, `${path}.specialMsgFlag`), warn),
    position: positionOf(sender),
    createdAt: msgTime ?? defaults.now,
    carriesTime: o.hasTime === true,
    hasTime: o.hasTime === true,
  };
}

/** Fields a locally created message needs; the rest take their defaults. */
export type NewMessage = Pick<ChatMessage, 'id' | 'senderType' | 'msgType' | 'msgContent' | 'createdAt'> &
  Partial<Omit<ChatMessage, 'position' | 'hasTime' | 'carriesTime'>>;

/** Builds a message created on this side (visitor input, notices, welcome texts). */
export function createMessage(fields: NewMessage): ChatMessage {
  return { ...fields, position: positionOf(fields.senderType), carriesTime: false, hasTime: false };
}

/**
 * Applies SPEC §3 hasTime to `list` from index `from` on: true when carried, or when more than
 * TIME_GAP_MS passed since the last message shown with a time. Unchanged messages keep their
 * identity, so a UI re-renders only what changed; returns `list` itself when nothing changed.
 */
export function assignTimes(list: readonly ChatMessage[], from = 0): readonly ChatMessage[] {
  let lastShown: number | undefined;
  for (let i = from - 1; i >= 0; i--) {
    const m = list[i];
    if (m?.hasTime) {
      lastShown = m.createdAt;
      break;
    }
  }
  let out: ChatMessage[] | undefined;
  for (let i = from; i < list.length; i++) {
    const m = list[i] as ChatMessage;
    const hasTime = m.carriesTime || lastShown === undefined || m.createdAt - lastShown > TIME_GAP_MS;
    if (hasTime) lastShown = m.createdAt;
    if (hasTime !== m.hasTime) {
      out ??= list.slice();
      out[i] = { ...m, hasTime };
    }
  }
  return out ?? list;
}

/** The wire form of a message for sendMsg: the message without its id or display fields (SPEC §7). */
export function toWire(m: ChatMessage, userId: string) {
  return {
    userId,
    senderType: m.senderType,
    senderName: m.senderName,
    msgType: m.msgType,
    msgContent: m.msgContent,
    msgTime: m.createdAt,
    fileName: m.fileName,
    audioDuration: m.audioDuration,
    fileSize: m.fileSize,
    fileUrl: m.fileUrl,
  };
}
