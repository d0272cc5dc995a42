import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { Observable, Subject, defer, map, mergeMap, throwError, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { HISTORY_PAGE_SIZE, HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../../../engine/constants';
import type { ChatState } from '../../../engine/core/state';
import { createChatEngine, type ChatEngine } from '../../../engine/engine';
import { canRetry } from '../../../engine/features/delivery/predicates';
import { decodeChannelInfo } from '../../../engine/model/channel';
import { SenderType } from '../../../engine/model/codes';
import { memoryStorage } from '../../../engine/ports';
import type {
  AdminCardData,
  CallName,
  RobotAskData,
  SendMsgData,
  TransferAgentData,
  UploadData,
  WireChannelInfo,
  WireEvent,
} from '../../../engine/protocol';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '../../../engine/transport/errors';
import type { EventBatch, VisitorApi } from '../../../engine/transport/visitorApi';

/**
 * Random whole-engine scenarios for the property test (tests/engine/properties): a backend that
 * answers every SPEC §7 call from the scenario (channel, session, history pages, poll answers with
 * any mix of SPEC §4 event codes and bad fields, sends, uploads, robot and transfer answers, errors
 * and delays) and a visitor acting at random virtual times. `runScenario` plays one in a
 * TestScheduler and reports what the properties check.
 *
 * Time budget of one scenario (why nothing is legitimately in flight at DISPOSE_AT_MS): the session
 * is there by 8 s (start ≤ 2 s, channelInfo and chatStart ≤ 3 s each); the visitor acts until
 * ACTION_WINDOW_MS (90 s), so the last transfer starts by 93 s (after a user form) and answers by
 * 113 s; the scripted poll answers (≤ MAX_POLL_ANSWERS, each ≤ 20 s plus the 2 s poll period) are
 * used up by 245 s; a message released by the last of them (1200) has its verdict by 257 s, a late
 * confirmation by 275 s (SPEC §4 delivery cycle, DELIVERY_ATTEMPT_MS). Dispose comes at 300 s.
 */

/** The visitor acts within the first 90 s. */
const ACTION_WINDOW_MS = 90_000;
/** The engine is disposed at 5 min of virtual time, after every answer and timer had its time. */
export const DISPOSE_AT_MS = 300_000;
/** Virtual time runs on for a minute after dispose: nothing may happen then. */
const END_MS = DISPOSE_AT_MS + 60_000;
/** Longest delay of an answer that comes (the HTTP time-out of SPEC §7). */
const MAX_DELAY_MS = HTTP_TIMEOUT_MS;
/** Longest delay of the small calls (channelInfo, chatStart, side calls). */
const SMALL_DELAY_MS = 3_000;
/** Poll answers scripted per scenario; later polls answer empty batches. */
const MAX_POLL_ANSWERS = 6;

// ---------------------------------------------------------------------------------------------
// Answers

/** How a call fails on the wire: no HTTP answer, code ≠ 200, or an answer that is no envelope. */
type Failure = 'network' | 'api' | 'malformed';

/**
 * One answer of a call: data after a delay, a failure after a delay, or no answer at all — which
 * the transport turns into a TimeoutError at its time-out (SPEC §7: 20 s, uploads 60 s), as the
 * VisitorApi contract says (each call emits once and completes, or errors).
 */
type Answer<T> = { ok: T; after: number } | { fail: Failure; after: number } | { hang: true };

const delay = (max: number) =>
  fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: 1_000 }), weight: 2 }, { arbitrary: fc.integer({ min: 1, max }), weight: 1 });

function answer<T>(ok: fc.Arbitrary<T>, weights: { ok: number; fail: number; hang: number }, max = MAX_DELAY_MS): fc.Arbitrary<Answer<T>> {
  return fc.oneof(
    { arbitrary: fc.record({ ok, after: delay(max) }), weight: weights.ok },
    { arbitrary: fc.record({ fail: fc.constantFrom<Failure>('network', 'api', 'malformed'), after: delay(max) }), weight: weights.fail },
    { arbitrary: fc.constant({ hang: true as const }), weight: weights.hang },
  );
}

/** A list of answers given in turn, round and round (never empty). */
const answers = <T>(one: fc.Arbitrary<Answer<T>>, maxLength = 4) => fc.array(one, { minLength: 1, maxLength });

// ---------------------------------------------------------------------------------------------
// Wire values: liberal inputs the engine must survive (DESIGN "wire data is untrusted")

