/** Wire codes of SPEC §3–§4, named. No bare numbers outside this folder and constants.ts. */

/** Who sent a message (SPEC §3). */
export const SenderType = { Visitor: 1, Agent: 2, Robot: 3, System: 4 } as const;
export type SenderType = (typeof SenderType)[keyof typeof SenderType];

/** Kind of a message (SPEC §3). */
export const MsgType = {
  Text: 1,
  Image: 2,
  SystemText: 3,
  File: 4,
  Audio: 5,
  Video: 6,
  AutoTip: 13,
  Answer: 'answermsg',
  Faq: 'faq',
  LeaveMessage: 'leavemsg',
  /** A card (goods, file, tree, carousel or a custom code): our choice, docs/protocol.md "Cards"; SPEC §3 names no msgType for it. */
  Card: 'card',
} as const;
export type MsgType = (typeof MsgType)[keyof typeof MsgType];

/** Delivery status of a visitor message (SPEC §3). */
export const MessageStatus = { Pending: 'pending', Sent: 'sent', Fail: 'fail' } as const;
export type MessageStatus = (typeof MessageStatus)[keyof typeof MessageStatus];

/** Chat status of the session (SPEC §4). */
export const ChatStatus = { NotStarted: 0, FormCheck: 1, InConversation: 2, Queued: 3 } as const;
export type ChatStatus = (typeof ChatStatus)[keyof typeof ChatStatus];

const CHAT_STATUSES: readonly number[] = /* @__PURE__ */ Object.values(ChatStatus);

/** A chat status from the wire: a known one, else 0 (not started), so that nothing waits on a status the spec does not know. */
export function chatStatusOf(value: number | undefined): ChatStatus {
  return value !== undefined && CHAT_STATUSES.includes(value) ? (value as ChatStatus) : ChatStatus.NotStarted;
}

/** Result status of transferAgent (SPEC §4). */
export const TransferStatus = {
  Close: 0,
  Offline: 1,
  Success: 2,
  Queued: 3,
  Failure: 4,
  OutsideHours: 5,
  Nothing: 6,
} as const;
export type TransferStatus = (typeof TransferStatus)[keyof typeof TransferStatus];

/** Receive mode of a channel (SPEC §4): 0 robot first; anything else is agent transfer. */
export const ReceiveMode = { RobotFirst: 0, Agent: 3 } as const;
export type ReceiveMode = (typeof ReceiveMode)[keyof typeof ReceiveMode];

/** Event codes delivered by polling (SPEC §4). */
export const EventCode = {
  SessionEstablished: 1200,
  AgentMessage: 1201,
  SessionEnded: 1202,
  EvaluationRequested: 1203,
  AgentTyping: 1204,
  MessageDeleted: 1205,
  Ignored: 1207,
  AgentRefused: 1208,
} as const;
export type EventCode = (typeof EventCode)[keyof typeof EventCode];

/** Why a session ended, on event 1202 (SPEC §4). */
export const OutType = { UserOver: 1, AgentClosed: 2, NewWindow: 3 } as const;
export type OutType = (typeof OutType)[keyof typeof OutType];

/** Evaluation status (SPEC §4). */
export const EvaluationStatus = { None: 0, Shown: 1, Submitted: 2 } as const;
export type EvaluationStatus = (typeof EvaluationStatus)[keyof typeof EvaluationStatus];

/** Fixed fields of a sysMsg call (SPEC §7). */
export const SYS_MSG_FIXED = { specialMsgFlag: 3, clientType: 3, notifyAdmin: 1 } as const;

/** Response code meaning success (SPEC §7). */
export const API_OK = 200;
/** sendMsg / upload data.status meaning success (SPEC §4, §7). */
export const SEND_OK = 1;
/** sendMsg data.status read when the server gives none: not confirmed, so the message fails. */
export const SEND_UNCONFIRMED = 0;
/** A countdown that is off (SPEC §4 Timeouts). */
export const COUNTDOWN_OFF = -1;
/** Channel-info flag value meaning on. */
export const FLAG_ON = 1;
/** The `from` query value meaning the widget is embedded (SPEC §2). */
export const FROM_IFRAME = 'iframe';
/** Placeholder of the queue position in userQueueMsg (SPEC §3). */
export const QUEUE_PLACEHOLDER = '##';

/**
 * Reserved quick-reply codes (SPEC §3 Quick reply has a `code`, and says nothing of what one does;
 * our choice, docs/protocol.md "Quick replies"). `TransferToHuman`: tapping the reply asks for a human
 * agent, as the navigation bar's button does, instead of sending its name.
 */
export const QuickReplyCode = { TransferToHuman: 'transferAgent' } as const;
export type QuickReplyCode = (typeof QuickReplyCode)[keyof typeof QuickReplyCode];
