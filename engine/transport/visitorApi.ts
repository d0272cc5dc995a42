import { asyncScheduler, map, type Observable, type SchedulerLike } from 'rxjs';
import { API_PREFIX, UPLOAD_TIMEOUT_MS } from '../constants';
import { decodeChannelInfo, type ChannelInfo } from '../model/channel';
import type {
  AdminCardData,
  ChannelInfoRequest,
  ChatCloseRequest,
  ChatStartData,
  ChatStartRequest,
  EvaluateInfoData,
  EvaluateInfoRequest,
  EvaluateRequest,
  EventMsgRequest,
  HistoryRequest,
  LeaveMsgRequest,
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
  WireEvent,
} from '../protocol';
import {
  decodeCard,
  decodeEvents,
  decodeSend,
  decodeStart,
  decodeStars,
  decodeTips,
  decodeTransfer,
  decodeUpload,
  messages,
  messagesIn,
  none,
} from './decoders';
import { eventStream } from './eventStream';
import { httpCall, trimApiBase } from './http';
import { robotAsk } from './robotAsk';
import { xhrUpload } from './upload';

/** Poll data after edge checks: events are kept raw-but-shaped; the events effect decodes each. */
export interface EventBatch {
  events: WireEvent[];
  status?: number;
  waitIndex?: number;
  /** A pushed batch's own id (the stream's `id:` field), when the backend gave one: where to resume from. */
  lastEventId?: string;
}

/** The push stream's request (docs/protocol.md "Push"): the poll's, and where the stream is. */
export interface EventStreamRequest extends EventMsgRequest {
  /** The channel's `eventStream`: '' or undefined for the API's own `events` path, else a URL (absolute, or a path on `apiBase`). */
  url?: string | undefined;
}

/**
 * What a push stream hands over: `open` once the backend answered with a stream, `alive` for a
 * heartbeat (or any frame without events), `batch` for event batches in getEventMsg's shape.
 */
export type PushFrame = { kind: 'open' } | { kind: 'alive' } | { kind: 'batch'; batch: EventBatch };

/** A source link under a streamed robot answer (docs/protocol.md "Streamed answers"): an absolute http(s) URL. */
export interface RobotSource {
  url: string;
  title?: string;
}

/** The JSON answer's other fields, as a streamed answer's `messageMetadata` may carry them. */
export type RobotAnswerMetadata = Pick<RobotAskData, 'msgType' | 'robotAskMsgType' | 'suggestions'>;

/**
 * robotAsk's answer, frame by frame (docs/protocol.md "Streamed answers"): the JSON answer as
 * one `answer`; or a UI message stream's parts as they arrive — `text` and `reasoning` deltas (by
 * part id), `source`s, `metadata`, then `finish`, an `error` or an `abort`. Every other frame of the
 * stream (starts and ends of parts, steps, unknown types, `[DONE]`) is `alive`: the stream still runs.
 */
export type RobotFrame =
  | { type: 'answer'; answer: RobotAskData }
  | { type: 'text'; part: string; delta: string }
  | { type: 'reasoning'; part: string; delta: string }
  | { type: 'source'; source: RobotSource }
  | { type: 'metadata'; metadata: RobotAnswerMetadata }
  | { type: 'finish' }
  | { type: 'error'; errorText: string }
  | { type: 'abort' }
  | { type: 'alive' };

/**
 * The visitor API of SPEC §7: one method per call, each a cold Observable that emits the checked
 * response data once and completes, or errors with a TransportError. Unsubscribing aborts.
 */
