import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Context, MiddlewareHandler } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { getExtension, getMimeType } from 'hono/utils/mime';
import type {
  AddSessionMsgRequest,
  ApiEnvelope,
  AdminCardData,
  ChannelInfoRequest,
  ChatCloseRequest,
  ChatStartData,
  ChatStartRequest,
  EvaluateInfoData,
  EvaluateInfoRequest,
  EvaluateRequest,
  EventMsgData,
  EventMsgRequest,
  HistoryRequest,
  LeaveMsgRequest,
  OfflineMsgRequest,
  RobotAskData,
  RobotAskRequest,
  RobotTipsData,
  RobotTipsRequest,
  SendMsgData,
  SendMsgRequest,
  SessionMsgRequest,
  SubmitUserFormRequest,
  SysMsgRequest,
  TransferAgentData,
  TransferAgentRequest,
  TypingRequest,
  UploadBase64Request,
  UploadData,
  UserRequest,
  WireChannelInfo,
  WireMessage,
} from '../engine/protocol.ts';
import { API_PREFIX, EVENT_STREAM_PATH, POLL_INTERVAL_MS, PUSH_HEARTBEAT_MS } from '../engine/constants.ts';
import { CALLS, type CallName } from '../engine/protocol.ts';
import {
  API_OK,
  ChatStatus,
  EventCode,
  FLAG_ON,
  MessageStatus,
  MsgType,
  OutType,
  SEND_OK,
  SenderType,
} from '../engine/model/codes.ts';
import { ADMIN_CARD, SimulatedAgent, encodeText } from './agent.ts';
import { findPreset, type Preset } from './presets.ts';
import { answer, tips } from './robot.ts';
import { SAMPLE_FILES } from './samples.ts';
import { newId, Store, type Visitor } from './store.ts';

/** Options of the reference server. */
export interface AppOptions {
  /** Mounts POST /api/dev/* (drive the simulated agent by hand). */
  devControls?: boolean;
  /** The clock of every time-based behaviour (ms since epoch); tests inject a fake one. */
  clock?: () => number;
  /** How long the simulated agent takes to answer. */
  agentDelayMs?: number;
  /**
   * Whether channelInfo offers push (`eventStream: 1`, docs/protocol.md "Push"); the stream answers
   * either way, for clients told to use it.
   */
  push?: boolean;
}

/** Body of every POST /api/dev/* control. */
interface DevRequest {
  userId: string;
  /** agentSay: what the agent says. */
  text?: string;
  /** endSession: why the session ends (OutType, default agent closed). */
  outType?: number;
  /** deleteMessage: which message goes. */
  msgId?: string;
}

/** Prefix of the visitor API (SPEC §7), the engine's without its closing slash. */
const API = API_PREFIX.replace(/\/$/, '');
/** How long the simulated agent takes to answer unless told otherwise. */
const DEFAULT_AGENT_DELAY_MS = 1_500;
/** History page size when the request has none (SPEC §9). */
const DEFAULT_PAGE_SIZE = 20;
/** Largest history page served. */
const MAX_PAGE_SIZE = 100;
/** Uploads live in memory, so they are capped: at the widget's own largest file (SPEC §9 limits, docs/protocol.md §9). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for a multipart body's boundaries, part headers and its other fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Largest JSON body of a call: a message, a form or a question is far smaller. */
const MAX_JSON_BYTES = 1024 * 1024;
/** uploadBase64 carries the file as a base64 data URL in JSON: 4 characters for every 3 bytes. */
const MAX_BASE64_JSON_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + MULTIPART_OVERHEAD_BYTES;
/** The media type every call's body must declare (docs/protocol.md §7); upload's is multipart. */
const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';
/** Content that makes sendMsg, evaluate or submitUserForm fail on purpose, so clients can test failure paths. */
const FAIL_MARKER = '__fail__';
/** sendMsg data.status of a message that was not delivered. */
const SEND_FAILED = 0;
/** Envelope codes of failures (our choice; only 200 is named by the spec). */
const ErrorCode = { BadRequest: 400, NotFound: 404, TooLarge: 413, UnsupportedType: 415, Failed: 500 } as const;
type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
/** getEvaluateInfo's star labels, lowest first. */
const STAR_LABELS = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

