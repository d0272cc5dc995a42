import { Subscription, asyncScheduler, skip, type Observable, type SchedulerLike } from 'rxjs';
import type { Effect, EffectContext } from './core/effect';
import type { EngineEvent } from './core/intents';
import { initialState, type ChatState } from './core/state';
import { lifecycle } from './core/lifecycle';
import { runEffects } from './core/runEffects';
import { EFFECTS } from './effects';
import { createStore } from './core/store';
import { watchSession } from './features/bootstrap/sessionWatch';
import { cardMessage, fileLimit, fileMessage, textMessage, type SendFileExtra, type SendFileResult } from './features/delivery/compose';
import type { OutgoingCard } from './model/cardText';
import type { ChatMessage } from './model/message';
import { canRetry, canSendText } from './features/delivery/predicates';
import { canRetryStart } from './features/bootstrap/predicates';
import { canRetryAnswer, nobodyReads } from './features/robot/predicates';
import { canShowFaq } from './features/faq/predicates';
import { canChooseQuickReply, transfersToHuman } from './features/conversation/predicates';
import { defaultMessageId, type MessageRating } from './model/message';
import type { QuickReply } from './model/quickReply';
import { findMessage } from './model/timeline';
import { parseQuery, type ChatQuery } from './model/query';
import {
  alwaysVisible,
  consoleLogger,
  loneTab,
  memoryStorage,
  noConnectivityEvents,
  type ConnectivityPort,
  type Logger,
  type StoragePort,
  type TabsPort,
  type VisibilityPort,
} from './ports';
import { createVisitorApi, type VisitorApi } from './transport/visitorApi';
import { trimApiBase } from './transport/http';
import { API_PREFIX } from './constants';

/** How an engine is made; everything is optional and injectable. */
export interface ChatEngineOptions {
  /** The chat's start parameters: a URL query string (`?channelid=…`) or parsed values. */
  query?: string | ChatQuery | undefined;
  /** The transport; defaults to fetch against `apiBase`. */
  api?: VisitorApi | undefined;
  /** Origin of the API when `api` is not given; '' (same origin) by default. */
  apiBase?: string | undefined;
  /** Clock and timers; a TestScheduler in tests. */
  scheduler?: SchedulerLike | undefined;
  /** Where the visitor id is kept (local storage in the browser; memory by default). */
  storage?: StoragePort | undefined;
  log?: Logger | undefined;
  /**
   * Id generator for messages created here. A visitor message's id is sent as its clientMsgId
   * (docs/protocol.md), so ids must be unique for the visitor across tabs and page loads.
   */
  newId?: (() => string) | undefined;
  /** Random numbers in [0, 1) (Math.random by default), for SPEC §9's title-typing phases; fixed in tests. */
  random?: (() => number) | undefined;
  /** The page the visitor came from (SPEC §7 chatStart previousUrl). */
  previousUrl?: string | undefined;
  /**
   * The visitor's id to start with when the storage has none (SPEC §3 chat-{tenant}-uid): one a host
   * page kept, where the chat's own storage does not last (third-party storage blocked or partitioned).
   */
  visitorId?: string | undefined;
  /** Whether the page is visible (document visibility in the browser); always visible by default. */
  visibility?: VisibilityPort | undefined;
  /** Emits when the network comes back (the browser's `online` event): failed messages are sent again. */
  online?: ConnectivityPort | undefined;
  /**
   * The visitor's other tabs of this chat (`browserTabs()` of `@visitor-chat/chat-engine/browser`): one
   * tab listens for agent events and shares them and what the visitor sends with the others
   * (docs/protocol.md "Several tabs"). By default the engine is a tab alone and listens itself.
   */
  tabs?: TabsPort | undefined;
  /** Largest file `sendFile` accepts, in bytes; MAX_FILE_SIZE_BYTES (10 MB) by default. */
  maxFileSize?: number | undefined;
  /**
   * Agent events pushed over server-sent events (docs/protocol.md "Push") instead of polled: by
   * default when the channel offers it (channelInfo `eventStream`); `true` also when it does not say
   * (a backend known to offer it at `{apiBase}/api/chat/visitor/events`); `false` never. Polling
   * (SPEC §7) stands in whenever the stream fails.
   */
  push?: boolean | undefined;
}

