import { MESSAGE_AVATAR_FIELDS } from './avatar';
import { MessageStatus, MsgType, SenderType } from './codes';
import { cardContentText } from './cardText';
import { avatarUrl, DecodeError, fileAddress, type Json, type JsonObject, object, optNumber, optString, string } from './decode';
import { type ChatMessage, positionOf } from './message';

const SENDER_TYPES: readonly number[] = /* @__PURE__ */ Object.values(SenderType);
const MSG_TYPES: readonly (number | string)[] = /* @__PURE__ */ Object.values(MsgType);
/** The kinds whose msgContent is the file's address when there is no fileUrl (SPEC §3 msgType). */
const FILE_TYPES: readonly MsgType[] = [MsgType.Image, MsgType.File, MsgType.Audio, MsgType.Video];

/** What decoding a wire message needs besides the message: the clock, ids, the default sender, the log. */
export interface MessageDefaults {
  /** Clock reading used for createdAt when the message has no usable time. */
  now: number;
  /** Id generator used when the message has none (SPEC §3 "generated if missing"). */
  newId: () => string;
  /** The sender of a message that names none (an agent's 1201 event); without it such a message is rejected. */
  senderType?: SenderType;
  /** Where each normalised field is reported, one line each (the engine's log). */
  warn?: (message: string) => void;
  /** The visitor API's URL (`{apiBase}/api/chat/visitor/`) a relative file address resolves against (fileAddress); without it addresses stay as they came. */
  api?: string;
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

/**
 * Optional field `field` of `o` as text (optString), lenient: the usual value (absent, or of the
 * right type) is read without building its path or a closure — a history page of 10,000 messages
 * reads a dozen fields of each.
 */
function textField(o: JsonObject, field: string, path: string, warn: MessageDefaults['warn']): string | undefined {
  const value = o[field];
  if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
  return lenient(() => optString(value, `${path}.${field}`), warn);
}
/** Optional field `field` of `o` as a number (optNumber), lenient, the usual value read as textField reads it. */
function numberField(o: JsonObject, field: string, path: string, warn: MessageDefaults['warn']): number | undefined {
  const value = o[field];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value === undefined || value === null) return undefined;
  return lenient(() => optNumber(value, `${path}.${field}`), warn);
}

/** A number the field allows (a time a Date can hold, a size of 0 or more), or undefined with a log line. */
function within(value: number | undefined, ok: (n: number) => boolean, path: string, field: string, warn: MessageDefaults['warn']): number | undefined {
  if (value === undefined || ok(value)) return value;
  warn?.(`${path}.${field}: ${value} out of range; ignored`);
  return undefined;
}
const inTimeRange = (t: number): boolean => Math.abs(t) <= MAX_TIME_MS;
const notNegative = (n: number): boolean => n >= 0;

/**
 * Normalises one wire message (SPEC §3), liberal in what it accepts (DESIGN "wire data is
 * untrusted"): id the clientMsgId when there is one, else the id, generated if missing; position by
 * sender; createdAt from msgTime or now. Unusable optional fields (a time a Date cannot hold, a
 * negative size, a wrong type, a status other than sent — the server holds the message, nothing is
 * left to deliver) are dropped and an unknown msgType is shown as text, each with a log line; the
 * status of a message not the visitor's is dropped silently (only theirs has a delivery status; a
 * backend may mark every stored message sent). An unknown sender is the default sender when one is given. A card message (msgType `card`) keeps
 * its card as JSON text, whatever its msgContent (decoded where it is drawn: model/card.ts). Throws DecodeError
 * only when there is no known sender or the text is unusable.
 */
export function decodeMessage(value: Json, defaults: MessageDefaults, path = 'message'): ChatMessage {
  const o = object(value, path);
  const { warn } = defaults;
  const named = numberField(o, 'senderType', path, warn);
  let senderType = named ?? defaults.senderType;
  if (senderType === undefined || !SENDER_TYPES.includes(senderType)) {
    if (defaults.senderType === undefined) throw new DecodeError(`${path}.senderType: unknown ${String(o.senderType)}`);
    warn?.(`${path}.senderType: unknown ${String(o.senderType)}; read as ${defaults.senderType}`);
    senderType = defaults.senderType;
  }
  const rawType = typeof o.msgType === 'string' && /^\d+$/.test(o.msgType) ? Number(o.msgType) : (o.msgType ?? MsgType.Text);
  const known = MSG_TYPES.includes(rawType as number | string);
  if (!known) warn?.(`${path}.msgType: unknown ${String(o.msgType)}; shown as text`);
  const status = textField(o, 'status', path, warn);
  // A message the server holds is not the widget's to deliver or retry: only "sent" is kept.
  if (status !== undefined && status !== MessageStatus.Sent) warn?.(`${path}.status: ${status} on a stored message; ignored`);
  const msgTime = within(numberField(o, 'msgTime', path, warn), inTimeRange, path, 'msgTime', warn);
  const size = (field: 'fileSize' | 'audioDuration') => within(numberField(o, field, path, warn), notNegative, path, field, warn);
  const text = (field: 'id' | 'clientMsgId' | 'userId' | 'senderName' | 'fileName' | 'fileUrl' | 'robotAskMsgType') => textField(o, field, path, warn);
  const sender = senderType as SenderType;
  const msgType = known ? (rawType as MsgType) : MsgType.Text;
  const fileUrl = text('fileUrl');
  const content = () => string(o.msgContent ?? '', `${path}.msgContent`);
  const address = (url: string) => fileAddress(url, defaults.api);
  return {
    // A visitor message sent with a clientMsgId is known under it here (docs/protocol.md "Extensions").
    id: text('clientMsgId') || text('id') || defaults.newId(),
    userId: text('userId'),
    senderType: sender,
    senderName: text('senderName'),
    senderAvatar: avatarUrl(o, MESSAGE_AVATAR_FIELDS, path, warn),
    msgType,
    // A card's msgContent is JSON text or the value itself: it is kept as JSON text (docs/protocol.md "Cards").
    msgContent:
      msgType === MsgType.Card ? cardContentText(o.msgContent) : fileUrl === undefined && FILE_TYPES.includes(msgType) ? address(content()) : content(),
    msgTime,
    fileName: text('fileName'),
    audioDuration: size('audioDuration'),
    fileSize: size('fileSize'),
    fileUrl: fileUrl && address(fileUrl),
    // Only the visitor's own messages have a delivery status: an agent's or a robot's "sent" shows no tick.
    status: sender === SenderType.Visitor && status === MessageStatus.Sent ? status : undefined,
    remote: o.remote === true ? true : undefined,
    robotAskMsgType: text('robotAskMsgType'),
    specialMsgFlag: numberField(o, 'specialMsgFlag', path, warn),
    position: positionOf(sender),
    createdAt: msgTime ?? defaults.now,
    carriesTime: o.hasTime === true,
    hasTime: o.hasTime === true,
  };
}