/**
 * A failed call; its code and message become the envelope. A refusal of the call answers HTTP 200
 * (docs/protocol.md §8); a request refused before it is read (its type, its size) answers with its
 * own HTTP status too, as any careful server would.
 */
class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly httpStatus: 200 | 413 | 415 = 200,
  ) {
    super(message);
  }
}

/** The media type of a request, without its parameters (charset, boundary), in lower case. */
function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/**
 * Refuses, before reading it, a body that is not of `type` (415): a cross-site form or a
 * `text/plain` fetch (no CORS preflight) can never reach a call; a page of another origin must send
 * JSON, which the browser asks CORS about first.
 */
function requireType(type: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const expected = type(c);
    if (mediaType(c.req.raw) !== expected) throw new ApiError(ErrorCode.UnsupportedType, `Content-Type must be ${expected}`, 415);
    await next();
  };
}

/** Refuses a body over `maxSize(c)` bytes while it is read (413), before anything is parsed or stored. */
function limitSize(maxSize: (c: Context) => number): MiddlewareHandler {
  return (c, next) =>
    bodyLimit({
      maxSize: maxSize(c),
      onError: () => {
        throw new ApiError(ErrorCode.TooLarge, 'request too large', 413);
      },
    })(c, next);
}

type Body = Record<string, unknown>;
/** A request body as received: the protocol's field names, values not yet checked. */
type Untrusted<T> = { [K in keyof T]?: unknown };

/** A non-empty string; numbers are accepted because ids and flags travel as either. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A non-empty string or a 400 naming the missing field. */
function required(value: unknown, name: string): string {
  const result = text(value);
  if (result === undefined) throw new ApiError(ErrorCode.BadRequest, `${name} is required`);
  return result;
}

/** A finite number, also from a numeric string. */
function numeric(value: unknown): number | undefined {
  const candidate = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof candidate === 'number' && Number.isFinite(candidate) ? candidate : undefined;
}

/** Whether a value is one of the values of a codes object. */
function isCode<T extends Record<string, number | string>>(codes: T, value: unknown): value is T[keyof T] {
  return Object.values(codes).includes(value as T[keyof T]);
}

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

/** The chat status a visitor resumes with (SPEC §4). */
function chatStatus(visitor: Visitor, preset: Preset): ChatStatus {
  if (visitor.conversation === 'agent') return ChatStatus.InConversation;
  if (visitor.conversation === 'queued') return ChatStatus.Queued;
  return preset.form && !visitor.formSubmitted ? ChatStatus.FormCheck : ChatStatus.NotStarted;
}

/** A JSON object body, or a 400. */
async function readJson(request: Request): Promise<Body> {
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    throw new ApiError(ErrorCode.BadRequest, 'malformed JSON body');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(ErrorCode.BadRequest, 'body must be a JSON object');
  }
  return value as Body;
}

/** A multipart form body, or a 400. */
async function readForm(request: Request): Promise<Body> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw new ApiError(ErrorCode.BadRequest, 'malformed multipart body');
  }
}

/** Whether a path segment names a call of the protocol. */
function isCall(name: string): name is CallName {
  return (CALLS as readonly string[]).includes(name);
}

/** The success envelope. */
function ok(data: unknown): ApiEnvelope<unknown> {
  return data === undefined ? { code: API_OK } : { code: API_OK, data };
}