/** base64 of the UTF-8 bytes of `text` (SPEC §3 msgContentEnc). */
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** Ids shared by history and events, so that the same message arrives both ways; 7 and '7' are one id. */
const ID_POOL = ['a1', 'a2', 'a3', 'h1', 'h2'] as const;
const wireId = fc.oneof({ arbitrary: fc.constantFrom<unknown>(...ID_POOL), weight: 6 }, { arbitrary: fc.constantFrom<unknown>(7, '7', '', null, { id: 1 }), weight: 1 });
/** Times: ordinary ones (few, so that content+time repeats), numbers as strings, out of a Date's range, junk. */
const wireTime = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(1_700_000_000_000, 1_700_000_060_000), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: DISPOSE_AT_MS }), weight: 2 },
  { arbitrary: fc.constantFrom<unknown>(1e16, -1e16, '1700000000000', 'soon', -5, 1.5), weight: 2 },
);
const wireText = fc.oneof(
  { arbitrary: fc.constantFrom('hi', 'ok', 'Grüße 👋', '', '   ', '<b>not html</b>', 'line\nbreak', 'https://x.example/\u202Egnp.exe'), weight: 5 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);
const senderType = fc.constantFrom<unknown>(SenderType.Agent, SenderType.Agent, '2', SenderType.Visitor, SenderType.Robot, SenderType.System, 9, null);
const msgType = fc.constantFrom<unknown>(1, '1', 2, 3, 4, 5, 6, 13, 'answermsg', 'faq', 'leavemsg', 99, 'sticker', null);

/** A message as history or a JSON 1201 carries it: any field may be missing, wrongly typed or out of range. */
const wireMessage = fc.record(
  {
    id: wireId,
    senderType,
    senderName: fc.constantFrom<unknown>('Ann', 7, ''),
    msgType,
    msgContent: fc.oneof({ arbitrary: wireText, weight: 8 }, { arbitrary: fc.constantFrom<unknown>(42, { text: 'x' }, null), weight: 1 }),
    msgTime: wireTime,
    fileName: fc.constantFrom<unknown>('a.png', 'b.pdf', 3),
    fileUrl: fc.constantFrom<unknown>('https://files.example/a.png', '', 5),
    fileSize: fc.constantFrom<unknown>(1024, -1, '2048', 'big'),
    audioDuration: fc.constantFrom<unknown>(3, -3, '4'),
    status: fc.constantFrom<unknown>('sent', 'fail', 'pending', 'lost'),
    hasTime: fc.boolean(),
    unknownField: fc.constantFrom<unknown>('ignored', { nested: true }),
  },
  { requiredKeys: ['senderType', 'msgContent'] },
);

/** A history item: mostly messages, sometimes something that is no message at all. */
const historyItem = fc.oneof({ arbitrary: wireMessage, weight: 8 }, { arbitrary: fc.constantFrom<unknown>(null, 'text', 42, [], {}), weight: 1 });
/**
 * A page: its items, and whether older pages follow — then the page is filled up to SPEC §9's page
 * size 20 with plain robot messages without ids (so that a counterexample shows only the items).
 */
interface HistoryPage {
  items: unknown[];
  olderFollow: boolean;
}
const historyPage: fc.Arbitrary<HistoryPage> = fc.record({ items: fc.array(historyItem, { maxLength: 6 }), olderFollow: fc.boolean() });
const FILLER = { senderType: SenderType.Robot, msgContent: 'older', msgTime: 1_600_000_000_000 };
const pageItems = ({ items, olderFollow }: HistoryPage): unknown[] =>
  olderFollow ? [...items, ...Array.from({ length: Math.max(0, HISTORY_PAGE_SIZE - items.length) }, () => ({ ...FILLER }))] : items;

/** An event code as the wire may carry it: the number, or the number as a string. */
const code = (n: number) => fc.constantFrom<unknown>(n, String(n));

/**
 * A wire event whose `encoded` text is sent as msgContentEnc (base64 of its UTF-8 bytes); it
 * prints readably in a counterexample, the content decoded.
 */
export function described(fields: Record<string, unknown>, encoded: string | undefined): WireEvent {
  const event: Record<string, unknown> = encoded === undefined ? { ...fields } : { ...fields, msgContentEnc: b64(encoded) };
  const shown = encoded === undefined ? fields : { ...fields, msgContentEnc: `b64(${encoded})` };
  Object.defineProperty(event, fc.toStringMethod, { value: () => JSON.stringify(shown), enumerable: false });
  // The transport hands over any object of msgList as an event (engine/transport/visitorApi.ts decodeEvents).
  return event as WireEvent;
}

/** SPEC §3 1201, "base64 of a JSON message" reading. */
const agentMessageJson = fc
  .record({ event_type: code(1201), msgId: wireId, message: wireMessage }, { requiredKeys: ['event_type', 'message'] })
  .map(({ message, ...fields }) => described(fields, JSON.stringify(message)));

/** SPEC §3 1201, "base64 of the text, the other fields on the event" reading. */
const agentMessageText = fc
  .record(
    {
      event_type: code(1201),
      msgId: wireId,
      text: wireText,
      msgType,
      senderType,
      senderName: fc.constantFrom<unknown>('Ann', 7),
      adminNick: fc.constantFrom<unknown>('Bo', ''),
      msgTime: wireTime,
      fileName: fc.constantFrom<unknown>('a.png', 3),
      fileUrl: fc.constantFrom<unknown>('https://files.example/a.png', 5),
      fileSize: fc.constantFrom<unknown>(10, -1, 'big'),
    },
    { requiredKeys: ['event_type', 'text'] },
  )
  .map(({ text, ...fields }) => described(fields, text));

/** 1201 whose content cannot be read: bad base64, bad UTF-8, not a string, missing. */
const agentMessageBroken = fc
  .record({ event_type: code(1201), msgId: wireId, msgContentEnc: fc.constantFrom<unknown>('%%% not base64', Buffer.from([0xff, 0xfe]).toString('base64'), 42, null) }, { requiredKeys: ['event_type'] })
  .map((fields) => described(fields, undefined));

const otherEvent = fc.oneof(
  fc.record({ event_type: code(1200), adminNick: fc.constantFrom<unknown>('Ann', 7, undefined) }).map((f) => described(f, undefined)),
  fc.record({ event_type: code(1202), outType: fc.constantFrom<unknown>(1, 2, 3, '2', 9, undefined) }).map((f) => described(f, undefined)),
  fc.record({ event_type: fc.constantFrom<unknown>(1203, 1204, '1204', 1206, 1207) }).map((f) => described(f, undefined)),
  // SPEC §4 1205: by msgId, or the id as the (base64) content.
  fc.record({ event_type: code(1205), msgId: wireId }, { requiredKeys: ['event_type'] }).map((f) => described(f, undefined)),
  fc.record({ event_type: code(1205), id: fc.constantFrom(...ID_POOL) }).map(({ id, ...f }) => described(f, id)),
  fc.record({ event_type: code(1208), text: fc.option(wireText, { nil: undefined }) }).map(({ text, ...f }) => described(f, text)),
  // Unknown codes and junk.
  fc.record({ event_type: fc.constantFrom<unknown>(1299, 0, 'abc', null, { code: 1201 }), extra: fc.constantFrom<unknown>(1, 'x') }).map((f) => described(f, undefined)),
);

const wireEvent = fc.oneof(
  { arbitrary: agentMessageJson, weight: 3 },
  { arbitrary: agentMessageText, weight: 3 },
  { arbitrary: agentMessageBroken, weight: 1 },
  { arbitrary: otherEvent, weight: 4 },
);

const eventBatch: fc.Arbitrary<EventBatch> = fc.record(
  { events: fc.array(wireEvent, { maxLength: 6 }), waitIndex: fc.constantFrom(-1, 0, 1, 2, 5), status: fc.constantFrom(0, 2, 3) },
  { requiredKeys: ['events'] },
);

/** A poll answer: a batch, the previous batch again (delivered at least once), a failure or a time-out. */
type PollAnswer = Answer<EventBatch> | { again: true; after: number };
const pollAnswer: fc.Arbitrary<PollAnswer> = fc.oneof(
  { arbitrary: answer(eventBatch, { ok: 6, fail: 1, hang: 1 }), weight: 8 },
  { arbitrary: fc.record({ again: fc.constant(true as const), after: delay(MAX_DELAY_MS) }), weight: 1 },
);

// ---------------------------------------------------------------------------------------------
// Channel, session and the visitor

/** The channel's configuration (SPEC §3), as choices; `channelWire` spells it on the wire. */
interface ChannelChoice {
  /** SPEC §4 receive mode: 0 robot first; any other value is read as 3. */
  receiveMode: 0 | 1 | 3;
  msgToTransferFlag: 0 | 1 | '1' | true;
  /** SPEC §4 groups: off, an empty list, one group, two groups, or a groupConfig that is no list. */
  groups: 'off' | 'none' | 'one' | 'two' | 'bad';
  robotWelcome: boolean;
  faq: boolean;
  userForm: boolean;
  offlineMsg: boolean;
  queueMsg: boolean;
  outsideHoursMsg: boolean;
  adminCloseMsg: boolean;
  timeouts: boolean;
  evaluate: boolean;
}

const GROUP_CONFIG: Record<ChannelChoice['groups'], WireChannelInfo['groupConfig']> = {
  off: undefined,
  none: '[]',
  one: [{ groupId: 'g1', groupName: 'Sales' }],
  two: JSON.stringify([{ groupId: 'g1', groupName: 'Sales' }, { groupId: 'g2', name: 'Support' }]),
  bad: 'not json',
};

const on = (flag: boolean) => (flag ? 1 : 0);

function channelWire(c: ChannelChoice): WireChannelInfo {
  return {
    tenantId: 't1',
    titleDesc: 'Shop',
    receiveMode: c.receiveMode,
    robotName: 'Robo',
    msgToTransferFlag: c.msgToTransferFlag,
    robotWelcomeMode: on(c.robotWelcome),
    robotWelcomeMsg: 'Hello, ask me anything',
    faqMode: on(c.faq),
    faqConfig: JSON.stringify([{ question: 'Opening hours?' }, 'Shipping?']),
    userFormMode: on(c.userForm),
    userFormConfig: JSON.stringify({ formModal: 1, fields: [{ name: 'userName', label: 'Name', required: true }] }),
    groupMode: on(c.groups !== 'off'),
    groupConfig: GROUP_CONFIG[c.groups],
    adminOfflineMode: on(c.offlineMsg),
    adminOfflineMsg: 'Nobody is here: leave a message',
    userQueueMode: on(c.queueMsg),
    userQueueMsg: 'You are number ## in the queue',
    unWorkingMode: on(c.outsideHoursMsg),
    unWorkingMsg: 'We are closed',
    adminTimeoutMode: on(c.timeouts),
    adminTimeoutTime: 1,
    adminTimeoutMsg: 'The agent will be right back',
    userTimeoutMode: on(c.timeouts),
    userTimeoutTime: 2,
    userTimeoutMsg: 'Are you still there?',
    userOverMsg: 'The chat has ended',
    adminCloseMode: on(c.adminCloseMsg),
    adminCloseMsg: 'The agent closed the chat',
    evaluateMode: on(c.evaluate),
  };
}

const channelChoice: fc.Arbitrary<ChannelChoice> = fc.record({
  receiveMode: fc.constantFrom(0, 3, 1),
  msgToTransferFlag: fc.constantFrom<ChannelChoice['msgToTransferFlag']>(0, 1, '1', true),
  groups: fc.constantFrom('off', 'off', 'none', 'one', 'two', 'bad'),
  robotWelcome: fc.boolean(),
  faq: fc.boolean(),
  userForm: fc.boolean(),
  offlineMsg: fc.boolean(),
  queueMsg: fc.boolean(),
  outsideHoursMsg: fc.boolean(),
  adminCloseMsg: fc.boolean(),
  timeouts: fc.boolean(),
  evaluate: fc.boolean(),
});

/** What the visitor does (the engine's commands), and the page's visibility changes. */
type Action =
  | { do: 'sendText'; text: string }
  | { do: 'sendFile'; name: string; bytes: number; voice: boolean }
  /** Retries the pick-th message that may be retried (canRetry), if any. */
  | { do: 'retry'; pick: number }
  | { do: 'requestHuman' }
  | { do: 'chooseGroup'; groupId: string }
  | { do: 'submitUserForm' }
  | { do: 'closeChat' }
  | { do: 'loadOlder' }
  /** Rates the pick-th robot message, if any. */
  | { do: 'rate'; pick: number; rating: 'up' | 'down' }
  | { do: 'openEvaluation' }
  | { do: 'submitEvaluation'; star: number }
  | { do: 'dismissEvaluation' }
  | { do: 'leaveMessage' }
  | { do: 'typing'; text: string }
  | { do: 'visibility'; visible: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ do: fc.constant('sendText' as const), text: fc.constantFrom('hello', 'Grüße 👋', '  ', 'help?') }), weight: 8 },
  {
    arbitrary: fc.record({ do: fc.constant('sendFile' as const), name: fc.constantFrom('photo.png', 'report.pdf', 'voice.mp3', 'noext'), bytes: fc.integer({ min: 0, max: 64 }), voice: fc.boolean() }),
    weight: 3,
  },
  { arbitrary: fc.record({ do: fc.constant('retry' as const), pick: fc.nat(3) }), weight: 4 },
  { arbitrary: fc.constant({ do: 'requestHuman' as const }), weight: 2 },
  { arbitrary: fc.record({ do: fc.constant('chooseGroup' as const), groupId: fc.constantFrom('g1', 'g2', 'nope') }), weight: 2 },
  { arbitrary: fc.constant({ do: 'submitUserForm' as const }), weight: 1 },
  { arbitrary: fc.constant({ do: 'closeChat' as const }), weight: 1 },
  { arbitrary: fc.constant({ do: 'loadOlder' as const }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constant('rate' as const), pick: fc.nat(3), rating: fc.constantFrom('up' as const, 'down' as const) }), weight: 1 },
  { arbitrary: fc.constant({ do: 'openEvaluation' as const }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constant('submitEvaluation' as const), star: fc.integer({ min: 0, max: 6 }) }), weight: 1 },
  { arbitrary: fc.constant({ do: 'dismissEvaluation' as const }), weight: 1 },
  { arbitrary: fc.constant({ do: 'leaveMessage' as const }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constant('typing' as const), text: fc.constantFrom('h', 'hel', '') }), weight: 2 },
  { arbitrary: fc.record({ do: fc.constant('visibility' as const), visible: fc.boolean() }), weight: 2 },
);

