import { BehaviorSubject, EMPTY, Subject, Subscription, asyncScheduler, catchError, defer, map, merge, retry, skip, tap, type Observable, type SchedulerLike } from 'rxjs';
import { MsgType, SenderType } from './model/codes';
import { createMessage, type MessageRating } from './model/message';
import { parseQuery, type ChatQuery } from './model/query';
import { alwaysVisible, consoleLogger, memoryStorage, type Logger, type StoragePort, type VisibilityPort } from './ports';
import { initialState, reduce, type ChatState, type EngineEvent, type Intent } from './state';
import { createVisitorApi, type VisitorApi } from './transport/visitorApi';
import { ofType, type Effect, type EffectContext } from './effects/context';
import { bootstrap } from './effects/bootstrap';
import { close } from './effects/close';
import { countdowns } from './effects/countdowns';
import { delivery } from './effects/delivery';
import { upload } from './effects/upload';
import { fileMsgType } from './model/fileType';
import { MAX_FILE_SIZE_BYTES } from './constants';
import { evaluation } from './effects/evaluation';
import { events } from './effects/events';
import { history } from './effects/history';
import { page } from './effects/page';
import { receipts } from './effects/receipts';
import { robot } from './effects/robot';
import { systemQueue } from './effects/systemQueue';
import { transfer } from './effects/transfer';
import { typing } from './effects/typing';
import { userForm } from './effects/userForm';
import { leaveMessage } from './effects/leaveMessage';

/** How an engine is made; everything is optional and injectable. */
export interface ChatEngineOptions {
  /** The chat's start parameters: a URL query string (`?channelid=…`) or parsed values. */
  query?: string | ChatQuery;
  /** The transport; defaults to fetch against `apiBase`. */
  api?: VisitorApi;
  /** Origin of the API when `api` is not given; '' (same origin) by default. */
  apiBase?: string;
  /** Clock and timers; a TestScheduler in tests. */
  scheduler?: SchedulerLike;
  /** Where the visitor id is kept (local storage in the browser; memory by default). */
  storage?: StoragePort;
  log?: Logger;
  /** Id generator for messages created here. */
  newId?: () => string;
  /** The page the visitor came from (SPEC §7 chatStart previousUrl). */
  previousUrl?: string;
  /** Whether the page is visible (document visibility in the browser); always visible by default. */
  visibility?: VisibilityPort;
  /** Largest file `sendFile` accepts, in bytes; MAX_FILE_SIZE_BYTES (10 MB) by default. */
  maxFileSize?: number;
}

/** Extras of a file message: a local preview the UI made, and a voice recording's length. */
export interface SendFileExtra {
  /** A preview URL (e.g. an object URL) shown until, and after, the upload; the engine never reads it. */
  previewUrl?: string;
  /** Seconds of a voice recording: the message is then an audio message whatever its extension. */
  audioDuration?: number;
}

/** What `sendFile` did: the new message's id, or why nothing was sent. */
export type SendFileResult = { id: string } | { error: 'tooLarge'; limit: number; size: number } | { error: 'disposed' };

/** The engine's public face: a store (subscribe/getSnapshot), streams, and commands. */
export interface ChatEngine {
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatState;
  readonly state$: Observable<ChatState>;
  /** Side effects for the UI layer to perform (title notice, parent-window message, toasts). */
  readonly events$: Observable<EngineEvent>;
  /** Begins the chat (bootstrap); calling it again does nothing. */
  start(): void;
  /** Sends a visitor text message; blank text is ignored. Returns the message id, or null. */
  sendText(text: string): string | null;
  /**
   * Sends a file (SPEC §4 Sending, §5 type from extension): uploaded first, then sent. A file over
   * `maxFileSize` is refused before any upload.
   */
  sendFile(file: Blob, fileName: string, extra?: SendFileExtra): SendFileResult;
  /** Sends a failed message again (a file not yet uploaded is uploaded again). */
  retry(id: string): void;
  /** Loads the next older page of history. */
  loadOlder(): void;
  /**
   * Rates a robot reply up or down (SPEC §4); the first choice is kept. Local only: SPEC §7 has no
   * call for it, so the rating lives in the message until the page closes.
   */
  rateMessage(id: string, rating: MessageRating): void;
  /** Asks for a human agent (SPEC §4 transfer), e.g. from robot mode. */
  requestHuman(): void;
  /** Picks the agent group offered in `groupChoice` (SPEC §4 groups). */
  chooseGroup(groupId: string): void;
  /** Submits the user form owed in status 1 (SPEC §4, §7 submitUserForm). */
  submitUserForm(values: Readonly<Record<string, string>>): void;
  /** The visitor is typing `text` (SPEC §7 typing, throttled). */
  notifyTyping(text: string): void;
  /** The visitor ends the chat (SPEC §7 chatClose). */
  closeChat(): void;
  /** Shows the evaluation dialog (SPEC §4 Evaluation status 1). */
  openEvaluation(): void;
  /** Submits the rating (SPEC §7 evaluate). */
  submitEvaluation(rating: { star: number; comment?: string }): void;
  /** Closes the evaluation dialog without rating. */
  dismissEvaluation(): void;
  /** Opens the leave-message form while one is offered (SPEC §4 transfer 1 and 5). */
  openLeaveMessage(): void;
  /** Closes the leave-message form (not while its message is being sent). */
  closeLeaveMessage(): void;
  /** Leaves a message for the agents (SPEC §7 leaveMsg): fields name, phone, email, content. */
  leaveMessage(values: Readonly<Record<string, string>>): void;
  /** Ends every stream, timer and request. */
  dispose(): void;
}

