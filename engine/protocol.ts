import type { ChatStatus } from './model/codes';

/**
 * Wire types of every call of SPEC §7. All calls are POST with JSON bodies under
 * `/api/chat/visitor/{call}`; every response is an `ApiEnvelope` whose `code` 200 means success.
 * Where the spec says "not shown" the shape below is our choice, marked "(our choice)", and the
 * reference server in `server/` speaks exactly this.
 */

/** Envelope of every response (SPEC §7). */
export interface ApiEnvelope<T> {
  code: number;
  message?: string;
  data?: T;
}

/** A message as it travels on the wire (SPEC §3). Numbers may arrive as strings; see model/message. */
export interface WireMessage {
  id?: string;
  userId?: string;
  senderType: number;
  senderName?: string;
  /**
   * (our choice; docs/protocol.md "Avatars") The sender's picture, an absolute http(s) URL, under any
   * of these names; the first one given counts.
   */
  senderAvatar?: string;
  avatar?: string;
  adminAvatar?: string;
  headImg?: string;
  msgType: number | string;
  msgContent: string;
  msgTime?: number;
  fileName?: string;
  audioDuration?: number;
  fileSize?: number;
  fileUrl?: string;
  status?: string;
  remote?: boolean;
  robotAskMsgType?: number | string;
  specialMsgFlag?: number;
  /**
   * (extension; docs/protocol.md "Extensions") The clientMsgId a visitor message was sent with: the
   * widget knows the message under it, so that it never shows one message twice.
   */
  clientMsgId?: string;
}

/** A channel's agent group (SPEC §3 groupConfig). The display name may come as groupName or name. */
export interface WireGroup {
  groupId: string;
  groupName?: string;
  name?: string;
}

/** Channel info (SPEC §3). Flags are numbers (1 = on) but "1" and true are accepted too. */
export interface WireChannelInfo {
  titleDesc?: string;
  tenantId: string;
  receiveMode?: number;
  robotName?: string;
  /** (our choice; docs/protocol.md "Avatars") The robot's picture, an absolute http(s) URL (or `robotHeadImg`). */
  robotAvatar?: string;
  robotHeadImg?: string;
  robotWelcomeMode?: number | string | boolean;
  robotWelcomeMsg?: string;
  autoTip?: string;
  msgToTransferFlag?: number | string | boolean;
  faqMode?: number | string | boolean;
  /** (our choice) a JSON list of { question } or a list of strings. */
  faqConfig?: string | unknown[];
  userFormMode?: number | string | boolean;
  /** JSON with formModal (SPEC §3); (our choice) and fields: [{ name, label, required }]. */
  userFormConfig?: string;
  groupMode?: number | string | boolean;
  groupConfig?: string | WireGroup[];
  adminOfflineMode?: number | string | boolean;
  adminOfflineMsg?: string;
  userQueueMode?: number | string | boolean;
  userQueueMsg?: string;
  unWorkingMode?: number | string | boolean;
  unWorkingMsg?: string;
  adminTimeoutMode?: number | string | boolean;
  adminTimeoutTime?: number;
  adminTimeoutMsg?: string;
  userTimeoutMode?: number | string | boolean;
  userTimeoutTime?: number;
  userTimeoutMsg?: string;
  userOverMsg?: string;
  adminCloseMode?: number | string | boolean;
  adminCloseMsg?: string;
  evaluateMode?: number | string | boolean;
  /** (extension; docs/protocol.md "Push") 1 when the backend pushes events at its `events` path, or the stream's URL. */
  eventStream?: number | string | boolean;
  /**
   * (extension; docs/protocol.md "Card modules") The card components the chat loads: `{ "<code>":
   * "<url>" }` or a list of `{ code, url }`, as JSON text or the value.
   */
  cardModules?: string | Record<string, string> | { code: string; url: string }[];
}

/** channelInfo (SPEC §7): the channel's id, from the page's `channelid` query. */
export interface ChannelInfoRequest {
  id: string;
}

/** chatStart (SPEC §7): the channel, and the visitor as the page's query and the kept session tell them. */
export interface ChatStartRequest {
  channelId: string;
  pid?: string;
  params?: string;
  userName?: string;
  userId?: string;
  email?: string;
  phone?: string;
  groupId?: string;
  adminId?: string;
  previousUrl?: string;
}