/** Early actions (while the chat starts) and later ones, within ACTION_WINDOW_MS. */
const actionTime = fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: ACTION_WINDOW_MS }));

/** One whole scenario: the backend's answers and the visitor's actions. */
export interface Scenario {
  /** `&groupid=g1` (SPEC §4: the transfer goes to it directly) and/or `&from=iframe` (SPEC §2). */
  query: { groupId: boolean; embedded: boolean };
  channel: ChannelChoice;
  channelInfo: Answer<true>;
  /** chatStart's chat status (SPEC §4: 0–3). */
  chatStart: Answer<0 | 1 | 2 | 3>;
  /** When start() is called: the visitor may type before it (the message waits, never lost). */
  startAt: number;
  history: Answer<HistoryPage>[];
  /** getEventMsg answers in turn; after them, empty batches after `idlePoll` ms (a long-polling server holds them). */
  polls: PollAnswer[];
  idlePoll: number;
  sendMsg: Answer<SendMsgData>[];
  upload: Answer<UploadData>[];
  robotAsk: Answer<RobotAskData>[];
  transferAgent: Answer<TransferAgentData>[];
  adminCard: Answer<AdminCardData>[];
  /** sysMsg, msgComplete, typing, chatClose, getEvaluateInfo, evaluate, submitUserForm, leaveMsg. */
  sideCalls: Answer<true>[];
  actions: { at: number; action: Action }[];
}

