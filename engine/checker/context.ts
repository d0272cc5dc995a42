import { EMPTY, type Observable } from 'rxjs';
import { API_PREFIX, HTTP_TIMEOUT_MS, POLL_INTERVAL_MS, PUSH_HEARTBEAT_MS, UPLOAD_TIMEOUT_MS } from '../constants';
import type { Intent } from '../core/intents';
import { reduce } from '../core/reduce';
import { initialState, type ChatState } from '../core/state';
import { robotAnswers } from '../features/robot/predicates';
import { ReceiveMode } from '../model/codes';
import type { ChatMessage } from '../model/message';
import { parseQuery } from '../model/query';
import type { CallName, SendMsgData, SendMsgRequest } from '../protocol';
import { createVisitorApi, type EventBatch, type EventStreamRequest, type PushFrame, type VisitorApi } from '../transport/visitorApi';
import { CATALOGUE, type CheckId } from './catalogue';
import { attempt, recordingFetch, type Diagnosis, type Exchange, type Outcome, type Recorder } from './wire';

/** How one check came out: passed, failed (the widget breaks), warned (works, but worse) or skipped. */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip';

/** One row of the report. */
export interface CheckResult {
  id: CheckId;
  /** The call(s) the check makes. */
  call: string;
  /** What the check expects, in a few words. */
  title: string;
  status: CheckStatus;
  /** What the backend answered; for a skip, why the check did not run. */
  detail: string;
  /** What the backend should send instead (fail and warn). */
  fix?: string;
  /** The section of docs/protocol.md (= SPEC) the expectation comes from. */
  specRef: string;
}

/** Time limits of a run (ms, on the checker's clock). */
export interface CheckLimits {
  /** A call that takes longer failed: the widget aborts it (SPEC §7: 20 s). */
  callTimeoutMs: number;
  /** The same for an upload (SPEC §7: 60 s). */
  uploadTimeoutMs: number;
  /** A getEventMsg answer slower than this is held, not immediate (SPEC §7: the widget polls every 2 s). */
  pollAnswerMs: number;
  /** How long a push stream may take to bring its first frame (docs/protocol.md "Push": a batch at once, a heartbeat every 15 s). */
  pushFirstFrameMs: number;
}

/** The widget's own limits. */
export const DEFAULT_LIMITS: CheckLimits = {
  callTimeoutMs: HTTP_TIMEOUT_MS,
  uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
  pollAnswerMs: POLL_INTERVAL_MS,
  pushFirstFrameMs: PUSH_HEARTBEAT_MS + POLL_INTERVAL_MS,
};

/** What a check says before its id, call and title are added. */
export type Verdict = Pick<CheckResult, 'status' | 'detail' | 'fix'>;

/** The backend does what the check expects. */
export const pass = (detail: string): Verdict => ({ status: 'pass', detail });
/** The widget would not work as the protocol says; `fix` says what to send instead. */
export const fail = (detail: string, fix: string): Verdict => ({ status: 'fail', detail, fix });
/** The widget works, but worse, or an optional extension is missing; `fix` says what to send. */
export const warn = (detail: string, fix: string): Verdict => ({ status: 'warn', detail, fix });
/** The check cannot run here (the channel does not offer it, or an earlier call failed); `detail` says why. */
export const skip = (detail: string): Verdict => ({ status: 'skip', detail });
/** The fail of a call that went wrong, as diagnosed. */
export const failed = ({ detail, fix }: Diagnosis): Verdict => fail(detail, fix);
/**
 * The warn of a call that went wrong whose failure the widget only logs (getAdminCard, msgComplete,
 * typing, sysMsg, chatClose: docs/protocol.md §7): the widget works, without what `missing` says.
 */
export const onlyLogged = ({ detail }: Diagnosis, missing: string, expected: string): Verdict =>
  warn(`${detail}; the widget only logs it: ${missing}`, `answer ${expected} when the call succeeds`);

/** A check's identity in the report. */
type CheckInfo = Pick<CheckResult, 'id' | 'call' | 'title' | 'specRef'>;

/** A check: its identity and how it judges the backend (it may call it and update the run). */
export interface Check extends CheckInfo {
  judge: (run: Run) => Promise<Verdict>;
}

/** The check `id` of the catalogue, judged by `judge`. */
export function defineCheck(id: CheckId, judge: (run: Run) => Promise<Verdict>): Check {
  return { id, ...CATALOGUE[id], judge };
}

/** The visitor message the checker sent, and the backend's first answer to it. */
interface SentMessage {
  body: SendMsgRequest & { clientMsgId: string };
  answer: SendMsgData;
}