/** The reference visitor API: one Hono app over an in-memory store. */
export function createApp(options: AppOptions = {}): Hono {
  const store = new Store(options.clock ?? Date.now);
  // The showcase channel's media, served like uploads.
  for (const [id, file] of Object.entries(SAMPLE_FILES)) store.saveFile(id, file);
  const agent = new SimulatedAgent(store, options.agentDelayMs ?? DEFAULT_AGENT_DELAY_MS);

  const presetOf = (channelId: unknown, field = 'channelId'): Preset => {
    const preset = findPreset(required(channelId, field));
    if (!preset) throw new ApiError(ErrorCode.NotFound, 'channel not found');
    return preset;
  };

  const visitorOf = (userId: unknown): Visitor => {
    const visitor = store.find(required(userId, 'userId'));
    if (!visitor) throw new ApiError(ErrorCode.NotFound, 'visitor not found, call chatStart first');
    return visitor;
  };

  const saveUpload = (name: string, bytes: Uint8Array<ArrayBuffer>): UploadData => {
    if (/^fail\./i.test(name)) throw new ApiError(ErrorCode.Failed, 'upload failed');
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError(ErrorCode.TooLarge, 'file too large');
    // Only a plain suffix goes into the URL, where clients read the file type from it (SPEC §5).
    const suffix = /\.([a-z0-9]{1,10})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    const id = suffix ? `${newId()}.${suffix}` : newId();
    store.saveFile(id, { name, bytes });
    return { url: `${API}/files/${id}`, name, suffix };
  };

  const calls: Record<CallName, (body: Body) => unknown> = {
    channelInfo: (b: Untrusted<ChannelInfoRequest>): WireChannelInfo => {
      const { channel } = presetOf(b.id, 'id');
      return options.push ? { ...channel, eventStream: FLAG_ON } : channel;
    },

    chatStart: (b: Untrusted<ChatStartRequest>): ChatStartData => {
      const channelId = required(b.channelId, 'channelId');
      const preset = presetOf(channelId);
      const userId = text(b.userId) ?? newId();
      const known = store.find(userId);
      const visitor = known ?? store.create(userId, channelId);
      // A new visitor of a seeded channel (showcase, bench) starts with its history.
      if (!known) for (const { agoMs, ...fields } of preset.seed?.() ?? []) store.addMessage(visitor, fields, store.clock() - agoMs);
      if (visitor.channelId !== channelId) {
        // An id reused on another channel starts over there rather than carrying a conversation across.
        store.endConversation(visitor);
        visitor.channelId = channelId;
      }
      // A visitor in a conversation keeps it (another tab, a reload); each page polls on its own pollId.
      if (visitor.conversation === 'none') visitor.sessionId = newId();
      const pollId = store.openPoll(visitor);
      return {
        userId,
        sessionId: visitor.sessionId,
        pollId,
        status: chatStatus(visitor, preset),
        ...(preset.form && { userFormMode: FLAG_ON }),
        serverTime: store.clock(),
      };
    },

    chatClose: (b: Untrusted<ChatCloseRequest>): void => {
      const visitor = visitorOf(b.userId);
      const inConversation = visitor.conversation !== 'none';
      store.endConversation(visitor);
      // The visitor's other tabs learn that the chat ended (SPEC §4 1202, the user ended it); the
      // closing tab (its pollId, an extension) knows: told too, it would end its next conversation.
      if (inConversation) store.emit(visitor, { event_type: EventCode.SessionEnded, outType: OutType.UserOver }, text(b.pollId));
    },

    transferAgent: (b: Untrusted<TransferAgentRequest>): TransferAgentData => {
      const visitor = visitorOf(b.userId);
      return agent.transfer(visitor, presetOf(visitor.channelId), text(b.groupId));
    },

    getAdminCard: (b: Untrusted<UserRequest>): AdminCardData => {
      visitorOf(b.userId);
      return ADMIN_CARD;
    },

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

    getSessionMsg: (b: Untrusted<SessionMsgRequest>): WireMessage[] =>
      store.sessionMessages(visitorOf(b.userId), required(b.sessionId, 'sessionId')),

    getOfflineMsg: (b: Untrusted<OfflineMsgRequest>): WireMessage[] =>
      store.history(visitorOf(b.userId), Number.POSITIVE_INFINITY).filter((m) => m.msgType === MsgType.LeaveMessage),

    getEventMsg: (b: Untrusted<EventMsgRequest>): EventMsgData => {
      const visitor = visitorOf(b.userId);
      const msgList = store.poll(visitor, required(b.pollId, 'pollId'), typeof b.lastEventId === 'string' ? b.lastEventId : undefined);
      if (!msgList) throw new ApiError(ErrorCode.NotFound, 'poll not found, call chatStart again');
      return { msgList, status: chatStatus(visitor, presetOf(visitor.channelId)), waitIndex: visitor.waitIndex };
    },

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

    addSessionMsg: (b: Untrusted<AddSessionMsgRequest>): SendMsgData => {
      const visitor = visitorOf(b.userId);
      // The visitor's own message, whoever it claims to be from.
      const message = store.addMessage(visitor, messageFields(b, SenderType.Visitor));
      return { status: SEND_OK, id: message.id };
    },

    msgComplete: (b: Untrusted<EventMsgRequest>): void => {
      visitorOf(b.userId);
    },

    typing: (b: Untrusted<TypingRequest>): void => {
      visitorOf(b.userId);
    },

    getEvaluateInfo: (b: Untrusted<EvaluateInfoRequest>): EvaluateInfoData => {
      presetOf(b.channelId);
      return { starList: STAR_LABELS };
    },

    evaluate: (b: Untrusted<EvaluateRequest>): void => {
      visitorOf(b.userId);
      const star = numeric(b.star);
      if (star === undefined || !Number.isInteger(star) || star < 1 || star > STAR_LABELS.length) {
        throw new ApiError(ErrorCode.BadRequest, `star must be an integer from 1 to ${STAR_LABELS.length}`);
      }
      if (b.comment === FAIL_MARKER) throw new ApiError(ErrorCode.Failed, 'submission failed');
    },

    submitUserForm: (b: Untrusted<SubmitUserFormRequest>): void => {
      const visitor = visitorOf(b.userId);
      if (Object.values(b).includes(FAIL_MARKER)) throw new ApiError(ErrorCode.Failed, 'submission failed');
      const missing = (presetOf(visitor.channelId).form ?? []).filter((field) => field.required && text(b[field.name]) === undefined);
      if (missing.length > 0) {
        throw new ApiError(ErrorCode.BadRequest, `required: ${missing.map((field) => field.label).join(', ')}`);
      }
      visitor.formSubmitted = true;
    },

    leaveMsg: (b: Untrusted<LeaveMsgRequest>): void => {
      const visitor = visitorOf(b.userId);
      store.addMessage(visitor, {
        senderType: SenderType.Visitor,
        msgType: MsgType.LeaveMessage,
        msgContent: required(b.content, 'content'),
        status: MessageStatus.Sent,
      });
    },

    robotAsk: (b: Untrusted<RobotAskRequest>): RobotAskData => {
      const preset = presetOf(b.channelId);
      const visitor = visitorOf(b.userId);
      const reply = answer(required(b.question, 'question'));
      // Stored, so a reload shows the answer; the question itself arrives by sendMsg.
      store.addMessage(visitor, {
        senderType: SenderType.Robot,
        senderName: preset.channel.robotName,
        msgType: reply.msgType ?? MsgType.Text,
        msgContent: reply.msgContent,
      });
      return reply;
    },

    robotTips: (b: Untrusted<RobotTipsRequest>): RobotTipsData => {
      presetOf(b.channelId);
      return { tips: tips(typeof b.question === 'string' ? b.question : '') };
    },

    upload: async (b: Untrusted<UserRequest & { file: File }>): Promise<UploadData> => {
      visitorOf(b.userId);
      if (!(b.file instanceof File)) throw new ApiError(ErrorCode.BadRequest, 'file is required');
      return saveUpload(b.file.name, new Uint8Array(await b.file.arrayBuffer()));
    },

    uploadBase64: (b: Untrusted<UploadBase64Request>): UploadData => {
      visitorOf(b.userId);
      const [, type = '', data = ''] = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(text(b.imgData) ?? '') ?? [];
      let binary: string;
      try {
        binary = atob(data);
      } catch {
        binary = '';
      }
      if (type === '' || binary === '') throw new ApiError(ErrorCode.BadRequest, 'imgData must be a base64 data URL');
      return saveUpload(`image.${getExtension(type) ?? 'bin'}`, Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    },
  };

  const devActions: Record<string, (b: Untrusted<DevRequest>) => void> = {
    agentSay: (b) => agent.say(visitorOf(b.userId), required(b.text, 'text')),
    endSession: (b) => {
      const outType = numeric(b.outType) ?? OutType.AgentClosed;
      if (!isCode(OutType, outType)) throw new ApiError(ErrorCode.BadRequest, 'unknown outType');
      agent.end(visitorOf(b.userId), outType);
    },
    requestEvaluation: (b) => agent.emit(visitorOf(b.userId), { event_type: EventCode.EvaluationRequested }),
    deleteMessage: (b) => {
      const visitor = visitorOf(b.userId);
      const msgId = required(b.msgId, 'msgId');
      if (!store.deleteMessage(visitor, msgId)) throw new ApiError(ErrorCode.NotFound, 'message not found');
      agent.emit(visitor, { event_type: EventCode.MessageDeleted, msgId });
    },
    typing: (b) => agent.emit(visitorOf(b.userId), { event_type: EventCode.AgentTyping }),
    refuse: (b) => agent.refuse(visitorOf(b.userId)),
    // The visitor's push streams end, as when a connection drops (the widget polls, then pushes again).
    dropStreams: (b) => {
      for (const end of openStreams.get(visitorOf(b.userId)) ?? []) end();
    },
  };

  /**
   * A visitor's push stream (docs/protocol.md "Push"): a batch at once (the stream is open), then one
   * whenever events come or the status or queue place changes, a heartbeat comment every
   * PUSH_HEARTBEAT_MS. The visitor's timers (the queue, the agent's answers) run lazily when the
   * visitor is touched, so the stream touches it when the next one is due.
   */
  /** How to end each visitor's open push streams (the dev control dropStreams). */
  const openStreams = new Map<Visitor, Set<() => void>>();

  const pushEvents = async (stream: SSEStreamingApi, visitor: Visitor, pollId: string, from: number): Promise<void> => {
    let sent = from;
    let said = '';
    let opened = false;
    let wake: ReturnType<typeof setTimeout> | undefined;
    let writing = Promise.resolve();
    const send = async () => {
      const msgList = store.streamed(visitor, pollId, sent);
      sent = visitor.lastSeq;
      const status = chatStatus(visitor, presetOf(visitor.channelId));
      const state = `${status} ${visitor.waitIndex}`;
      if (opened && msgList.length === 0 && state === said) return;
      said = state;
      const id = msgList.at(-1)?.eventId;
      const data: EventMsgData = { msgList, status, waitIndex: visitor.waitIndex };
      await stream.writeSSE({ data: JSON.stringify(data), ...(id !== undefined && { id: String(id) }), ...(!opened && { retry: POLL_INTERVAL_MS }) });
      opened = true;
    };
    // A timer may fire a little early by the store's clock (Node's timers round; a test's clock is
    // its own): the wake-up runs what is due and arms again for what is not, so nothing due waits for
    // another call to touch the visitor. What runs announces itself through `changed`.
    const arm = () => {
      clearTimeout(wake);
      const due = store.nextDue(visitor);
      if (due !== undefined) wake = setTimeout(wakeUp, Math.max(0, due - store.clock()));
    };
    const wakeUp = () => {
      store.find(visitor.userId);
      arm();
    };
    const changed = () => {
      arm();
      writing = writing.then(send).catch(() => stream.abort());
    };
    const unwatch = store.watch(visitor, changed);
    const heartbeat = setInterval(() => {
      wakeUp();
      store.streamed(visitor, pollId, visitor.lastSeq);
      writing = writing.then(() => stream.write(': ping\n\n')).then(() => undefined, () => stream.abort());
    }, PUSH_HEARTBEAT_MS);
    changed();
    // Until the client goes, or dropStreams ends it (returning closes the stream).
    const closers = openStreams.get(visitor) ?? new Set();
    openStreams.set(visitor, closers);
    let end = () => {};
    await new Promise<void>((resolve) => {
      end = resolve;
      closers.add(end);
      stream.onAbort(resolve);
    });
    closers.delete(end);
    if (closers.size === 0) openStreams.delete(visitor);
    unwatch();
    clearInterval(heartbeat);
    clearTimeout(wake);
  };

  const app = new Hono();

  app.get(`${API}/${EVENT_STREAM_PATH}`, (c) => {
    const visitor = visitorOf(c.req.query('userId'));
    const pollId = required(c.req.query('pollId'), 'pollId');
    // In the query (no CORS preflight), or the header EventSource sends when it reconnects.
    const lastEventId = c.req.query('lastEventId') ?? c.req.header('Last-Event-ID') ?? '';
    const from = store.openStream(visitor, pollId, lastEventId);
    if (from === undefined) throw new ApiError(ErrorCode.NotFound, 'poll not found, call chatStart again');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) => pushEvents(stream, visitor, pollId, from));
  });

  app.post(
    `${API}/:call`,
    requireType((c) => (c.req.param('call') === 'upload' ? MULTIPART_TYPE : JSON_TYPE)),
    limitSize((c) => {
      const call = c.req.param('call');
      return call === 'upload' ? MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES : call === 'uploadBase64' ? MAX_BASE64_JSON_BYTES : MAX_JSON_BYTES;
    }),
    async (c) => {
      const call = c.req.param('call');
      if (!isCall(call)) throw new ApiError(ErrorCode.NotFound, `unknown call: ${call}`);
      const body = call === 'upload' ? await readForm(c.req.raw) : await readJson(c.req.raw);
      return c.json(ok(await calls[call](body)));
    },
  );

  app.get(`${API}/files/:id`, (c) => {
    const file = store.file(c.req.param('id'));
    if (!file) return c.json({ code: ErrorCode.NotFound, message: 'file not found' }, 404);
    return c.body(file.bytes, 200, {
      // The type follows the suffix we chose, never the uploader's claim, and scripts stay sandboxed.
      'Content-Type': getMimeType(c.req.param('id')) ?? 'application/octet-stream',
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Content-Security-Policy': 'sandbox',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  if (options.devControls) {
    app.post('/api/dev/:action', requireType(() => JSON_TYPE), limitSize(() => MAX_JSON_BYTES), async (c) => {
      const action = c.req.param('action');
      const run = Object.hasOwn(devActions, action) ? devActions[action] : undefined;
      if (!run) throw new ApiError(ErrorCode.NotFound, `unknown dev control: ${action}`);
      run(await readJson(c.req.raw));
      return c.json({ code: API_OK });
    });
  }

  app.notFound((c) => c.json({ code: ErrorCode.NotFound, message: `no route for ${c.req.method} ${c.req.path}` }, 404));

  // Failures stay inside the envelope (HTTP 200, code ≠ 200); only real bugs answer HTTP 500.
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ code: error.code, message: error.message }, error.httpStatus);
    console.error('reference server:', error);
    return c.json({ code: ErrorCode.Failed, message: 'internal error' }, 500);
  });

  return app;
}