/** Random scenarios; they shrink to fewer actions, answers and events, and simpler values. */
export const scenarios: fc.Arbitrary<Scenario> = fc.record({
  query: fc.record({ groupId: fc.boolean(), embedded: fc.boolean() }),
  channel: channelChoice,
  channelInfo: answer(fc.constant(true as const), { ok: 20, fail: 1, hang: 0 }, SMALL_DELAY_MS),
  chatStart: answer(fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const), { ok: 20, fail: 1, hang: 0 }, SMALL_DELAY_MS),
  startAt: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 })),
  history: answers(answer(historyPage, { ok: 6, fail: 1, hang: 1 })),
  polls: fc.array(pollAnswer, { maxLength: MAX_POLL_ANSWERS }),
  idlePoll: fc.constantFrom(0, 500, 15_000),
  sendMsg: answers(answer(fc.record({ status: fc.constantFrom(1, 1, 0, 2) }), { ok: 6, fail: 2, hang: 1 })),
  upload: answers(
    answer(fc.record({ url: fc.constantFrom('https://files.example/u1.png'), name: fc.constant('u1'), suffix: fc.constant('png') }), { ok: 5, fail: 1, hang: 1 }),
  ),
  robotAsk: answers(
    answer(
      fc.record(
        { msgContent: wireText, msgType: fc.constantFrom<number | string>(1, 'answermsg', 'faq', 'sticker'), suggestions: fc.constantFrom([], ['Shipping?']) },
        { requiredKeys: ['msgContent'] },
      ),
      { ok: 5, fail: 1, hang: 1 },
    ),
  ),
  transferAgent: answers(
    answer(
      fc.record(
        { status: fc.constantFrom(0, 1, 2, 2, 3, 3, 4, 5, 6, 9), waitIndex: fc.constantFrom(-2, 0, 1, 4), adminNick: fc.constantFrom('Ann', '') },
        { requiredKeys: ['status'] },
      ),
      { ok: 6, fail: 1, hang: 1 },
    ),
  ),
  adminCard: answers(
    answer(
      fc.record({ adminWelcomeMode: fc.constantFrom<number | string | boolean>(1, 0, '1', true), adminWelcomeMsg: fc.constantFrom('Welcome!', '', '  '), adminNick: fc.constantFrom('Ann', 'Bo') }, { requiredKeys: [] }),
      { ok: 4, fail: 1, hang: 0 },
    ),
    2,
  ),
  sideCalls: answers(answer(fc.constant(true as const), { ok: 4, fail: 1, hang: 0 }, SMALL_DELAY_MS), 3),
  actions: fc.array(fc.record({ at: actionTime, action }), { maxLength: 12 }),
});

