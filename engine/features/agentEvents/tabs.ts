import type { ChatState } from '../../core/state';
import type { ChatSession } from '../bootstrap/slice';
import { EventCode } from '../../model/codes';
import { utf8Base64 } from '../../model/decode';
import { toWire, type ChatMessage } from '../../model/message';
import type { WireEvent } from '../../protocol';

/** The tabs that share one listener and what it receives (docs/protocol.md "Several tabs"): the visitor's tabs of the channel. */
export const tabScope = (s: ChatState, { userId }: ChatSession): string => `${s.query.channelId ?? ''} ${userId}`;

/**
 * A visitor message this tab delivered, as the 1201 a backend of "Several tabs" echoes it in (the
 * message in msgContentEnc, with its clientMsgId): the other tabs show it once, known by that id,
 * and a backend's own echo of it is then a repeat.
 */
export function sentEvent(message: ChatMessage, userId: string): WireEvent {
  const wire = { ...toWire(message, userId), clientMsgId: message.id };
  return { event_type: EventCode.AgentMessage, msgId: message.serverId, msgContentEnc: utf8Base64(JSON.stringify(wire)) };
}