/** What the checks share as they go: the transport, the widget's state, and what earlier calls answered. */
export interface Run {
  readonly api: VisitorApi;
  readonly channelId: string;
  readonly limits: CheckLimits;
  readonly now: () => number;
  /** Distinguishes this run's messages and ids from any other's. */
  readonly token: string;
  /** The widget's state as the answers so far would have made it (the engine's own reducer). */
  state: ChatState;
  /** The URL channelInfo was POSTed to (the transport's), for requests the transport does not make. */
  channelInfoUrl: string | null;
  /** No chat backend answered channelInfo (the widget's "unreachable"): nothing else is worth asking. */
  unreachable: boolean;
  /** The message send-msg delivered, for the checks that follow it. */
  sent: SentMessage | null;
  /** What transferAgent answered, e.g. "1 (Offline)", once it did. */
  transferAnswer: string | null;
  /** The newest history page as the widget decoded it. */
  history: readonly ChatMessage[] | null;
  /** The same page as the backend sent it (the card check decodes its cards one by one). */
  historyRaw: readonly unknown[] | null;
  /** The getEventMsg answers of the poll check, in order. */
  polls: Outcome<EventBatch>[];
  /** A call through the engine's transport; `timed` false leaves its answer time to the caller. */
  call<T>(name: CallName, request: (api: VisitorApi) => Observable<T>, options?: { timed?: boolean }): Promise<Outcome<T>>;
  /** The push stream through the engine's transport (not recorded: a stream's body never ends). */
  stream(request: EventStreamRequest): Observable<PushFrame>;
  /**
   * A raw POST to a call, neither recorded nor timed: for an answer whose body the check reads as it
   * comes (robotAsk's stream), under time limits of its own.
   */
  open(call: CallName, init: RequestInit): Promise<{ response: Response; url: string } | { error: unknown; url: string }>;
  /** A raw request (CORS, a file) through the same recording fetch. */
  request(url: string, init: RequestInit): Promise<{ response: Response; ex: Exchange } | { error: unknown; ex: Exchange | undefined }>;
  /** Applies what the widget would reduce from an answer. */
  apply(intent: Intent): void;
}

/** The fields of a run's start. */
export interface RunOptions {
  apiBase: string;
  channelId: string;
  fetch: typeof fetch;
  now: () => number;
  limits: CheckLimits;
  token: string;
}

/** A fresh run: a transport over a recording fetch, and the widget's state before start(). */
export function createRun(options: RunOptions): Run {
  let limit = options.limits.callTimeoutMs;
  const recorder: Recorder = recordingFetch(options.fetch, options.now, () => limit);
  // The recorded calls check JSON answers: robotAsk's stream has a check of its own (robot-stream).
  const api = createVisitorApi({ apiBase: options.apiBase, fetch: recorder.fetch, robotStream: false });
  const streaming = createVisitorApi({ apiBase: options.apiBase, fetch: options.fetch });
  const run: Run = {
    api,
    channelId: options.channelId,
    limits: options.limits,
    now: options.now,
    token: options.token,
    state: initialState(parseQuery(`?channelid=${encodeURIComponent(options.channelId)}`)),
    channelInfoUrl: null,
    unreachable: false,
    sent: null,
    transferAnswer: null,
    history: null,
    historyRaw: null,
    polls: [],
    call: (name, request, { timed = true } = {}) => {
      limit = name === 'upload' || name === 'uploadBase64' ? options.limits.uploadTimeoutMs : options.limits.callTimeoutMs;
      return attempt(recorder, name, () => request(api), timed ? limit : undefined);
    },
    stream: (request) => streaming.eventStream?.(request) ?? EMPTY,
    open: async (call, init) => {
      const url = options.apiBase + API_PREFIX + call;
      try {
        return { response: await options.fetch(url, { ...init, method: 'POST' }), url };
      } catch (error) {
        return { error, url };
      }
    },
    request: async (url, init) => {
      limit = options.limits.callTimeoutMs;
      try {
        const response = await recorder.fetch(url, init);
        return { response, ex: recorder.last() as Exchange };
      } catch (error) {
        return { error, ex: recorder.last() };
      }
    },
    apply: (intent) => {
      run.state = reduce(run.state, intent);
    },
  };
  return run;
}

/** The skip of a check that needs a chat backend at the URL when none answered channelInfo. */
export function needsBackend(run: Run): Verdict | null {
  return run.unreachable ? skip('no chat backend answered channelInfo (see the channelInfo row above)') : null;
}

/** The skip of a check that needs the channel info when channelInfo did not give it. */
export function needsChannel(run: Run): Verdict | null {
  return run.state.channel ? null : skip('channelInfo did not succeed: the widget stops there');
}

/** The skip of a check that needs a session when chatStart did not give one. */
export function needsSession(run: Run): Verdict | null {
  return needsChannel(run) ?? (run.state.session ? null : skip('chatStart did not succeed: the widget has no session'));
}

/**
 * The robot's checks need a session, a robot that answers now (robotAnswers) and a message sendMsg
 * delivered to ask it about; else the skip that says which is missing.
 */
export function needsRobotQuestion(run: Run): Verdict | null {
  const missing = needsSession(run);
  if (missing) return missing;
  if (!robotAnswers(run.state)) {
    return skip(
      run.state.channel?.receiveMode === ReceiveMode.RobotFirst
        ? `chat status ${run.state.status}: the robot answers only in status 0 and 1`
        : 'receiveMode is not 0: no robot',
    );
  }
  return run.sent ? null : skip('sendMsg delivered no message: the widget asks the robot once one is confirmed');
}

/** The chat status and what led to it, for the skip of a call the widget makes only in some statuses. */
export function statusNow(run: Run): string {
  const why = run.transferAnswer === null ? '' : ` after transferAgent answered ${run.transferAnswer}`;
  return `chat status ${run.state.status}${why}`;
}

/** A count with its noun, pluralised the English way. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** A list of notes cut to a readable length: the first few, and how many more. */
export function firstOf(notes: readonly string[], shown = 2): string {
  const more = notes.length - shown;
  return notes.slice(0, shown).join('; ') + (more > 0 ? `; and ${more} more` : '');
}