/**
 * A scenario where every call answers at once and well and the visitor does nothing (a robot-first
 * channel, status 0): the base that a known counterexample is written over (`over`).
 */
export function quietScenario(over: Partial<Scenario>): Scenario {
  const ok = <T>(value: T): Answer<T>[] => [{ ok: value, after: 0 }];
  return {
    query: { groupId: false, embedded: false },
    channel: {
      receiveMode: 0,
      msgToTransferFlag: 0,
      groups: 'off',
      robotWelcome: false,
      faq: false,
      userForm: false,
      offlineMsg: false,
      queueMsg: false,
      outsideHoursMsg: false,
      adminCloseMsg: false,
      timeouts: false,
      evaluate: false,
    },
    channelInfo: { ok: true, after: 0 },
    chatStart: { ok: 0, after: 0 },
    startAt: 0,
    history: ok({ items: [], olderFollow: false }),
    polls: [],
    idlePoll: 0,
    sendMsg: ok({ status: 1 }),
    upload: ok({ url: 'https://files.example/u1.png', name: 'u1', suffix: 'png' }),
    robotAsk: ok({ msgContent: 'hi' }),
    transferAgent: ok({ status: 2 }),
    adminCard: ok({}),
    sideCalls: ok(true),
    actions: [],
    ...over,
  };
}