export interface VisitorApi {
  /** The channel's settings (SPEC §7 channelInfo), decoded: a bad field is logged and read as its default. */
  channelInfo(req: ChannelInfoRequest): Observable<ChannelInfo>;
  /** Starts or resumes the visitor's session (SPEC §7 chatStart). */
  chatStart(req: ChatStartRequest): Observable<ChatStartData>;
  /** Ends the visitor's chat (SPEC §7 chatClose). */
  chatClose(req: ChatCloseRequest): Observable<void>;
  /** Asks for a person (SPEC §7 transferAgent). */
  transferAgent(req: TransferAgentRequest): Observable<TransferAgentData>;
  /** The agent now chatting: name, picture and welcome (SPEC §7 getAdminCard). */
  getAdminCard(req: UserRequest): Observable<AdminCardData>;
  /** Raw message list; messages are decoded one by one so that a bad one is dropped alone. */
  getHistoryMsg(req: HistoryRequest): Observable<unknown[]>;
  /** Raw messages of the current session (SPEC §7 getSessionMsg), decoded one by one like the history. */
  getSessionMsg(req: SessionMsgRequest): Observable<unknown[]>;
  /** Raw agents' replies to the visitor's left messages (SPEC §7 getOfflineMsg). */
  getOfflineMsg(req: UserRequest): Observable<unknown[]>;
  /** One poll of agent events (SPEC §7 getEventMsg). */
  getEventMsg(req: EventMsgRequest): Observable<EventBatch>;
  /**
   * (extension; docs/protocol.md "Push") The visitor's event batches pushed over server-sent events:
   * frames until the backend ends the stream (complete) or it fails (a TransportError). Unsubscribing
   * closes it. A transport without it is polled (SPEC §7).
   */
  eventStream?(req: EventStreamRequest): Observable<PushFrame>;
  /** Reports a system line to the agent (SPEC §7 sysMsg). */
  sysMsg(req: SysMsgRequest): Observable<void>;
  /** Sends the visitor's message (SPEC §7 sendMsg). */
  sendMsg(req: SendMsgRequest): Observable<SendMsgData>;
  /** Tells the backend the visitor has read the agent's messages (SPEC §7 msgComplete). */
  msgComplete(req: EventMsgRequest): Observable<void>;
  /** The rating's star labels (SPEC §7 getEvaluateInfo). */
  getEvaluateInfo(req: EvaluateInfoRequest): Observable<EvaluateInfoData>;
  /** Sends the visitor's rating of the chat (SPEC §7 evaluate). */
  evaluate(req: EvaluateRequest): Observable<void>;
  /** Sends the pre-chat form (SPEC §7 submitUserForm). */
  submitUserForm(req: SubmitUserFormRequest): Observable<void>;
  /** Sends what the visitor is typing, for the agent's preview (SPEC §7 typing). */
  typing(req: TypingRequest): Observable<void>;
  /** Leaves a message when nobody can answer (SPEC §7 leaveMsg). */
  leaveMsg(req: LeaveMsgRequest): Observable<void>;
  /** Stores a message in the session without delivering it to an agent (SPEC §7 addSessionMsg). */
  addSessionMsg(req: SendMsgRequest): Observable<void>;
  /**
   * The robot's answer (SPEC §7 robotAsk; streamed: docs/protocol.md "Streamed answers"): the
   * JSON answer as one frame, or a stream's frames as they arrive, until the answer ends (complete)
   * or the call fails (a TransportError; a stream cut mid-way is a NetworkError). Unsubscribing aborts.
   */
  robotAsk(req: RobotAskRequest): Observable<RobotFrame>;
  /** Suggested questions for the text typed so far (SPEC §7 robotTips). */
  robotTips(req: RobotTipsRequest): Observable<RobotTipsData>;
  /** Multipart upload (60 s): progress frames where the platform reports them, then the file's address. */
  upload(req: UploadRequest): Observable<UploadFrame>;
  /** Uploads a pasted image given as a data URL (SPEC §7 uploadBase64). */
  uploadBase64(req: UploadBase64Request): Observable<UploadData>;
}

/** The upload call's request (SPEC §7 upload: userId, file). */
export interface UploadRequest {
  userId: string;
  file: Blob;
  fileName: string;
}

/**
 * What an upload hands over, as the push stream does (PushFrame): `progress` with the fraction sent
 * (0..1) each time the platform reports one (XMLHttpRequest does, fetch does not), then `done` once
 * with the answer's data.
 */
export type UploadFrame = { kind: 'progress'; fraction: number } | { kind: 'done'; data: UploadData };