const EFFECTS: readonly Effect[] = [
  bootstrap,
  history,
  upload,
  delivery,
  robot,
  transfer,
  events,
  countdowns,
  receipts,
  typing,
  systemQueue,
  evaluation,
  close,
  userForm,
  leaveMessage,
  page,
];

/** Consecutive failures after which a broken effect is left stopped rather than restarted. */
const EFFECT_RESTARTS = 10;

/**
 * An effect whose bug (an exception) is logged and the effect restarted, so that one failing rule
 * never stops the others: the chat goes on without it instead of going dead.
 */
function isolated(effect: Effect, ctx: EffectContext): Observable<Intent> {
  return defer(() => effect(ctx)).pipe(
    tap({ error: (e: unknown) => ctx.log.warn(`the ${effect.name || 'an'} effect failed and restarts`, e) }),
    retry({ count: EFFECT_RESTARTS, resetOnSuccess: true }),
    catchError(() => EMPTY),
  );
}

let counter = 0;
/** Default message id: unique within the page, readable in logs. */
function defaultId(): string {
  counter += 1;
  return `local-${Date.now().toString(36)}-${counter.toString(36)}`;
}

/** Creates a chat engine. Nothing happens until `start()`. */
export function createChatEngine(options: ChatEngineOptions = {}): ChatEngine {
  const scheduler = options.scheduler ?? asyncScheduler;
  const query = typeof options.query === 'string' || options.query === undefined ? parseQuery(options.query ?? '') : options.query;
  const newId = options.newId ?? defaultId;
  const state$ = new BehaviorSubject<ChatState>(initialState(query));
  const intent$ = new Subject<Intent>();
  const subscription = new Subscription();
  let disposed = false;
  let started = false;

  // Intents are applied one at a time, in order: one raised while another is being applied waits
  // its turn, so every effect sees the state that its intent produced.
  const queue: Intent[] = [];
  let draining = false;
  function dispatch(intent: Intent): void {
    if (disposed) return;
    queue.push(intent);
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const before = state$.value;
        const after = reduce(before, next);
        if (after !== before) state$.next(after);
        intent$.next(next);
      }
    } finally {
      draining = false;
    }
  }

  const ctx: EffectContext = {
    intent$: intent$.asObservable(),
    state$: state$.asObservable(),
    getState: () => state$.value,
    api: options.api ?? createVisitorApi({ apiBase: options.apiBase, scheduler }),
    scheduler,
    storage: options.storage ?? memoryStorage(),
    log: options.log ?? consoleLogger,
    newId,
    visibility$: options.visibility ?? alwaysVisible,
    previousUrl: options.previousUrl,
  };

  return {
    subscribe(listener) {
      // skip(1): the listener hears changes, not the state it can already read with getSnapshot().
      const s = state$.pipe(skip(1)).subscribe({ next: () => listener() });
      return () => s.unsubscribe();
    },
    getSnapshot: () => state$.value,
    state$: state$.asObservable(),
    events$: intent$.pipe(
      ofType('notify'),
      map((i) => i.event),
    ),
    start() {
      if (started || disposed) return;
      started = true;
      subscription.add(merge(...EFFECTS.map((effect) => isolated(effect, ctx))).subscribe(dispatch));
      dispatch({ type: 'start' });
    },
    sendText(text) {
      const content = text.trim();
      if (!content || disposed) return null;
      const id = newId();
      dispatch({
        type: 'visitorSent',
        message: createMessage({ id, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: content, createdAt: scheduler.now() }),
      });
      return id;
    },
    sendFile(file, fileName, extra = {}) {
      if (disposed) return { error: 'disposed' };
      const limit = options.maxFileSize ?? MAX_FILE_SIZE_BYTES;
      if (file.size > limit) return { error: 'tooLarge', limit, size: file.size };
      const id = newId();
      dispatch({
        type: 'visitorSent',
        message: createMessage({
          id,
          senderType: SenderType.Visitor,
          msgType: extra.audioDuration !== undefined ? MsgType.Audio : fileMsgType(fileName),
          msgContent: '',
          fileName,
          fileSize: file.size,
          audioDuration: extra.audioDuration,
          localUrl: extra.previewUrl,
          upload: { file },
          createdAt: scheduler.now(),
        }),
      });
      return { id };
    },
    retry: (id) => dispatch({ type: 'retry', id }),
    loadOlder: () => dispatch({ type: 'historyRequested' }),
    rateMessage: (id, rating) => dispatch({ type: 'messageRated', id, rating }),
    requestHuman: () => dispatch({ type: 'humanRequested' }),
    chooseGroup: (groupId) => dispatch({ type: 'groupChosen', groupId }),
    submitUserForm: (values) => dispatch({ type: 'userFormSubmitted', values }),
    notifyTyping: (text) => dispatch({ type: 'visitorTyping', text }),
    closeChat: () => dispatch({ type: 'closeRequested' }),
    openEvaluation: () => dispatch({ type: 'evaluationRequested' }),
    submitEvaluation: ({ star, comment }) => dispatch({ type: 'evaluationSubmitted', star, comment }),
    dismissEvaluation: () => dispatch({ type: 'evaluationDismissed' }),
    openLeaveMessage: () => dispatch({ type: 'leaveMessageOpened' }),
    closeLeaveMessage: () => dispatch({ type: 'leaveMessageClosed' }),
    leaveMessage: (values) => dispatch({ type: 'leaveMessageSubmitted', values }),
    dispose() {
      if (disposed) return;
      disposed = true;
      subscription.unsubscribe();
      intent$.complete();
      state$.complete();
    },
  };
}