// ---------------------------------------------------------------------------------------------
// The run

/** What one run showed, for the properties to judge. */
export interface Outcome {
  /** Exceptions that escaped: thrown out of the scheduler (a command, a timer, an unhandled RxJS error). */
  thrown: unknown[];
  /** Log lines of effects that crashed ("the X effect failed and restarts"), with their error. */
  crashes: string[];
  /** Calls the scenario's backend has no answer for (the engine is not expected to make them). */
  unexpectedCalls: string[];
  /** Ids of the visitor messages the visitor sent (sendText, sendFile). */
  sent: string[];
  /** The state just before dispose (DISPOSE_AT_MS); null when the run never got there. */
  atEnd: ChatState | null;
  /** State emissions whose messages repeat an id: when, and which ids (the first few). */
  duplicates: { at: number; ids: string[] }[];
  /** Calls still open when the engine was disposed (requests in flight then; they should be none left after). */
  openAtDispose: string[];
  /** Calls still open after dispose and a minute of virtual time. */
  openAfterDispose: string[];
  /** Calls made after dispose. */
  callsAfterDispose: string[];
  /** Scheduled actions left right after dispose, and a minute later. */
  actionsAfterDispose: number;
  actionsAtEnd: number;
  /** The snapshot changed after dispose (time passing, or commands). */
  changedAfterDispose: boolean;
}

const failure = (kind: Failure, call: CallName): Error =>
  kind === 'network'
    ? new NetworkError(call, `${call}: network failure`)
    : kind === 'api'
      ? new ApiError(call, 500, 'internal error')
      : new MalformedResponseError(call, `${call}: HTTP 502, the answer is not a JSON envelope`);

/** The i-th answer of a list used round and round. */
const nth = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** Open calls by name: every answer is counted from subscription to its end (answer, error or unsubscription). */
class CallTracker {
  private readonly open = new Map<number, CallName>();
  private next = 0;
  disposed = false;
  readonly afterDispose: string[] = [];
  readonly unexpected: string[] = [];

  track<T>(call: CallName, source: Observable<T>): Observable<T> {
    if (this.disposed) this.afterDispose.push(call);
    return new Observable<T>((subscriber) => {
      const id = (this.next += 1);
      this.open.set(id, call);
      const inner = source.subscribe(subscriber);
      return () => {
        this.open.delete(id);
        inner.unsubscribe();
      };
    });
  }

  openCalls(): string[] {
    return [...this.open.values()];
  }
}

