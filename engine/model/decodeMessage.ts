import { MESSAGE_AVATAR_FIELDS } from './avatar';
import { MessageStatus, MsgType, SenderType } from './codes';
import { cardContentText } from './cardText';
import { avatarUrl, DecodeError, fileAddress, type Json, object, optNumber, optString, string } from './decode';
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
 * Optional field `field` (read by the caller: `value`) as text (optString), lenient: the usual value
 * (absent, or a string) is taken as it is, and anything else read by `unusual` — a function of its
 * own, so that no closure's context is made at each call: a history page of 10,000 messages reads
 * a dozen fields of each, mostly in code not yet optimised (issue 30).
 */
function textField(value: Json, path: string, field: string, warn: MessageDefaults['warn']): string | undefined {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? undefined : unusual(optString, value, path, field, warn);
}
/** Optional field `field` (its `value`) as a number (optNumber), lenient, the usual value taken as textField takes it. */
function numberField(value: Json, path: string, field: string, warn: MessageDefaults['warn']): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return value === undefined || value === null ? undefined : unusual(optNumber, value, path, field, warn);
}
/** An optional field's unusual value as `read` reads it (a number as text, a numeric text), or undefined with a log line. */
function unusual<T>(
  read: (value: Json, path: string) => T | undefined,
  value: Json,
  path: string,
  field: string,
  warn: MessageDefaults['warn'],
): T | undefined {
  return lenient(() => read(value, `${path}.${field}`), warn);
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
  // Each field is read by its name, once, and no closure is made here: a history page of 10,000
  // messages decodes mostly in code not yet optimised, where a closure (its context, made at every
  // call) a field was half of the page's decoding (issue 30).
  let senderType = numberField(o.senderType, path, 'senderType', warn) ?? defaults.senderType;
  if (senderType === undefined || !SENDER_TYPES.includes(senderType)) {
    if (defaults.senderType === undefined) throw new DecodeError(`${path}.senderType: unknown ${String(o.senderType)}`);
    warn?.(`${path}.senderType: unknown ${String(o.senderType)}; read as ${defaults.senderType}`);
    senderType = defaults.senderType;
  }
  const rawType = typeof o.msgType === 'string' && /^\d+$/.test(o.msgType) ? Number(o.msgType) : (o.msgType ?? MsgType.Text);
  const known = MSG_TYPES.includes(rawType as number | string);
  if (!known) warn?.(`${path}.msgType: unknown ${String(o.msgType)}; shown as text`);
  const status = textField(o.status, path, 'status', warn);
  // A message the server holds is not the widget's to deliver or retry: only "sent" is kept.
  if (status !== undefined && status !== MessageStatus.Sent) warn?.(`${path}.status: ${status} on a stored message; ignored`);
  const msgTime = within(numberField(o.msgTime, path, 'msgTime', warn), inTimeRange, path, 'msgTime', warn);
  const sender = senderType as SenderType;
  const msgType = known ? (rawType as MsgType) : MsgType.Text;
  const fileUrl = textField(o.fileUrl, path, 'fileUrl', warn);
  let msgContent: string;
  // A card's msgContent is JSON text or the value itself: it is kept as JSON text (docs/protocol.md "Cards").
  if (msgType === MsgType.Card) msgContent = cardContentText(o.msgContent);
  else {
    msgContent = typeof o.msgContent === 'string' ? o.msgContent : string(o.msgContent ?? '', `${path}.msgContent`);
    if (fileUrl === undefined && FILE_TYPES.includes(msgType)) msgContent = fileAddress(msgContent, defaults.api);
  }
  return {
    // A visitor message sent with a clientMsgId is known under it here (docs/protocol.md "Extensions").
    id: textField(o.clientMsgId, path, 'clientMsgId', warn) || textField(o.id, path, 'id', warn) || defaults.newId(),
    userId: textField(o.userId, path, 'userId', warn),
    senderType: sender,
    senderName: textField(o.senderName, path, 'senderName', warn),
    senderAvatar: avatarUrl(o, MESSAGE_AVATAR_FIELDS, path, warn),
    msgType,
    msgContent,
    msgTime,
    fileName: textField(o.fileName, path, 'fileName', warn),
    audioDuration: within(numberField(o.audioDuration, path, 'audioDuration', warn), notNegative, path, 'audioDuration', warn),
    fileSize: within(numberField(o.fileSize, path, 'fileSize', warn), notNegative, path, 'fileSize', warn),
    fileUrl: fileUrl && fileAddress(fileUrl, defaults.api),
    // Only the visitor's own messages have a delivery status: an agent's or a robot's "sent" shows no tick.
    status: sender === SenderType.Visitor && status === MessageStatus.Sent ? status : undefined,
    remote: o.remote === true ? true : undefined,
    robotAskMsgType: textField(o.robotAskMsgType, path, 'robotAskMsgType', warn),
    specialMsgFlag: numberField(o.specialMsgFlag, path, 'specialMsgFlag', warn),
    position: positionOf(sender),
    createdAt: msgTime ?? defaults.now,
    carriesTime: o.hasTime === true,
    hasTime: o.hasTime === true,
  };
}
