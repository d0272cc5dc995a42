import { Observable, asyncScheduler, type SchedulerLike } from 'rxjs';
import { API_PREFIX, EVENT_STREAM_PATH, HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../constants';
import { API_OK, SEND_UNCONFIRMED, TransferStatus, chatStatusOf } from '../model/codes';
import { decodeChannelInfo, type ChannelInfo } from '../model/channel';
import { DecodeError, avatarUrl, list, object, optNumber, optString, string, type Json } from '../model/decode';
import type {
  AdminCardData,
  CallName,
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
  WireQuickReply,
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
import { ApiError, MalformedResponseError, NetworkError, TimeoutError, TransportError } from './errors';

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

/**
 * The visitor API of SPEC §7: one method per call, each a cold Observable that emits the checked
 * response data once and completes, or errors with a TransportError. Unsubscribing aborts.
 */
export interface VisitorApi {
  channelInfo(req: ChannelInfoRequest): Observable<ChannelInfo>;
  chatStart(req: ChatStartRequest): Observable<ChatStartData>;
  chatClose(req: ChatCloseRequest): Observable<void>;
  transferAgent(req: TransferAgentRequest): Observable<TransferAgentData>;
  getAdminCard(req: UserRequest): Observable<AdminCardData>;
  /** Raw message list; messages are decoded one by one so that a bad one is dropped alone. */
  getHistoryMsg(req: HistoryRequest): Observable<unknown[]>;
  getSessionMsg(req: SessionMsgRequest): Observable<unknown[]>;
  getOfflineMsg(req: UserRequest): Observable<unknown[]>;
  getEventMsg(req: EventMsgRequest): Observable<EventBatch>;
  /**
   * (extension; docs/protocol.md "Push") The visitor's event batches pushed over server-sent events:
   * frames until the backend ends the stream (complete) or it fails (a TransportError). Unsubscribing
   * closes it. A transport without it is polled (SPEC §7).
   */
  eventStream?(req: EventStreamRequest): Observable<PushFrame>;
  sysMsg(req: SysMsgRequest): Observable<void>;
  sendMsg(req: SendMsgRequest): Observable<SendMsgData>;
  msgComplete(req: EventMsgRequest): Observable<void>;
  getEvaluateInfo(req: EvaluateInfoRequest): Observable<EvaluateInfoData>;
  evaluate(req: EvaluateRequest): Observable<void>;
  submitUserForm(req: SubmitUserFormRequest): Observable<void>;
  typing(req: TypingRequest): Observable<void>;
  leaveMsg(req: LeaveMsgRequest): Observable<void>;
  addSessionMsg(req: SendMsgRequest): Observable<void>;
  robotAsk(req: RobotAskRequest): Observable<RobotAskData>;
  robotTips(req: RobotTipsRequest): Observable<RobotTipsData>;
  /** Multipart upload (60 s); `onProgress` hears the fraction sent (0..1) where the platform reports it. */
  upload(req: UploadRequest): Observable<UploadData>;
  uploadBase64(req: UploadBase64Request): Observable<UploadData>;
}

/** The upload call's request (SPEC §7 upload: userId, file), plus an optional progress listener. */
export interface UploadRequest {
  userId: string;
  file: Blob;
  fileName: string;
  onProgress?: (fraction: number) => void;
}

export interface HttpOptions {
  /** Origin (and optional path prefix) of the API; '' means the page's own origin. */
  apiBase?: string | undefined;
  /** fetch implementation; defaults to the global one. */
  fetch?: typeof fetch | undefined;
  /** Scheduler of the time-outs (virtual time in tests). */
  scheduler?: SchedulerLike | undefined;
  /**
   * XMLHttpRequest, used for uploads with a progress listener (fetch reports no upload progress);
   * defaults to the global one when there is one and no `fetch` was given, else fetch is used.
   */
  XMLHttpRequest?: typeof XMLHttpRequest | undefined;
  /** Where a field dropped while decoding is reported, one line each (e.g. the engine's log). */
  warn?: ((message: string) => void) | undefined;
}

const none = (): void => undefined;

function messages(data: Json): unknown[] {
  return data === undefined || data === null ? [] : list(data);
}

function decodeStart(data: Json): ChatStartData {
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

function decodeTransfer(data: Json): TransferAgentData {
  const o = object(data, 'transferAgent');
  return {
    // No status: nothing happened (SPEC §4 result 6).
    status: optNumber(o.status, 'transferAgent.status') ?? TransferStatus.Nothing,
    adminNick: optString(o.adminNick, 'transferAgent.adminNick'),
    waitIndex: optNumber(o.waitIndex, 'transferAgent.waitIndex'),
  };
}

function decodeEvents(data: Json): EventBatch {
  const o = data === undefined || data === null ? {} : object(data, 'getEventMsg');
  const raw = o.msgList === undefined || o.msgList === null ? [] : list(o.msgList, 'getEventMsg.msgList');
  return {
    events: raw.filter((e): e is WireEvent => typeof e === 'object' && e !== null),
    status: optNumber(o.status, 'getEventMsg.status'),
    waitIndex: optNumber(o.waitIndex, 'getEventMsg.waitIndex'),
  };
}

function decodeSend(data: Json): SendMsgData {
  const o = object(data, 'sendMsg');
  return { status: optNumber(o.status, 'sendMsg.status') ?? SEND_UNCONFIRMED, id: optString(o.id, 'sendMsg.id') };
}

function decodeCard(data: Json, warn?: (message: string) => void): AdminCardData {
  const o = data === undefined || data === null ? {} : object(data, 'getAdminCard');
  return {
    adminWelcomeMode: o.adminWelcomeMode as AdminCardData['adminWelcomeMode'],
    adminWelcomeMsg: optString(o.adminWelcomeMsg, 'adminWelcomeMsg'),
    adminNick: optString(o.adminNick, 'adminNick'),
    adminAvatar: avatarUrl(o, ['adminAvatar', 'avatar', 'headImg'], 'getAdminCard', warn),
  };
}

function decodeRobot(data: Json): RobotAskData {
  const o = object(data, 'robotAsk');
  const suggestions = o.suggestions === undefined ? undefined : list(o.suggestions, 'robotAsk.suggestions');
  return {
    msgContent: string(o.msgContent, 'robotAsk.msgContent'),
    msgType: typeof o.msgType === 'number' || typeof o.msgType === 'string' ? o.msgType : undefined,
    robotAskMsgType: optString(o.robotAskMsgType, 'robotAsk.robotAskMsgType'),
    // Strings and quick-reply objects; the robot slice reads each (quickRepliesOf) and drops the rest.
    suggestions: suggestions?.filter((s): s is string | WireQuickReply => typeof s === 'string' || (typeof s === 'object' && s !== null)),
  };
}

function decodeUpload(data: Json): UploadData {
  const o = object(data, 'upload');
  return {
    url: string(o.url, 'upload.url'),
    name: optString(o.name, 'upload.name') ?? '',
    suffix: optString(o.suffix, 'upload.suffix') ?? '',
  };
}

function decodeStars(data: Json): EvaluateInfoData {
  const o = object(data, 'getEvaluateInfo');
  return { starList: list(o.starList, 'starList').map((s, i) => string(s, `starList[${i}]`)) };
}

function decodeTips(data: Json): RobotTipsData {
  const o = object(data, 'robotTips');
  return { tips: list(o.tips ?? [], 'tips').filter((s): s is string => typeof s === 'string') };
}

const PREFIX_PATH = API_PREFIX.replace(/\/+$/, '');
/** An absolute URL (a scheme), as opposed to a path on `apiBase`. */
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;
/** The stream's name in errors and logs. */
const STREAM = 'eventStream';
/** SSE event types that carry a batch (the default type, or ours); any other frame only shows the stream is alive. */
const BATCH_EVENTS: ReadonlySet<string | undefined> = new Set([undefined, 'message', 'batch']);

/** A pushed frame's data: getEventMsg's `data`, or a whole envelope around it (both are read). */
function decodePushed(data: string, id: string | undefined): EventBatch {
  let value: Json;
  try {
    value = JSON.parse(data) as Json;
  } catch {
    throw new MalformedResponseError(STREAM, `${STREAM}: a frame that is not JSON`, true);
  }
  const envelope = typeof value === 'object' && value !== null && !Array.isArray(value) && 'code' in value ? (value as Record<string, unknown>) : null;
  const batch = decodeData(STREAM, envelope ? accepted(STREAM, 200, envelope) : value, decodeEvents);
  return id ? { ...batch, lastEventId: id } : batch;
}

/**
 * `apiBase` as the engine reads it: without trailing slashes and without the API prefix when it was
 * given too (`https://chat.example.com/api/chat/visitor` is meant as `https://chat.example.com`).
 */
export function trimApiBase(apiBase: string): string {
  const base = apiBase.replace(/\/+$/, '');
  return base.endsWith(PREFIX_PATH) ? base.slice(0, -PREFIX_PATH.length) : base;
}

/** Creates the fetch transport of SPEC §7: POST JSON, 20 s time-out (uploads 60 s), code ≠ 200 → ApiError. */
export function createVisitorApi(options: HttpOptions = {}): VisitorApi {
  const base = trimApiBase(options.apiBase ?? '') + API_PREFIX;
  const scheduler = options.scheduler ?? asyncScheduler;

  function call<T>(name: CallName, body: BodyInit | object, decode: (data: Json) => T, timeoutMs = HTTP_TIMEOUT_MS) {
    return new Observable<T>((subscriber) => {
      const controller = new AbortController();
      let timedOut = false;
      const timer = scheduler.schedule(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
      const doFetch = options.fetch ?? globalThis.fetch;
      doFetch(base + name, {
        method: 'POST',
        headers: isForm ? undefined : { 'content-type': 'application/json' },
        body: isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      })
        .then(
          (res) => res.text().then((text) => unwrap(name, res.status, text, decode)),
          (cause: unknown) => {
            if (timedOut) throw new TimeoutError(name, timeoutMs);
            throw new NetworkError(name, `${name}: ${cause instanceof Error ? cause.message : 'network failure'}`);
          },
        )
        .then(
          (value) => {
            timer.unsubscribe();
            subscriber.next(value);
            subscriber.complete();
          },
          (error: unknown) => {
            timer.unsubscribe();
            // A body read aborted by the time-out surfaces here too.
            subscriber.error(timedOut && !(error instanceof TimeoutError) ? new TimeoutError(name, timeoutMs) : error);
          },
        );
      return () => {
        timer.unsubscribe();
        controller.abort();
      };
    });
  }

  const Xhr = options.XMLHttpRequest ?? (options.fetch ? undefined : globalThis.XMLHttpRequest);

  /** The push stream's address with the request in the query (no custom header, so no CORS preflight). */
  function streamAddress({ url, userId, pollId, lastEventId }: EventStreamRequest): string {
    const where = !url ? base + EVENT_STREAM_PATH : ABSOLUTE_URL.test(url) ? url : trimApiBase(options.apiBase ?? '') + url;
    const query = new URLSearchParams({ userId, pollId, lastEventId: lastEventId ?? '' });
    return `${where}${where.includes('?') ? '&' : '?'}${query.toString()}`;
  }

  /**
   * Server-sent events over fetch (EventSource can neither be aborted per request nor report why it
   * failed), parsed by eventsource-parser, loaded when a stream first opens. An answer that is not a
   * stream is read as an envelope: its code and message are the error.
   */
  function eventStream(req: EventStreamRequest): Observable<PushFrame> {
    return new Observable<PushFrame>((subscriber) => {
      const controller = new AbortController();
      const doFetch = options.fetch ?? globalThis.fetch;
      let reader: ReadableStreamDefaultReader<string> | undefined;
      const run = async () => {
        const [{ createParser }, res] = await Promise.all([
          import('eventsource-parser'),
          doFetch(streamAddress(req), { headers: { accept: 'text/event-stream' }, signal: controller.signal }).catch((cause: unknown) => {
            throw new NetworkError(STREAM, `${STREAM}: ${cause instanceof Error ? cause.message : 'network failure'}`);
          }),
        ]);
        if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
          unwrap(STREAM, res.status, await res.text(), none);
          throw new MalformedResponseError(STREAM, `${STREAM}: HTTP ${res.status}, not an event stream`, true);
        }
        subscriber.next({ kind: 'open' });
        const parser = createParser({
          onEvent: ({ event, id, data }) => {
            const carries = BATCH_EVENTS.has(event) && data.trim() !== '';
            subscriber.next(carries ? { kind: 'batch', batch: decodePushed(data, id) } : { kind: 'alive' });
          },
          onComment: () => subscriber.next({ kind: 'alive' }),
        });
        reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(chunk.value);
      };
      run().then(
        () => subscriber.complete(),
        (error: unknown) => {
          if (subscriber.closed) return;
          subscriber.error(error instanceof TransportError ? error : new NetworkError(STREAM, `${STREAM}: ${error instanceof Error ? error.message : 'stream failed'}`));
        },
      );
      return () => {
        controller.abort();
        // The body too: a fetch that ignores the signal (an in-process server) still ends its stream.
        reader?.cancel().catch(() => undefined);
      };
    });
  }

  /** The upload over XMLHttpRequest, whose upload events report progress; same errors as `call`. */
  function xhrUpload(form: FormData, onProgress: (fraction: number) => void, XhrClass: typeof XMLHttpRequest) {
    const name: CallName = 'upload';
    return new Observable<UploadData>((subscriber) => {
      const xhr = new XhrClass();
      let settled = false;
      const fail = (error: unknown) => {
        settled = true;
        timer.unsubscribe();
        subscriber.error(error);
      };
      const timer = scheduler.schedule(() => {
        if (settled) return;
        xhr.abort();
        fail(new TimeoutError(name, UPLOAD_TIMEOUT_MS));
      }, UPLOAD_TIMEOUT_MS);
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      });
      xhr.addEventListener('load', () => {
        if (settled) return;
        let data: UploadData;
        try {
          data = unwrap(name, xhr.status, xhr.responseText, decodeUpload);
        } catch (e) {
          fail(e);
          return;
        }
        settled = true;
        timer.unsubscribe();
        subscriber.next(data);
        subscriber.complete();
      });
      xhr.addEventListener('error', () => {
        if (!settled) fail(new NetworkError(name, `${name}: network failure`));
      });
      xhr.open('POST', base + name);
      xhr.send(form);
      return () => {
        timer.unsubscribe();
        if (!settled) {
          settled = true;
          xhr.abort();
        }
      };
    });
  }

  return {
    channelInfo: (req) => call('channelInfo', req, (d) => decodeChannelInfo(d, options.warn)),
    chatStart: (req) => call('chatStart', req, decodeStart),
    chatClose: (req) => call('chatClose', req, none),
    transferAgent: (req) => call('transferAgent', req, decodeTransfer),
    getAdminCard: (req) => call('getAdminCard', req, (d) => decodeCard(d, options.warn)),
    getHistoryMsg: (req) => call('getHistoryMsg', req, messages),
    getSessionMsg: (req) => call('getSessionMsg', req, messages),
    getOfflineMsg: (req) => call('getOfflineMsg', req, messages),
    getEventMsg: (req) => call('getEventMsg', req, decodeEvents),
    eventStream,
    sysMsg: (req) => call('sysMsg', req, none),
    sendMsg: (req) => call('sendMsg', req, decodeSend),
    msgComplete: (req) => call('msgComplete', req, none),
    getEvaluateInfo: (req) => call('getEvaluateInfo', req, decodeStars),
    evaluate: (req) => call('evaluate', req, none),
    submitUserForm: (req) => call('submitUserForm', req, none),
    typing: (req) => call('typing', req, none),
    leaveMsg: (req) => call('leaveMsg', req, none),
    addSessionMsg: (req) => call('addSessionMsg', req, none),
    robotAsk: (req) => call('robotAsk', req, decodeRobot),
    robotTips: (req) => call('robotTips', req, decodeTips),
    upload: ({ userId, file, fileName, onProgress }) => {
      const form = new FormData();
      form.append('userId', userId);
      form.append('file', file, fileName);
      return onProgress && Xhr ? xhrUpload(form, onProgress, Xhr) : call('upload', form, decodeUpload, UPLOAD_TIMEOUT_MS);
    },
    uploadBase64: (req) => call('uploadBase64', req, decodeUpload, UPLOAD_TIMEOUT_MS),
  };
}

/** Checks a response envelope (JSON, code 200) and decodes its data; throws a TransportError. */
function unwrap<T>(name: string, status: number, text: string, decode: (data: Json) => T): T {
  let envelope: Record<string, unknown>;
  try {
    envelope = object(JSON.parse(text) as Json, name);
  } catch {
    throw new MalformedResponseError(name, `${name}: HTTP ${status}, the answer is not a JSON envelope`);
  }
  return decodeData(name, accepted(name, status, envelope), decode);
}

/** An envelope's data when its code is 200; else the server's refusal as an ApiError. */
function accepted(name: string, status: number, envelope: Record<string, unknown>): Json {
  const code = optNumberSafe(envelope.code);
  if (code !== API_OK) {
    const message = typeof envelope.message === 'string' ? envelope.message : `HTTP ${status}`;
    throw new ApiError(name, code ?? status, message);
  }
  return envelope.data;
}

/** Decodes a call's data; data of the wrong shape is a MalformedResponseError of an envelope that came. */
function decodeData<T>(name: string, data: Json, decode: (data: Json) => T): T {
  try {
    return decode(data);
  } catch (e) {
    if (e instanceof DecodeError) throw new MalformedResponseError(name, e.message, true);
    throw e;
  }
}

function optNumberSafe(value: Json): number | undefined {
  try {
    return optNumber(value, 'code');
  } catch {
    return undefined;
  }
}