/** The scenario's backend: every VisitorApi method, answering in virtual time. */
function scenarioApi(s: Scenario, scheduler: TestScheduler, tracker: CallTracker): VisitorApi {
  const counts = new Map<CallName, number>();
  const turn = (call: CallName) => {
    const n = counts.get(call) ?? 0;
    counts.set(call, n + 1);
    return n;
  };
  function reply<T>(call: CallName, a: Answer<T>, value: (ok: T) => T = (ok) => ok, timeoutMs = HTTP_TIMEOUT_MS): Observable<T> {
    const answered: Observable<T> =
      'ok' in a
        ? timer(a.after, scheduler).pipe(map(() => value(a.ok)))
        : 'fail' in a
          ? timer(a.after, scheduler).pipe(mergeMap(() => throwError(() => failure(a.fail, call))))
          : timer(timeoutMs, scheduler).pipe(mergeMap(() => throwError(() => new TimeoutError(call, timeoutMs))));
    return tracker.track(call, answered);
  }
  const side = (call: CallName): Observable<void> => reply(call, nth(s.sideCalls, turn(call))).pipe(map(() => undefined));
  const never = (call: CallName) => () => {
    tracker.unexpected.push(call);
    throw new Error(`unexpected call ${call}`);
  };
  let lastBatch: EventBatch = { events: [] };

  return {
    channelInfo: () => reply('channelInfo', s.channelInfo).pipe(map(() => decodeChannelInfo(channelWire(s.channel)))),
    chatStart: () =>
      reply('chatStart', s.chatStart).pipe(map((status) => ({ userId: 'u-1', sessionId: 's-1', pollId: 'p-1', status }))),
    chatClose: () => side('chatClose'),
    transferAgent: () => reply('transferAgent', nth(s.transferAgent, turn('transferAgent'))),
    getAdminCard: () => reply('getAdminCard', nth(s.adminCard, turn('getAdminCard'))),
    getHistoryMsg: () => reply('getHistoryMsg', nth(s.history, turn('getHistoryMsg'))).pipe(map(pageItems)),
    getEventMsg: () => {
      const a = s.polls[turn('getEventMsg')] ?? { ok: { events: [] }, after: s.idlePoll };
      if ('again' in a) return reply('getEventMsg', { ok: lastBatch, after: a.after });
      return reply('getEventMsg', a, (batch) => (lastBatch = batch));
    },
    sysMsg: () => side('sysMsg'),
    sendMsg: () => reply('sendMsg', nth(s.sendMsg, turn('sendMsg'))),
    msgComplete: () => side('msgComplete'),
    getEvaluateInfo: () => reply('getEvaluateInfo', nth(s.sideCalls, turn('getEvaluateInfo'))).pipe(map(() => ({ starList: ['bad', 'ok', 'good'] }))),
    evaluate: () => side('evaluate'),
    submitUserForm: () => side('submitUserForm'),
    typing: () => side('typing'),
    leaveMsg: () => side('leaveMsg'),
    robotAsk: () => reply('robotAsk', nth(s.robotAsk, turn('robotAsk'))),
    upload: (req) =>
      defer(() => {
        req.onProgress?.(0.5);
        return reply('upload', nth(s.upload, turn('upload')), (ok) => ok, UPLOAD_TIMEOUT_MS);
      }),
    // Calls the engine does not make (SPEC §7 lists them; nothing in the engine needs them).
    getSessionMsg: never('getSessionMsg'),
    getOfflineMsg: never('getOfflineMsg'),
    addSessionMsg: never('addSessionMsg'),
    robotTips: never('robotTips'),
    uploadBase64: never('uploadBase64'),
  };
}

/** Performs one visitor action; the ids of messages sent are added to `sent`. */
function perform(engine: ChatEngine, a: Action, visibility: Subject<boolean>, sent: string[]): void {
  const { messages } = engine.getSnapshot();
  switch (a.do) {
    case 'sendText': {
      const id = engine.sendText(a.text);
      if (id !== null) sent.push(id);
      return;
    }
    case 'sendFile': {
      const result = engine.sendFile(new Blob([new Uint8Array(a.bytes)]), a.name, a.voice ? { audioDuration: 3 } : {});
      if ('id' in result) sent.push(result.id);
      return;
    }
    case 'retry': {
      const failed = messages.filter((m) => canRetry(m));
      engine.retry(failed.length ? (failed[a.pick % failed.length]?.id ?? '') : 'no-such-message');
      return;
    }
    case 'requestHuman':
      return engine.requestHuman();
    case 'chooseGroup':
      return engine.chooseGroup(a.groupId);
    case 'submitUserForm':
      return engine.submitUserForm({ userName: 'Ann', phone: '13800000000' });
    case 'closeChat':
      return engine.closeChat();
    case 'loadOlder':
      return engine.loadOlder();
    case 'rate': {
      const replies = messages.filter((m) => m.senderType === SenderType.Robot);
      engine.rateMessage(replies.length ? (replies[a.pick % replies.length]?.id ?? '') : 'no-such-message', a.rating);
      return;
    }
    case 'openEvaluation':
      return engine.openEvaluation();
    case 'submitEvaluation':
      return engine.submitEvaluation({ star: a.star, comment: 'thanks' });
    case 'dismissEvaluation':
      return engine.dismissEvaluation();
    case 'leaveMessage':
      engine.openLeaveMessage();
      return engine.leaveMessage({ name: 'Ann', phone: '13800000000', content: 'Please call me' });
    case 'typing':
      return engine.notifyTyping(a.text);
    case 'visibility':
      return visibility.next(a.visible);
  }
}