/** chatStart's answer (SPEC §7): the visitor, the session and the poll it starts. */
export interface ChatStartData {
  userId: string;
  sessionId: string;
  pollId: string;
  /** The chat status the session starts in (SPEC §4); an unknown one is read as 0. */
  status: ChatStatus;
  userFormMode?: number;
  serverTime?: number;
}

/** The body of a call that names only the visitor (SPEC §7: getAdminCard, getOfflineMsg, chatClose). */
export interface UserRequest {
  userId: string;
}

/** chatClose (SPEC §7); response data not shown (our choice: none). */
/** SPEC §7 chatClose; `pollId` (extension, docs/protocol.md "Several tabs"): the closing page's poll, which the backend need not tell. */
export interface ChatCloseRequest extends UserRequest {
  pollId?: string;
}

/** transferAgent (SPEC §7): the visitor asks for a person, of a group or a given agent when chosen. */
export interface TransferAgentRequest {
  adminId?: string;
  groupId?: string;
  userId: string;
}

/** transferAgent's answer (SPEC §7): the chat status it leads to, the agent's name, or the place in the queue. */
export interface TransferAgentData {
  adminNick?: string;
  status: number;
  waitIndex?: number;
}

/** Agent card (SPEC §3). */
export interface AdminCardData {
  adminWelcomeMode?: number | string | boolean;
  adminWelcomeMsg?: string;
  adminNick?: string;
  /** (our choice; docs/protocol.md "Avatars") The agent's picture, an absolute http(s) URL (or `avatar`, `headImg`). */
  adminAvatar?: string;
}

/** getHistoryMsg (SPEC §7): a page of the visitor's earlier messages, newest first. */
export interface HistoryRequest {
  pageSize: number;
  /** Only messages strictly older than this (ms since epoch); omitted for the newest page. */
  maxTime?: number;
  userId: string;
}

/** getSessionMsg (SPEC §7): the messages of the visitor's current session. */
export interface SessionMsgRequest {
  userId: string;
  sessionId: string;
}

/** getOfflineMsg (SPEC §7: not shown; our choice: `userId`, answered with the agents' replies to the visitor's left messages). */
export type OfflineMsgRequest = UserRequest;

/** getEventMsg and msgComplete (SPEC §7): the visitor's poll of agent events. */
export interface EventMsgRequest {
  userId: string;
  pollId: string;
  /**
   * (extension; docs/protocol.md "Event acknowledgement") The eventId of the last event received,
   * '' before any: the server keeps every later event for this poll until a poll acknowledges it.
   */
  lastEventId?: string;
}

/** One event of a poll (SPEC §3 Event message). */
export interface WireEvent {
  event_type: number;
  msgId?: string;
  adminNick?: string;
  /**
   * base64 of UTF-8 text. For 1201 either reading is accepted: the JSON of a WireMessage, or the
   * message's text with its other fields (msgType, senderName, msgTime, fileName, fileUrl, …) on the event.
   */
  msgContentEnc?: string;
  outType?: number;
  /** (extension; docs/protocol.md "Event acknowledgement") The event's id, increasing within a visitor's events. */
  eventId?: string;
  /** Anything else a backend puts on an event: message fields (1201), or unknown ones, which are ignored. */
  [field: string]: unknown;
}

/** getEventMsg's answer (SPEC §7): the events since the last poll, and the chat status and queue place when they changed. */
export interface EventMsgData {
  msgList: WireEvent[];
  status?: number;
  waitIndex?: number;
}

/** sysMsg (SPEC §7): a system line the visitor's side reports to the agent (e.g. the visitor left). */
export interface SysMsgRequest {
  msgContent: string;
  msgType: number;
  senderType: number;
  senderName?: string;
  specialMsgFlag: 3;
  clientType: 3;
  notifyAdmin: 1;
  userId: string;
}

/** sendMsg: the message without its id (SPEC §7). */
export type SendMsgRequest = Omit<WireMessage, 'id'> & {
  userId: string;
  /**
   * (extension; docs/protocol.md "Extensions") The client's id of the message: every attempt of one
   * message carries the same value, so that a server can store it once and answer a repeat with the
   * first result. A spec backend ignores it.
   */
  clientMsgId?: string;
};

