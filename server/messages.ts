import type {
  AddSessionMsgRequest,
  HistoryRequest,
  LeaveMsgRequest,
  OfflineMsgRequest,
  SendMsgData,
  SendMsgRequest,
  SessionMsgRequest,
  SysMsgRequest,
  WireMessage,
} from '../engine/protocol.ts';
import { EventCode, MessageStatus, MsgType, SEND_OK, SenderType } from '../engine/model/codes.ts';
import { encodeText } from './agent.ts';
import { FAIL_MARKER, type ServerContext } from './context.ts';
import { ApiError, ErrorCode, isCode, numeric, required, text, type Untrusted } from './http.ts';

/** History page size when the request has none (SPEC §9). */
const DEFAULT_PAGE_SIZE = 20;
/** Largest history page served. */
const MAX_PAGE_SIZE = 100;
/** sendMsg data.status of a message that was not delivered. */
const SEND_FAILED = 0;

/** The sender type of a body, or the fallback when missing or unknown. */
function senderTypeOf(value: unknown, fallback: SenderType): SenderType {
  const candidate = numeric(value);
  return isCode(SenderType, candidate) ? candidate : fallback;
}

/** The message fields of a body, as stored; a message needs text or a file. */
function messageFields(b: Untrusted<SendMsgRequest>, senderType: SenderType): Omit<WireMessage, 'id' | 'userId' | 'msgTime'> {
  const msgContent = typeof b.msgContent === 'string' ? b.msgContent : '';
  const fileUrl = text(b.fileUrl);
  if (msgContent.trim() === '' && fileUrl === undefined) throw new ApiError(ErrorCode.BadRequest, 'msgContent is required');
  const msgType = numeric(b.msgType) ?? b.msgType;
  return {
    senderType,
    senderName: text(b.senderName),
    msgType: isCode(MsgType, msgType) ? msgType : MsgType.Text,
    msgContent,
    fileName: text(b.fileName),
    fileUrl,
    fileSize: numeric(b.fileSize),
    audioDuration: numeric(b.audioDuration),
    specialMsgFlag: numeric(b.specialMsgFlag),
    status: MessageStatus.Sent,
  };
}

/**
 * The calls that store or read messages (SPEC §7): history pages, sysMsg, sendMsg, addSessionMsg,
 * leaveMsg. A visitor's call stores the visitor's words or the system's, never the agent's or the
 * robot's (docs/protocol.md §6).
 */
export function messageCalls({ store, agent, presetOf, visitorOf }: ServerContext) {
  return {
    getHistoryMsg: (b: Untrusted<HistoryRequest>): WireMessage[] => {
      const pageSize = Math.min(Math.max(Math.trunc(numeric(b.pageSize) ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
      const maxTime = numeric(b.maxTime);
      // A maxTime of 0 means "no bound" to some clients, like a missing one.
      const visitor = visitorOf(b.userId);
      const bounded = maxTime !== undefined && maxTime > 0;
      // The bench channel hands its whole history over in the first page.
      const size = bounded ? pageSize : (presetOf(visitor.channelId).firstPage ?? pageSize);
      return store.history(visitor, size, bounded ? maxTime : undefined);
    },

    getSessionMsg: (b: Untrusted<SessionMsgRequest>): WireMessage[] => store.sessionMessages(visitorOf(b.userId), required(b.sessionId, 'sessionId')),

    // The agent's replies to the visitor's left messages, each handed over once (then in the history).
    getOfflineMsg: (b: Untrusted<OfflineMsgRequest>): WireMessage[] => store.takeOfflineReplies(visitorOf(b.userId)),

    sysMsg: (b: Untrusted<SysMsgRequest>): void => {
      const visitor = visitorOf(b.userId);
      if (text(b.msgContent) === undefined) return; // SPEC §5: an empty system message is ignored
      const claimed = senderTypeOf(b.senderType, SenderType.System);
      if (claimed === SenderType.Agent || claimed === SenderType.Robot) {
        // The widget posts the agent's welcome from the card (docs/protocol.md "sysMsg"): the server
        // keeps it as the agent's only when it is the welcome this server's agent gives, once a
        // session. Nothing else a visitor's call claims of the agent or the robot is stored.
        agent.keepWelcome(visitor, b.msgContent);
        return;
      }
      const { senderName: _claimedName, ...fields } = messageFields(b, SenderType.System);
      store.addMessage(visitor, fields);
    },

    sendMsg: (b: Untrusted<SendMsgRequest>): SendMsgData => {
      const visitor = visitorOf(b.userId);
      // docs/protocol.md "Extensions": a repeat of a stored message (a retry whose first answer was
      // slow or lost) gets the first answer; nothing is stored again and the agent does not react again.
      const clientMsgId = text(b.clientMsgId);
      const first = clientMsgId === undefined ? undefined : visitor.sent.get(clientMsgId);
      if (first) return first;
      const fields = messageFields(b, SenderType.Visitor);
      // A refusal stores nothing, so it is not remembered: a retry is judged again.
      if (fields.msgContent === FAIL_MARKER) return { status: SEND_FAILED };
      const message = store.addMessage(visitor, clientMsgId === undefined ? fields : { ...fields, clientMsgId });
      const result: SendMsgData = { status: SEND_OK, id: message.id };
      if (clientMsgId !== undefined) {
        visitor.sent.set(clientMsgId, result);
        // The visitor's other tabs show it too (docs/protocol.md "Several tabs"); the sending tab
        // knows it by its clientMsgId. A client without clientMsgId could not tell, so it gets none.
        if (visitor.conversation !== 'none') {
          store.emit(visitor, { event_type: EventCode.AgentMessage, msgId: message.id, msgContentEnc: encodeText(JSON.stringify(message)) });
        }
      }
      agent.react(visitor, presetOf(visitor.channelId), message);
      return result;
    },

    // A message of the robot conversation handed to the agent (docs/protocol.md "addSessionMsg"): one
    // the session holds already (by clientMsgId or id; a robot line by its text) is acknowledged with
    // its id and not stored again; a new one is stored as the visitor's only. A line that claims to be
    // the robot's or an agent's and that this server never said is refused: a visitor's call never
    // speaks for them.
    addSessionMsg: (b: Untrusted<AddSessionMsgRequest>): SendMsgData => {
      const visitor = visitorOf(b.userId);
      const fields = messageFields(b, SenderType.Visitor);
      const claimed = senderTypeOf(b.senderType, SenderType.Visitor);
      const clientMsgId = text(b.clientMsgId);
      const known = store
        .sessionMessages(visitor, visitor.sessionId)
        .find(
          (m) =>
            (clientMsgId !== undefined && (m.clientMsgId === clientMsgId || m.id === clientMsgId)) ||
            (claimed !== SenderType.Visitor && m.senderType === claimed && m.msgContent === fields.msgContent),
        );
      if (known) return { status: SEND_OK, id: known.id };
      if (claimed !== SenderType.Visitor) return { status: SEND_FAILED };
      const message = store.addMessage(visitor, clientMsgId === undefined ? fields : { ...fields, clientMsgId });
      return { status: SEND_OK, id: message.id };
    },

    leaveMsg: (b: Untrusted<LeaveMsgRequest>): void => {
      const visitor = visitorOf(b.userId);
      const left = store.addMessage(visitor, {
        senderType: SenderType.Visitor,
        msgType: MsgType.LeaveMessage,
        msgContent: required(b.content, 'content'),
        status: MessageStatus.Sent,
      });
      agent.answerLeft(visitor, left);
    },
  };
}