/** Ids that occur more than once in a list of messages. */
function repeatedIds(messages: ChatState['messages']): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const m of messages) {
    if (seen.has(m.id)) repeated.add(m.id);
    seen.add(m.id);
  }
  return [...repeated];
}

/**
 * Plays `s`: an engine on the scenario's backend in a TestScheduler (run mode, so that even a
 * timer scheduled without the injected scheduler is virtual and counted), the visitor's actions at
 * their times, dispose at DISPOSE_AT_MS, then a minute more of virtual time.
 */
export function runScenario(s: Scenario): Outcome {
  const scheduler = new TestScheduler(() => {
    throw new Error('no marble expectations in a scenario');
  });
  const tracker = new CallTracker();
  const outcome: Outcome = {
    thrown: [],
    crashes: [],
    unexpectedCalls: tracker.unexpected,
    sent: [],
    atEnd: null,
    duplicates: [],
    openAtDispose: [],
    openAfterDispose: [],
    callsAfterDispose: tracker.afterDispose,
    actionsAfterDispose: 0,
    actionsAtEnd: 0,
    changedAfterDispose: false,
  };
  // Written inside run(): held in an object, so that the reads after it are not narrowed away.
  const held: { engine: ChatEngine | null; disposed: ChatState | null } = { engine: null, disposed: null };
  try {
    scheduler.run(() => {
      // Bounded: run()'s flush stops at END_MS even if something never stops.
      scheduler.maxFrames = END_MS;
      const visibility = new Subject<boolean>();
      const made = createChatEngine({
        query: `?channelid=demo${s.query.groupId ? '&groupid=g1' : ''}${s.query.embedded ? '&from=iframe' : ''}`,
        api: scenarioApi(s, scheduler, tracker),
        scheduler,
        storage: memoryStorage(),
        newId: localIds(),
        visibility,
        log: {
          warn: (message, detail) => {
            if (message.includes('effect failed and restarts')) outcome.crashes.push(`${message}: ${detail instanceof Error ? (detail.stack ?? detail.message) : String(detail)}`);
          },
        },
      });
      held.engine = made;
      made.state$.subscribe((state) => {
        const ids = repeatedIds(state.messages);
        if (ids.length && outcome.duplicates.length < 3) outcome.duplicates.push({ at: scheduler.now(), ids });
      });
      scheduler.schedule(() => made.start(), s.startAt);
      for (const { at, action: a } of s.actions) scheduler.schedule(() => perform(made, a, visibility, outcome.sent), at);
      scheduler.schedule(() => {
        outcome.atEnd = made.getSnapshot();
        outcome.openAtDispose = tracker.openCalls();
        made.dispose();
        tracker.disposed = true;
        held.disposed = made.getSnapshot();
        outcome.actionsAfterDispose = scheduler.actions.length;
        // Commands after dispose change nothing.
        made.start();
        made.sendText('too late');
        made.sendFile(new Blob(['x']), 'late.png');
        made.retry(outcome.sent[0] ?? 'none');
        made.loadOlder();
        made.requestHuman();
        made.closeChat();
        made.notifyTyping('late');
        visibility.next(false);
      }, DISPOSE_AT_MS);
    });
  } catch (e) {
    outcome.thrown.push(e);
  }
  outcome.actionsAtEnd = scheduler.actions.length;
  outcome.openAfterDispose = tracker.openCalls();
  outcome.changedAfterDispose = held.disposed !== null && held.engine?.getSnapshot() !== held.disposed;
  return outcome;
}

/** Ids of messages created on this side: v1, v2, … (none of the wire's ids look like them). */
function localIds(): () => string {
  let n = 0;
  return () => `v${(n += 1)}`;
}