/** The engine's public face: a store (subscribe/getSnapshot), streams, and commands. */
export interface ChatEngine {
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The state now (the same object until it changes: for React's useSyncExternalStore). */
  getSnapshot(): ChatState;
  readonly state$: Observable<ChatState>;
  /** Side effects for the UI layer to perform (title notice, parent-window message, toasts). */
  readonly events$: Observable<EngineEvent>;
  /**
   * The clock and timers the engine runs on (`options.scheduler`, else RxJS's asyncScheduler): a UI's
   * own timing of engine state (the typewriter, `typeOut`) runs on it too, so tests drive both in one time.
   */
  readonly scheduler: SchedulerLike;
  /** Where the engine logs (`options.log`, else the console): a UI's own decoding of engine data (a card) logs there too. */
  readonly log: Logger;
  /** Begins the chat (bootstrap) and leaves its end to your `dispose()`; on an engine already started it does nothing. */
  start(): void;
  /**
   * Holds the engine while a UI shows it (ChatProvider does): the first mount starts it, and the
   * function returned releases this hold. An engine started by a mount is disposed one scheduler
   * tick after its last hold is released, unless mounted again by then; one started by `start()`
   * stays until `dispose()`.
   */
  mount(): () => void;
  /**
   * After the backend could not be reached (error code `unreachable`), tries the start again now;
   * otherwise does nothing. The engine also tries again by itself (backoff, and when the network returns).
   */
  retryStart(): void;
  /**
   * Sends a visitor text message; blank text is ignored. Returns the message id, or null. Where
   * nobody would read it (`nobodyReads`: no agent can answer, no robot answers), nothing is sent: the
   * leave-message form opens with the text as its message (`leaveMessage.draft`), and null is returned.
   */
  sendText(text: string): string | null;
  /**
   * Sends a card as the visitor's message (msgType `card`, docs/protocol.md "Cards"), through the
   * outbox like a text: e.g. the product a host page shows. A card without a code, or whose data is
   * no JSON, is ignored. Returns the message id, or null.
   */
  sendCard(card: OutgoingCard): string | null;
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
  /** Asks a failed streamed robot answer again, into the same bubble (canRetryAnswer; docs/protocol.md "Streamed answers"). */
  retryAnswer(id: string): void;
  /** Asks for a human agent (SPEC §4 transfer), e.g. from robot mode. */
  requestHuman(): void;
  /**
   * The visitor taps a quick reply (SPEC §3): one with the transfer code asks for a human agent as
   * requestHuman does (nothing while canChooseQuickReply says no); any other sends its name as text.
   */
  chooseQuickReply(reply: QuickReply): void;
  /** Shows the channel's FAQ again as the newest message (SPEC §2; nothing while canShowFaq says no). */
  showFaq(): void;
  /**
   * The visitor chooses a topic of a tree card (a help centre, docs/protocol.md "Cards"): its title
   * and content show as the robot's local message, not sent; nothing for a topic without content.
   */
  showTopic(topic: { readonly title: string; readonly content?: string | undefined }): void;
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
  /** Opens the leave-message form while one is offered (SPEC §4 transfer 1 and 5, no group online: noAgentCanAnswer). */
  openLeaveMessage(): void;
  /** Closes the leave-message form (not while its message is being sent). */
  closeLeaveMessage(): void;
  /** Leaves a message for the agents (SPEC §7 leaveMsg): fields name, phone, email, content. */
  leaveMessage(values: Readonly<Record<string, string>>): void;
  /** Ends every stream, timer and request. */
  dispose(): void;
}

/** Creates a chat engine. Nothing happens until `start()`. */
export function createChatEngine(options: ChatEngineOptions = {}): ChatEngine {
  return assembleEngine(options, EFFECTS);
}

/** The engine with the given effects (tests run it with them in another order). */
export function assembleEngine(options: ChatEngineOptions, effects: readonly Effect[]): ChatEngine {
  const scheduler = options.scheduler ?? asyncScheduler;
  const query = typeof options.query === 'string' || options.query === undefined ? parseQuery(options.query ?? '') : options.query;
  const newId = options.newId ?? defaultMessageId;
  const store = createStore(initialState(query));
  const { apply } = store;
  const subscription = new Subscription();

  const watched = watchSession(
    options.api ?? createVisitorApi({ apiBase: options.apiBase, scheduler, warn: (line) => (options.log ?? consoleLogger).warn(line) }),
    () => store.getState().session?.pollId,
  );

  const ctx: EffectContext = {
    intent$: store.intent$,
    state$: store.state$,
    getState: store.getState,
    api: watched.api,
    apiUrl: trimApiBase(options.apiBase ?? '') + API_PREFIX,
    sessionLost$: watched.lost$,
    online$: options.online ?? noConnectivityEvents,
    tabs: options.tabs ?? loneTab,
    scheduler,
    storage: options.storage ?? memoryStorage(),
    log: options.log ?? consoleLogger,
    newId,
    random: options.random ?? Math.random,
    visibility$: options.visibility ?? alwaysVisible,
    previousUrl: options.previousUrl,
    visitorId: options.visitorId,
    push: options.push,
  };

  const life = lifecycle(scheduler, {
    begin() {
      subscription.add(runEffects(effects, ctx).subscribe(apply));
      apply({ type: 'start' });
    },
    end() {
      subscription.unsubscribe();
      store.close();
    },
  });

  /** Sends the visitor's message through the outbox (null: none, or the engine has ended); its id, or null. */
  function send(compose: (id: () => string, now: number) => ChatMessage | null): string | null {
    const message = life.ended() ? null : compose(newId, scheduler.now());
    if (!message) return null;
    apply({ type: 'visitorSent', message });
    return message.id;
  }
  /** A text nobody would read (nobodyReads) is not sent: it opens the leave-message form, carried over as its message. */
  const sendText = (text: string): string | null => {
    if (!nobodyReads(store.getState()) || !canSendText(text)) return send((id, now) => textMessage(text, id, now));
    apply({ type: 'leaveMessageOpened', draft: text.trim() });
    return null;
  };

  return {
    subscribe(listener) {
      // skip(1): the listener hears changes, not the state it can already read with getSnapshot().
      const s = store.state$.pipe(skip(1)).subscribe({ next: () => listener() });
      return () => s.unsubscribe();
    },
    getSnapshot: store.getState,
    state$: store.state$,
    events$: store.events$,
    scheduler,
    log: ctx.log,
    start: life.start,
    mount: life.mount,
    retryStart() {
      if (canRetryStart(store.getState())) apply({ type: 'startRetried' });
    },
    sendText,
    sendCard: (card) => send((id, now) => cardMessage(card, id, now)),
    sendFile(file, fileName, extra = {}) {
      if (life.ended()) return { error: 'disposed' };
      const limit = fileLimit(options.maxFileSize);
      if (file.size > limit) return { error: 'tooLarge', limit, size: file.size };
      const message = fileMessage(file, fileName, extra, newId(), scheduler.now());
      apply({ type: 'visitorSent', message });
      return { id: message.id };
    },
    retry(id) {
      if (canRetry(findMessage(store.getState().messages, id))) apply({ type: 'retry', id });
    },
    loadOlder: () => apply({ type: 'historyRequested' }),
    rateMessage: (id, rating) => apply({ type: 'messageRated', id, rating }),
    retryAnswer(id) {
      if (canRetryAnswer(store.getState(), id)) apply({ type: 'answerRetried', id, at: scheduler.now() });
    },
    requestHuman: () => apply({ type: 'humanRequested' }),
    chooseQuickReply(reply) {
      if (!canChooseQuickReply(store.getState(), reply)) return;
      if (transfersToHuman(reply)) apply({ type: 'humanRequested' });
      else sendText(reply.name);
    },
    showFaq() {
      if (canShowFaq(store.getState())) apply({ type: 'faqRequested' });
    },
    showTopic({ title, content }) {
      if (content?.trim()) apply({ type: 'topicChosen', title, content: content.trim() });
    },
    chooseGroup: (groupId) => apply({ type: 'groupChosen', groupId }),
    submitUserForm: (values) => apply({ type: 'userFormSubmitted', values }),
    notifyTyping: (text) => apply({ type: 'visitorTyping', text }),
    closeChat: () => apply({ type: 'closeRequested' }),
    openEvaluation: () => apply({ type: 'evaluationRequested' }),
    submitEvaluation: ({ star, comment }) => apply({ type: 'evaluationSubmitted', star, comment }),
    dismissEvaluation: () => apply({ type: 'evaluationDismissed' }),
    openLeaveMessage: () => apply({ type: 'leaveMessageOpened' }),
    closeLeaveMessage: () => apply({ type: 'leaveMessageClosed' }),
    leaveMessage: (values) => apply({ type: 'leaveMessageSubmitted', values }),
    dispose: life.dispose,
  };
}
