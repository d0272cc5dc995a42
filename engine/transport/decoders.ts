import { MsgType, SEND_UNCONFIRMED, TransferStatus, chatStatusOf } from '../model/codes';
import { cardContentText } from '../model/cardText';
import { avatarUrl, list, object, optNumber, optString, string, type Json } from '../model/decode';
import type {
  AdminCardData,
  ChatStartData,
  EvaluateInfoData,
  RobotAskData,
  RobotTipsData,
  SendMsgData,
  TransferAgentData,
  UploadData,
  WireEvent,
  WireQuickReply,
} from '../protocol';
import type { EventBatch, RobotAnswerMetadata } from './visitorApi';

/** The decoders of the calls' data (SPEC §7): each checks the shape the engine needs and throws a DecodeError otherwise. */

/** The data of a call whose answer carries nothing the widget reads. */
export const none = (): void => undefined;

export function messages(data: Json): unknown[] {
  return data === undefined || data === null ? [] : list(data);
}

/** The keys a backend may put its list of messages under, when it answers an object (docs/protocol.md "getSessionMsg"). */
const LIST_KEYS = ['list', 'msgList', 'messages', 'records', 'rows'] as const;

/**
 * The messages of getSessionMsg and getOfflineMsg, read liberally (issue 27): a list, or an object
 * holding it under one of LIST_KEYS; nothing is no messages.
 */
export function messagesIn(data: Json): unknown[] {
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const o = data as Record<string, Json>;
    const key = LIST_KEYS.find((k) => Array.isArray(o[k]));
    return key ? list(o[key] as Json) : messages(data);
  }
  return messages(data);
}

export function decodeStart(data: Json): ChatStartData {
  const o = object(data, 'chatStart');
  return {
    userId: string(o.userId, 'chatStart.userId'),
    sessionId: string(o.sessionId, 'chatStart.sessionId'),
    pollId: string(o.pollId ?? o.sessionId, 'chatStart.pollId'),
    status: chatStatusOf(optNumber(o.status, 'chatStart.status')),
    userFormMode: optNumber(o.userFormMode, 'chatStart.userFormMode'),
    serverTime: optNumber(o.serverTime, 'chatStart.serverTime'),
  };
}

export function decodeTransfer(data: Json): TransferAgentData {
  const o = object(data, 'transferAgent');
  return {
    // No status: nothing happened (SPEC §4 result 6).
    status: optNumber(o.status, 'transferAgent.status') ?? TransferStatus.Nothing,
    adminNick: optString(o.adminNick, 'transferAgent.adminNick'),
    waitIndex: optNumber(o.waitIndex, 'transferAgent.waitIndex'),
  };
}

export function decodeEvents(data: Json): EventBatch {
  const o = data === undefined || data === null ? {} : object(data, 'getEventMsg');
  const raw = o.msgList === undefined || o.msgList === null ? [] : list(o.msgList, 'getEventMsg.msgList');
  return {
    events: raw.filter((e): e is WireEvent => typeof e === 'object' && e !== null),
    status: optNumber(o.status, 'getEventMsg.status'),
    waitIndex: optNumber(o.waitIndex, 'getEventMsg.waitIndex'),
  };
}

export function decodeSend(data: Json): SendMsgData {
  const o = object(data, 'sendMsg');
  return { status: optNumber(o.status, 'sendMsg.status') ?? SEND_UNCONFIRMED, id: optString(o.id, 'sendMsg.id') };
}

export function decodeCard(data: Json, warn?: (message: string) => void): AdminCardData {
  const o = data === undefined || data === null ? {} : object(data, 'getAdminCard');
  return {
    adminWelcomeMode: o.adminWelcomeMode as AdminCardData['adminWelcomeMode'],
    adminWelcomeMsg: optString(o.adminWelcomeMsg, 'adminWelcomeMsg'),
    adminNick: optString(o.adminNick, 'adminNick'),
    adminAvatar: avatarUrl(o, ['adminAvatar', 'avatar', 'headImg'], 'getAdminCard', warn),
  };
}

export function decodeRobot(data: Json): RobotAskData {
  const o = object(data, 'robotAsk');
  // A card answer's msgContent may be the card itself rather than its JSON text (docs/protocol.md "Cards").
  const card = o.msgType === MsgType.Card;
  return { msgContent: card ? cardContentText(o.msgContent) : string(o.msgContent, 'robotAsk.msgContent'), ...robotExtras(o, 'robotAsk') };
}

/** The fields of a robot answer beside its text: in the JSON answer, or in a stream's messageMetadata. */
export function robotExtras(o: Record<string, unknown>, path: string): RobotAnswerMetadata {
  const suggestions = o.suggestions === undefined ? undefined : list(o.suggestions, `${path}.suggestions`);
  return {
    msgType: typeof o.msgType === 'number' || typeof o.msgType === 'string' ? o.msgType : undefined,
    robotAskMsgType: optString(o.robotAskMsgType, `${path}.robotAskMsgType`),
    // Strings and quick-reply objects; the robot slice reads each (quickRepliesOf) and drops the rest.
    suggestions: suggestions?.filter((s): s is string | WireQuickReply => typeof s === 'string' || (typeof s === 'object' && s !== null)),
  };
}

export function decodeUpload(data: Json): UploadData {
  const o = object(data, 'upload');
  return {
    url: string(o.url, 'upload.url'),
    name: optString(o.name, 'upload.name') ?? '',
    suffix: optString(o.suffix, 'upload.suffix') ?? '',
  };
}

export function decodeStars(data: Json): EvaluateInfoData {
  const o = object(data, 'getEvaluateInfo');
  return { starList: list(o.starList, 'starList').map((s, i) => string(s, `starList[${i}]`)) };
}

/** The text of one suggestion: a string, or an object's `name`, `text` or `question` (docs/protocol.md robotTips). */
function tipText(tip: unknown): string | undefined {
  if (typeof tip === 'string') return tip;
  if (typeof tip !== 'object' || tip === null) return undefined;
  const o = tip as Record<string, unknown>;
  const text = [o.name, o.text, o.question].find((v) => typeof v === 'string');
  return typeof text === 'string' ? text : undefined;
}

/**
 * robotTips (docs/protocol.md, our reading): `{ tips }`, or the list itself as data; each tip a string
 * or an object naming it. A tip of another shape is dropped, not the answer; no data is no tips.
 */
export function decodeTips(data: Json): RobotTipsData {
  const tips = Array.isArray(data) ? data : data === undefined || data === null ? [] : (object(data, 'robotTips').tips ?? []);
  return { tips: list(tips, 'robotTips.tips').flatMap((tip) => tipText(tip) ?? []) };
}