/** sendMsg's answer (SPEC §7): the chat status after the message. */
export interface SendMsgData {
  status: number;
  /** (our choice) the id the server gave the message. */
  id?: string;
}

/** getEvaluateInfo (SPEC §7): the rating's labels for a tenant's channel. */
export interface EvaluateInfoRequest {
  tenantId: string;
  channelId: string;
}

/** getEvaluateInfo's answer (SPEC §7). */
export interface EvaluateInfoData {
  /** (our choice) labels of the stars, lowest first. */
  starList: string[];
}

/** evaluate (SPEC §7: userId plus rating fields; our choice of fields). */
export interface EvaluateRequest {
  userId: string;
  star: number;
  comment?: string;
}

/** submitUserForm: the form fields plus userId (SPEC §7). */
export type SubmitUserFormRequest = Record<string, string> & { userId: string };

/** typing (SPEC §7): the text the visitor is typing, for the agent's preview. */
export interface TypingRequest {
  userId: string;
  msgContent: string;
}

/** leaveMsg (SPEC §7: not shown; our choice). */
export interface LeaveMsgRequest {
  userId: string;
  channelId: string;
  name?: string;
  phone?: string;
  email?: string;
  content: string;
}

/** addSessionMsg (SPEC §7: not shown; our choice: store a message in the session without agent delivery). */
export type AddSessionMsgRequest = SendMsgRequest;

/** robotAsk (SPEC §7: not shown; our choice). */
export interface RobotAskRequest {
  userId: string;
  channelId: string;
  /** The visitor's message as sendMsg carried its msgContent: the text, or for a file the file's URL; for a card, its fallback text (else its JSON text). */
  question: string;
  /**
   * (extension; docs/protocol.md "Streamed answers") The SPEC §3 message type of the visitor's
   * message (1 text, 2 image, 4 file, 5 audio, 6 video), or `"card"` (docs/protocol.md "Cards"); absent means text.
   */
  msgType?: number | 'card';
  /** (extension) For a card: the card's JSON text, as sendMsg carried it. */
  card?: string;
}

/** A quick reply on the wire (SPEC §3): `name` is shown and sent; flags may be 1/0 or booleans. */
export interface WireQuickReply {
  name: string;
  code?: string;
  icon?: string;
  img?: string;
  isNew?: boolean | number;
  isHighlight?: boolean | number;
}

/** robotAsk answer (our choice): the robot's message, and quick replies that may follow. */
export interface RobotAskData {
  msgContent: string;
  msgType?: number | string;
  robotAskMsgType?: number | string;
  /** Questions the visitor may tap next: strings, or quick replies (SPEC §3 shape, docs/protocol.md). */
  suggestions?: Array<string | WireQuickReply>;
}

/** robotTips (SPEC §7: not shown; our choice: suggestions for the text typed so far). */
export interface RobotTipsRequest {
  userId: string;
  channelId: string;
  question: string;
}

/** robotTips' answer (our choice): the questions to suggest, best first. */
export interface RobotTipsData {
  tips: string[];
}

/** upload response (SPEC §7). */
export interface UploadData {
  url: string;
  name: string;
  suffix: string;
}

/** uploadBase64 (SPEC §7): a pasted image as a data URL. */
export interface UploadBase64Request {
  userId: string;
  imgData: string;
}

/** The call names of SPEC §7; the path segment after `/api/chat/visitor/`. */
export const CALLS = [
  'channelInfo',
  'chatStart',
  'chatClose',
  'transferAgent',
  'getAdminCard',
  'getHistoryMsg',
  'getSessionMsg',
  'getOfflineMsg',
  'getEventMsg',
  'sysMsg',
  'sendMsg',
  'msgComplete',
  'getEvaluateInfo',
  'evaluate',
  'submitUserForm',
  'typing',
  'leaveMsg',
  'addSessionMsg',
  'robotAsk',
  'robotTips',
  'upload',
  'uploadBase64',
] as const;
/** One of the call names of SPEC §7 ({@link CALLS}). */
export type CallName = (typeof CALLS)[number];
