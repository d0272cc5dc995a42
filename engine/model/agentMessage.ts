import { SenderType } from './codes';
import { DecodeError, avatarUrl, base64Utf8, optString, type JsonObject } from './decode';
import type { WireEvent } from '../protocol';
import { MESSAGE_AVATAR_FIELDS } from './avatar';
import { decodeMessage, type MessageDefaults } from './decodeMessage';
import type { ChatMessage } from './message';

/** Fields that make a decoded msgContentEnc a whole message (the JSON reading) rather than its text. */
const MESSAGE_FIELDS = ['msgContent', 'msgType', 'senderType'] as const;

/** The JSON object a text holds, if it is one with message fields. */
function wholeMessage(text: string): JsonObject | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const o = parsed as JsonObject;
    return MESSAGE_FIELDS.some((field) => field in o) ? o : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §3/§4 event 1201, in both readings of "msgContentEnc (base64)": base64 of a JSON message, or
 * base64 of the message's text with the other message fields (msgType, senderName or adminNick,
 * msgTime, fileName, fileUrl, …) on the event itself; the sender's picture likewise (in the JSON, else
 * beside adminNick on the event, docs/protocol.md "Avatars"). The sender is the agent unless the message
 * says otherwise; its id is its clientMsgId when it has one (a visitor message from another tab),
 * else the event's msgId. Throws DecodeError when nothing can be shown.
 */
export function decodeAgentMessage(event: WireEvent, defaults: MessageDefaults): ChatMessage {
  const text = event.msgContentEnc === undefined || event.msgContentEnc === null ? '' : base64Utf8(event.msgContentEnc, 'msgContentEnc');
  const json = wholeMessage(text);
  const wire = json ?? { ...event, id: undefined, msgContent: text, senderName: event.senderName ?? event.adminNick };
  const message = decodeMessage(wire, { ...defaults, senderType: SenderType.Agent }, json ? 'msgContentEnc' : '1201');
  if (!message.msgContent.trim() && !message.fileUrl) throw new DecodeError('1201: no text and no file');
  const msgId = optString(event.msgId, 'msgId');
  const adminNick = optString(event.adminNick, 'adminNick');
  const own = typeof wire.clientMsgId === 'string' && wire.clientMsgId !== '';
  // The agent's picture beside adminNick on the event, when the JSON message names none.
  const avatar = message.senderAvatar ?? (json ? avatarUrl(event as JsonObject, MESSAGE_AVATAR_FIELDS, '1201', defaults.warn) : undefined);
  return { ...message, id: own ? message.id : msgId || message.id, senderName: message.senderName ?? adminNick, senderAvatar: avatar };
}