/** How {@link createVisitorApi} reaches the backend: where, with which fetch, and on which clock. */
export interface HttpOptions {
  /** Origin (and optional path prefix) of the API; '' means the page's own origin. */
  apiBase?: string | undefined;
  /** fetch implementation; defaults to the global one. */
  fetch?: typeof fetch | undefined;
  /** Scheduler of the time-outs (virtual time in tests). */
  scheduler?: SchedulerLike | undefined;
  /**
   * XMLHttpRequest, used for uploads, whose progress fetch does not report; defaults to the global
   * one when there is one and no `fetch` was given, else uploads use fetch (no progress frames).
   */
  XMLHttpRequest?: typeof XMLHttpRequest | undefined;
  /**
   * Whether robotAsk accepts a streamed answer (docs/protocol.md "Streamed answers"); true by default.
   * false asks for the JSON answer only (`Accept: application/json`), e.g. behind a proxy that buffers streams.
   */
  robotStream?: boolean | undefined;
  /** Where a field dropped while decoding is reported, one line each (e.g. the engine's log). */
  warn?: ((message: string) => void) | undefined;
}

/**
 * Creates the fetch transport of SPEC §7 from its parts: the HTTP call and envelope (./http), the
 * decoders (./decoders), the event stream (./eventStream) and the upload with progress (./upload).
 */
export function createVisitorApi(options: HttpOptions = {}): VisitorApi {
  const apiBase = trimApiBase(options.apiBase ?? '');
  const base = apiBase + API_PREFIX;
  const scheduler = options.scheduler ?? asyncScheduler;
  // Read at each request, so a fetch replaced after the transport was made is the one used.
  const fetcher = () => options.fetch ?? globalThis.fetch;
  const call = httpCall(base, fetcher, scheduler);
  const Xhr = options.XMLHttpRequest ?? (options.fetch ? undefined : globalThis.XMLHttpRequest);

  return {
    channelInfo: (req) => call('channelInfo', req, (d) => decodeChannelInfo(d, options.warn)),
    chatStart: (req) => call('chatStart', req, decodeStart),
    chatClose: (req) => call('chatClose', req, none),
    transferAgent: (req) => call('transferAgent', req, decodeTransfer),
    getAdminCard: (req) => call('getAdminCard', req, (d) => decodeCard(d, options.warn)),
    getHistoryMsg: (req) => call('getHistoryMsg', req, messages),
    getSessionMsg: (req) => call('getSessionMsg', req, messagesIn),
    getOfflineMsg: (req) => call('getOfflineMsg', req, messagesIn),
    getEventMsg: (req) => call('getEventMsg', req, decodeEvents),
    eventStream: (req) => eventStream(apiBase, fetcher, req),
    sysMsg: (req) => call('sysMsg', req, none),
    sendMsg: (req) => call('sendMsg', req, decodeSend),
    msgComplete: (req) => call('msgComplete', req, none),
    getEvaluateInfo: (req) => call('getEvaluateInfo', req, decodeStars),
    evaluate: (req) => call('evaluate', req, none),
    submitUserForm: (req) => call('submitUserForm', req, none),
    typing: (req) => call('typing', req, none),
    leaveMsg: (req) => call('leaveMsg', req, none),
    addSessionMsg: (req) => call('addSessionMsg', req, none),
    robotAsk: (req) => robotAsk(base, fetcher, scheduler, req, { stream: options.robotStream, warn: options.warn }),
    robotTips: (req) => call('robotTips', req, decodeTips),
    upload: ({ userId, file, fileName }) => {
      const form = new FormData();
      form.append('userId', userId);
      form.append('file', file, fileName);
      if (Xhr) return xhrUpload(base + 'upload', scheduler, form, Xhr);
      return call('upload', form, decodeUpload, UPLOAD_TIMEOUT_MS).pipe(map((data): UploadFrame => ({ kind: 'done', data })));
    },
    uploadBase64: (req) => call('uploadBase64', req, decodeUpload, UPLOAD_TIMEOUT_MS),
  };
}
