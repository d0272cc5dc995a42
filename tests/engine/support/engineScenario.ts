import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { Observable, Subject, Subscription, defer, map, mergeMap, throwError, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { HISTORY_PAGE_SIZE, HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, outboxKey } from '../../../engine/constants';
import type { ChatState } from '../../../engine/core/state';
import { createChatEngine, type ChatEngine } from '../../../engine/engine';
import { canRetry } from '../../../engine/features/delivery/predicates';
import { decodeChannelInfo } from '../../../engine/model/channel';
import { SEND_OK, SenderType } from '../../../engine/model/codes';
import { memoryStorage, type StoragePort } from '../../../engine/ports';
import type {
  AdminCardData,
  CallName,
  RobotAskData,
  SendMsgData,
  SendMsgRequest,
  TransferAgentData,
  UploadData,
  WireChannelInfo,
  WireEvent,
} from '../../../engine/protocol';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '../../../engine/transport/errors';
import type { EventBatch, PushFrame, VisitorApi } from '../../../engine/transport/visitorApi';

/**
 * Random whole-engine scenarios for the property test (tests/engine/properties): a backend that
 * answers every SPEC §7 call from the scenario (channel, session, history pages, poll answers with
 * any mix of SPEC §4 event codes and bad fields, sends, uploads, robot and transfer answers, errors
 * and delays) and a visitor acting at random virtual times. `runScenario` plays one in a
 * TestScheduler and reports what the properties check.
 *
 * The backend also keeps what a backend of docs/protocol.md "Extensions" keeps, and the scenario's
 * faults play against it: visitor messages stored once per clientMsgId (a repeat gets the first
 * answer; an answer may be lost after the message was stored), in the history with their
 * clientMsgId and echoed to the polls; events with eventIds, kept until a poll acknowledges them
 * (lastEventId) and handed out again, or repeated; the visitor forgotten at random times (every
 * call within a session answers 404 until a chatStart, which may fail a few times first); the
 * `online` and visibility ports emitting; reloads (the engine disposed and a new one made on the
 * same storage and backend). A *settling* scenario (`settle`) ends its faults: from HEALTHY_AT_MS
 * on every call answers well, a page left in the error state is reloaded, and `online` emits once
 * at ONLINE_AT_MS, so that everything the visitor typed must by then be stored and shown once.
 *
 * Time budget of one scenario (why nothing is legitimately in flight at DISPOSE_AT_MS): the session
 * is there by 8 s (start ≤ 2 s, channelInfo and chatStart ≤ 3 s each); the visitor acts until
 * ACTION_WINDOW_MS (90 s) and the faults (forgets, reloads, port events) come by FAULT_WINDOW_MS
 * (100 s), so a reloaded page has its session by 106 s and the last transfer starts by ≈ 126 s
 * (for a message restored once the first history page is in, ≤ 20 s later) and answers by ≈ 146 s; a
 * forgotten visitor has its new session within ≈ 20 s (≤ 3 failed chatStarts of ≤ 3 s and the
 * 1 s, 2 s, 4 s waits); the scripted poll answers (≤ MAX_POLL_ANSWERS, each ≤ 20 s plus the 2 s
 * poll period) start by then and are used up by ≈ 280 s; a message released by the last of them
 * (1200) has its verdict 12 s later (SPEC §4 delivery cycle). Dispose comes at 300 s.
 * In a settling scenario every call made from 140 s on answers at once (a poll within 15 s): what
 * was in flight then has ended by 200 s (an upload's 60 s time-out), and what failed is sent again
 * at 240 s, with a minute left for it.
 */

/** The visitor acts within the first 90 s. */
const ACTION_WINDOW_MS = 90_000;
/** Forgets, reloads and port events come within the first 100 s. */
const FAULT_WINDOW_MS = 100_000;
/** A settling scenario's backend answers every call made from then on at once and well. */
const HEALTHY_AT_MS = 140_000;
/** A settling scenario's `online` port emits once then (the network is back). */
const ONLINE_AT_MS = 240_000;
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
/** How soon the healthy backend answers. */
const HEALTHY_DELAY_MS = 100;
/** How long the healthy backend holds a poll while nothing happens (a long-polling server). */
const HEALTHY_POLL_MS = 15_000;
/** The tenant of the scenario's channel and the visitor id the backend gives a new visitor. */
const VISITOR_ID = 'u-1';

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
  fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 1_000 }), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max }), weight: 1 },
  );

function answer<T>(ok: fc.Arbitrary<T>, weights: { ok: number; fail: number; hang: number }, max = MAX_DELAY_MS): fc.Arbitrary<Answer<T>> {
  return fc.oneof(
    { arbitrary: fc.record({ ok, after: delay(max) }), weight: weights.ok },
    { arbitrary: fc.record({ fail: fc.constantFrom<Failure>('network', 'api', 'malformed'), after: delay(max) }), weight: weights.fail },
    { arbitrary: fc.constant({ hang: true as const }), weight: weights.hang },
  );
}

/** An answer that always comes, with data (the calls a settling scenario needs to succeed). */
const okAnswer = <T>(ok: fc.Arbitrary<T>, max = MAX_DELAY_MS): fc.Arbitrary<Answer<T>> => fc.record({ ok, after: delay(max) });

/** A list of answers given in turn, round and round (never empty). */
const answers = <A>(one: fc.Arbitrary<A>, maxLength = 4) => fc.array(one, { minLength: 1, maxLength });

// ---------------------------------------------------------------------------------------------
// Wire values: liberal inputs the engine must survive (DESIGN "wire data is untrusted")

/** base64 of the UTF-8 bytes of `text` (SPEC §3 msgContentEnc). */
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** Ids shared by history and events, so that the same message arrives both ways; 7 and '7' are one id. */
const ID_POOL = ['a1', 'a2', 'a3', 'h1', 'h2'] as const;
const wireId = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(...ID_POOL), weight: 6 },
  { arbitrary: fc.constantFrom<unknown>(7, '7', '', null, { id: 1 }), weight: 1 },
);
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
  .record(
    {
      event_type: code(1201),
      msgId: wireId,
      msgContentEnc: fc.constantFrom<unknown>('%%% not base64', Buffer.from([0xff, 0xfe]).toString('base64'), 42, null),
    },
    { requiredKeys: ['event_type'] },
  )
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
  fc
    .record({ event_type: fc.constantFrom<unknown>(1299, 0, 'abc', null, { code: 1201 }), extra: fc.constantFrom<unknown>(1, 'x') })
    .map((f) => described(f, undefined)),
);

/**
 * docs/protocol.md "Several tabs": the visitor's own message sent from another tab, a 1201 carrying
 * the stored message with senderType 1 and its clientMsgId (ids no local message has).
 */
const otherTabMessage = fc
  .record({ event_type: code(1201), clientMsgId: fc.constantFrom('tab2-1', 'tab2-2'), text: wireText, msgTime: wireTime })
  .map(({ clientMsgId, text, msgTime, ...fields }) =>
    described(
      { ...fields, msgId: `m-${clientMsgId}` },
      JSON.stringify({ id: `m-${clientMsgId}`, senderType: SenderType.Visitor, msgType: 1, msgContent: text, msgTime, clientMsgId }),
    ),
  );

const wireEvent = fc.oneof(
  { arbitrary: agentMessageJson, weight: 3 },
  { arbitrary: agentMessageText, weight: 3 },
  { arbitrary: agentMessageBroken, weight: 1 },
  { arbitrary: otherTabMessage, weight: 1 },
  { arbitrary: otherEvent, weight: 4 },
);

const eventBatch: fc.Arbitrary<EventBatch> = fc.record(
  { events: fc.array(wireEvent, { maxLength: 6 }), waitIndex: fc.constantFrom(-1, 0, 1, 2, 5), status: fc.constantFrom(0, 2, 3) },
  { requiredKeys: ['events'] },
);

/**
 * A poll answer: a batch; the previous batch again (delivered at least once); every event the
 * backend ever logged again, acknowledged or not (a backend that lost its cursors; without eventIds,
 * the previous batch again); a batch whose answer is lost on the way after the backend handed its
 * events out (with eventIds they are handed out again, since no poll acknowledged them); a failure;
 * a time-out.
 */
type PollAnswer = Answer<EventBatch> | { again: true; after: number } | { replay: true; after: number } | { lostBatch: EventBatch; after: number };
const pollAnswer: fc.Arbitrary<PollAnswer> = fc.oneof(
  { arbitrary: answer(eventBatch, { ok: 6, fail: 1, hang: 1 }), weight: 8 },
  { arbitrary: fc.record({ again: fc.constant(true as const), after: delay(MAX_DELAY_MS) }), weight: 1 },
  { arbitrary: fc.record({ replay: fc.constant(true as const), after: delay(MAX_DELAY_MS) }), weight: 1 },
  { arbitrary: fc.record({ lostBatch: eventBatch, after: delay(MAX_DELAY_MS) }), weight: 2 },
);

/**
 * A sendMsg answer (docs/protocol.md "Extensions" clientMsgId): the backend's verdict after a delay
 * (status 1 stores the message; a repeat of a stored one gets the first answer whatever the
 * script), a slow confirmation (the widget's attempts overlap it), a failure or no answer before the
 * message reached the backend, or an answer lost (a network failure, or none until the time-out)
 * after the backend stored the message.
 */
type SendAnswer = Answer<SendMsgData> | { lost: 'network' | 'timeout'; after: number };
const sendAnswer: fc.Arbitrary<SendAnswer> = fc.oneof(
  { arbitrary: answer(fc.record({ status: fc.constantFrom(1, 1, 0, 2) }), { ok: 6, fail: 2, hang: 1 }), weight: 6 },
  { arbitrary: fc.record({ ok: fc.constant({ status: SEND_OK }), after: fc.integer({ min: 5_000, max: 19_000 }) }), weight: 1 },
  { arbitrary: fc.record({ lost: fc.constantFrom('network' as const, 'timeout' as const), after: delay(MAX_DELAY_MS) }), weight: 2 },
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
  /**
   * docs/protocol.md "Push": the channel offers the event stream, which plays the getEventMsg script
   * (Backend.stream); absent (older known examples), it is polled.
   */
  push?: boolean;
}

const GROUP_CONFIG: Record<ChannelChoice['groups'], WireChannelInfo['groupConfig']> = {
  off: undefined,
  none: '[]',
  one: [{ groupId: 'g1', groupName: 'Sales' }],
  two: JSON.stringify([
    { groupId: 'g1', groupName: 'Sales' },
    { groupId: 'g2', name: 'Support' },
  ]),
  bad: 'not json',
};

const on = (flag: boolean) => (flag ? 1 : 0);

function channelWire(c: ChannelChoice): WireChannelInfo {
  return {
    tenantId: 't1',
    titleDesc: 'Shop',
    receiveMode: c.receiveMode,
    robotName: 'Robo',
    eventStream: on(c.push === true),
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
  push: fc.boolean(),
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
    arbitrary: fc.record({
      do: fc.constant('sendFile' as const),
      name: fc.constantFrom('photo.png', 'report.pdf', 'voice.mp3', 'noext'),
      bytes: fc.integer({ min: 0, max: 64 }),
      voice: fc.boolean(),
    }),
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

/** Faults of the backend, the network and the page, beyond single answers (docs/protocol.md "Extensions"). */
export interface Faults {
  /**
   * docs/protocol.md "Event acknowledgement": 'none' — a SPEC §7 backend, each event handed out once;
   * 'string' or 'number' — events carry eventIds of that type, kept per pollId until a poll's
   * lastEventId acknowledges them, so an answer lost on the way is answered again.
   */
  eventIds: 'none' | 'string' | 'number';
  /** docs/protocol.md "Several tabs": a stored visitor message is echoed to the polls (1201, senderType 1, clientMsgId). */
  echo: boolean;
  /**
   * When the backend forgets the visitor (a restart, an expiry; docs/protocol.md "Session recovery"):
   * every call made within a session answers ApiError 404 'visitor not found, call chatStart first'
   * until a chatStart, the pollIds are gone and the event log starts over. Stored messages stay.
   */
  forgets: number[];
  /** The chatStarts after each forget that fail first (the backend still coming up), in turn. */
  restartFailures: { fail: Failure; after: number }[];
  /** The chat status the first chatStart after a forget answers (the backend sees a new visitor). */
  restartStatus: 0 | 1 | 2 | 3;
  /** When the visitor reloads the page: the engine is disposed and a new one made on the same storage and backend. */
  reloads: number[];
  /** When the browser's `online` event fires, and the page is hidden or shown. */
  ports: { at: number; port: 'online' | 'hidden' | 'visible' }[];
}

const NO_FAULTS: Faults = { eventIds: 'none', echo: false, forgets: [], restartFailures: [], restartStatus: 0, reloads: [], ports: [] };

const faultTime = fc.integer({ min: 0, max: FAULT_WINDOW_MS });
const faults: fc.Arbitrary<Faults> = fc.record({
  eventIds: fc.constantFrom('none', 'string', 'number'),
  echo: fc.boolean(),
  forgets: fc.array(faultTime, { maxLength: 2 }),
  restartFailures: fc.array(fc.record({ fail: fc.constantFrom<Failure>('network', 'api', 'malformed'), after: delay(SMALL_DELAY_MS) }), { maxLength: 3 }),
  restartStatus: fc.constantFrom(0, 2, 3, 1),
  reloads: fc.array(faultTime, { maxLength: 2 }),
  ports: fc.array(fc.record({ at: faultTime, port: fc.constantFrom('online', 'hidden', 'visible') }), { maxLength: 4 }),
});

/** One whole scenario: the backend's answers, the faults and the visitor's actions. */
export interface Scenario {
  /** `&groupid=g1` (SPEC §4: the transfer goes to it directly) and/or `&from=iframe` (SPEC §2). */
  query: { groupId: boolean; embedded: boolean };
  channel: ChannelChoice;
  /** channelInfo's answer, at every page load. */
  channelInfo: Answer<true>;
  /** chatStart's answer, with the chat status (SPEC §4: 0–3), but after a forget (see Faults). */
  chatStart: Answer<0 | 1 | 2 | 3>;
  /** When start() is called: the visitor may type before it (the message waits, never lost). */
  startAt: number;
  history: Answer<HistoryPage>[];
  /** getEventMsg answers in turn; after them, empty batches after `idlePoll` ms (a long-polling server holds them). */
  polls: PollAnswer[];
  idlePoll: number;
  sendMsg: SendAnswer[];
  upload: Answer<UploadData>[];
  robotAsk: Answer<RobotAskData>[];
  transferAgent: Answer<TransferAgentData>[];
  adminCard: Answer<AdminCardData>[];
  /** sysMsg, msgComplete, typing, chatClose, getEvaluateInfo, evaluate, submitUserForm, leaveMsg. */
  sideCalls: Answer<true>[];
  actions: { at: number; action: Action }[];
  faults: Faults;
  /** The faults stop at HEALTHY_AT_MS: see the file's comment. */
  settle: boolean;
}

/**
 * Random scenarios; they shrink to fewer actions, answers, events and faults, and simpler values.
 * A settling scenario's page loads and history pages answer (its faults are elsewhere): a failed
 * first history page would hide what an earlier page load sent, and a failed start is the SPEC §8
 * error page, which only a reload leaves.
 */
function scenarioOf(settle: boolean): fc.Arbitrary<Scenario> {
  return fc.record({
    query: fc.record({ groupId: fc.boolean(), embedded: fc.boolean() }),
    channel: channelChoice,
    channelInfo: settle
      ? okAnswer(fc.constant(true as const), SMALL_DELAY_MS)
      : answer(fc.constant(true as const), { ok: 20, fail: 1, hang: 0 }, SMALL_DELAY_MS),
    chatStart: settle
      ? okAnswer(fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const), SMALL_DELAY_MS)
      : answer(fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const), { ok: 20, fail: 1, hang: 0 }, SMALL_DELAY_MS),
    startAt: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 })),
    history: answers(settle ? okAnswer(historyPage) : answer(historyPage, { ok: 6, fail: 1, hang: 1 })),
    polls: fc.array(pollAnswer, { maxLength: MAX_POLL_ANSWERS }),
    idlePoll: fc.constantFrom(0, 500, 15_000),
    sendMsg: answers(sendAnswer),
    upload: answers(
      answer(fc.record({ url: fc.constantFrom('https://files.example/u1.png'), name: fc.constant('u1'), suffix: fc.constant('png') }), {
        ok: 5,
        fail: 1,
        hang: 1,
      }),
    ),
    robotAsk: answers(
      answer(
        fc.record(
          {
            msgContent: wireText,
            msgType: fc.constantFrom<number | string>(1, 'answermsg', 'faq', 'sticker'),
            suggestions: fc.constantFrom([], ['Shipping?']),
          },
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
        fc.record(
          {
            adminWelcomeMode: fc.constantFrom<number | string | boolean>(1, 0, '1', true),
            adminWelcomeMsg: fc.constantFrom('Welcome!', '', '  '),
            adminNick: fc.constantFrom('Ann', 'Bo'),
          },
          { requiredKeys: [] },
        ),
        { ok: 4, fail: 1, hang: 0 },
      ),
      2,
    ),
    sideCalls: answers(answer(fc.constant(true as const), { ok: 4, fail: 1, hang: 0 }, SMALL_DELAY_MS), 3),
    actions: fc.array(fc.record({ at: actionTime, action }), { maxLength: 12 }),
    faults,
    settle: fc.constant(settle),
  });
}

/** Scenarios whose faults go on to the end: the engine must survive them (exceptions, duplicates, dispose). */
export const scenarios: fc.Arbitrary<Scenario> = scenarioOf(false);

/**
 * A channel where visitor messages wait for an agent (SPEC §4 receive mode 3 with msgToTransferFlag)
 * and the transfer itself waits on the visitor — several groups to choose from, or a user form owed
 * (status 1) — or can never succeed (group mode with no group: 'No agent online'): messages that
 * legitimately never leave. A settling scenario's channel lets a healthy backend take them.
 */
function transferCanSucceed(s: Scenario): Scenario {
  const held = s.channel.receiveMode !== 0 && s.channel.msgToTransferFlag !== 0;
  if (!held) return s;
  const groups = s.query.groupId || s.channel.groups === 'off' || s.channel.groups === 'one' ? s.channel.groups : 'off';
  return { ...s, channel: { ...s.channel, groups, userForm: false } };
}

/** Scenarios whose faults stop at HEALTHY_AT_MS (see the file's comment), for the property that nothing is lost or stored twice. */
export const settlingScenarios: fc.Arbitrary<Scenario> = scenarioOf(true).map(transferCanSucceed);

/**
 * A scenario where every call answers at once and well, nothing goes wrong and the visitor does
 * nothing (a robot-first channel, status 0): the base that a known counterexample is written over
 * (`over`; its faults over no faults).
 */
export function quietScenario({ faults: someFaults, ...over }: Partial<Omit<Scenario, 'faults'>> & { faults?: Partial<Faults> }): Scenario {
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
    settle: false,
    ...over,
    faults: { ...NO_FAULTS, ...someFaults },
  };
}

// ---------------------------------------------------------------------------------------------
// The backend

/** What one run showed, for the properties to judge. */
export interface Outcome {
  /** Exceptions that escaped: thrown out of the scheduler (a command, a timer, an unhandled RxJS error). */
  thrown: unknown[];
  /** Log lines of effects that crashed ("the X effect failed and restarts"), with their error. */
  crashes: string[];
  /** Calls the scenario's backend has no answer for (the engine is not expected to make them). */
  unexpectedCalls: string[];
  /** Every message the visitor typed (sendText, sendFile), on which page load (0 the first). */
  typed: { id: string; page: number; at: number }[];
  /** Ids of the visitor messages typed on the last page load. */
  sent: string[];
  /** Files typed that were not uploaded yet when their page was reloaded: their bytes are gone. */
  lostAtReload: string[];
  /** Page loads in all (1 + reloads). */
  pages: number;
  /** The clientMsgIds of the visitor messages the backend stored, in order (once each: it keeps them by clientMsgId). */
  stored: string[];
  /** Visitor messages the backend stored without a clientMsgId (each would be a new message to it). */
  storedWithoutClientMsgId: number;
  /** The entries of the stored outbox (docs/protocol.md "Outbox") at dispose. */
  outboxLeft: unknown[];
  /** The last page's state just before dispose (DISPOSE_AT_MS); null when the run never got there. */
  atEnd: ChatState | null;
  /** State emissions (of any page) whose messages repeat an id: page, when, and which ids (the first few). */
  duplicates: { page: number; at: number; ids: string[] }[];
  /** Calls still open when the last page was disposed (requests in flight then; they should be none left after). */
  openAtDispose: string[];
  /** Calls of disposed pages still open after the last dispose and a minute of virtual time. */
  openAfterDispose: string[];
  /** Calls made by a page after its dispose. */
  callsAfterDispose: string[];
  /** Scheduled actions left right after the last dispose, and a minute later. */
  actionsAfterDispose: number;
  actionsAtEnd: number;
  /** Some page's snapshot changed after its dispose (time passing, or commands). */
  changedAfterDispose: boolean;
}

const failure = (kind: Failure, call: CallName): Error =>
  kind === 'network'
    ? new NetworkError(call, `${call}: network failure`)
    : kind === 'api'
      ? new ApiError(call, 500, 'internal error')
      : new MalformedResponseError(call, `${call}: HTTP 502, the answer is not a JSON envelope`);

/** The reference server's answer to a call about a visitor it does not know (docs/protocol.md "Session recovery"). */
const notFound = (call: CallName): Error => new ApiError(call, 404, 'visitor not found, call chatStart first');

/** The i-th answer of a list used round and round. */
const nth = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** What the tracker follows: the calls, and the push stream. */
type TrackedCall = CallName | 'eventStream';

/** Open calls by page and name: every answer is counted from subscription to its end (answer, error or unsubscription). */
class CallTracker {
  private readonly open = new Map<number, { call: TrackedCall; page: number }>();
  private next = 0;
  readonly disposed = new Set<number>();
  readonly afterDispose: string[] = [];
  readonly unexpected: string[] = [];

  track<T>(call: TrackedCall, page: number, source: Observable<T>): Observable<T> {
    if (this.disposed.has(page)) this.afterDispose.push(`${call} (page ${page})`);
    return new Observable<T>((subscriber) => {
      const id = (this.next += 1);
      this.open.set(id, { call, page });
      const inner = source.subscribe(subscriber);
      return () => {
        this.open.delete(id);
        inner.unsubscribe();
      };
    });
  }

  /** The calls open now, of every page or of the disposed ones. */
  openCalls(onlyDisposed = false): string[] {
    return [...this.open.values()].filter(({ page }) => !onlyDisposed || this.disposed.has(page)).map(({ call, page }) => `${call} (page ${page})`);
  }
}

/** Where a run reports what happens, for a counterexample's diagnosis: calls and their answers, engine log lines, state changes. */
export type Trace = (line: string) => void;

/** How the backend answers one request: data or an error after a delay, or nothing until the transport's time-out. */
type Reply<T> = { ok: T; after: number } | { error: () => Error; after: number } | { timeout: number };

function scripted<T>(call: CallName, a: Answer<T>, timeoutMs = HTTP_TIMEOUT_MS): Reply<T> {
  if ('ok' in a) return a;
  if ('fail' in a) return { error: () => failure(a.fail, call), after: a.after };
  return { timeout: timeoutMs };
}

const withData = <T, U>(r: Reply<T>, data: (ok: T) => U): Reply<U> => ('ok' in r ? { ok: data(r.ok), after: r.after } : r);

/** A message as the backend stores it, and as its history and echoes carry it. */
type StoredMessage = Omit<SendMsgRequest, 'clientMsgId'> & { id: string; msgTime: number; clientMsgId?: string };

/** The least time between two frames of the scripted push stream (Backend.stream). */
const STREAM_STEP_MS = 1_000;

/** The healthy backend's poll connects a visitor still waiting in the queue (SPEC §4 1200; ignored once connected). */
const CONNECT: WireEvent = { event_type: 1200, adminNick: 'Ann' };

/**
 * The scenario's backend, shared by every page load: each call's answer comes from the scenario's
 * script, in turn and round and round, while the backend keeps what docs/protocol.md "Extensions"
 * asks it to keep — the visitor messages by clientMsgId, the events by eventId and pollId — and
 * knows whether it knows the visitor (Faults.forgets). Each request is handled when it is made
 * (subscribed): a message is stored then, its answer comes later, or is lost.
 */
class Backend {
  /** Whether the visitor is known: from a chatStart until a forget. */
  private known = false;
  /** The next successful chatStart is the first after a forget (the backend sees a new visitor). */
  private afterForget = false;
  private restartFailures: Faults['restartFailures'] = [];
  /** Each pollId the backend knows, with the eventId (seq) it acknowledged. */
  private readonly polls = new Map<string, number>();
  /** Events by seq (with eventIds), kept for every poll; without eventIds, the events not yet handed out. */
  private log: { seq: number; event: WireEvent }[] = [];
  private seq = 0;
  private pending: WireEvent[] = [];
  private lastBatch: EventBatch = { events: [] };
  private sessions = 0;
  private readonly counts = new Map<CallName, number>();
  private readonly messages: StoredMessage[] = [];
  /** The first answer to each clientMsgId whose message was stored (docs/protocol.md "Extensions"). */
  private readonly firstAnswers = new Map<string, SendMsgData>();
  readonly stored: string[] = [];
  storedWithoutClientMsgId = 0;

  constructor(
    private readonly s: Scenario,
    private readonly scheduler: TestScheduler,
    private readonly tracker: CallTracker,
    private readonly trace?: Trace,
  ) {}

  /** Faults.forgets: the visitor, its pollIds and its events are forgotten; stored messages stay. */
  forget(): void {
    this.known = false;
    this.afterForget = true;
    this.restartFailures = [...this.s.faults.restartFailures];
    this.polls.clear();
    this.log = [];
    this.seq = 0;
    this.pending = [];
    this.lastBatch = { events: [] };
  }

  /** A settling scenario's faults are over. */
  private healthy(): boolean {
    return this.s.settle && this.scheduler.now() >= HEALTHY_AT_MS;
  }

  private turn(call: CallName): number {
    const n = this.counts.get(call) ?? 0;
    this.counts.set(call, n + 1);
    return n;
  }

  private get acks(): boolean {
    return this.s.faults.eventIds !== 'none';
  }

  /** An event for the polls: logged with the next eventId, or (without eventIds) handed out once by the next poll. */
  private emit(event: WireEvent): void {
    if (!this.acks) {
      this.pending.push(event);
      return;
    }
    this.seq += 1;
    const eventId = this.s.faults.eventIds === 'number' ? this.seq : String(this.seq);
    this.log.push({ seq: this.seq, event: { ...event, eventId: eventId as string } });
  }

  /** What a poll hands out: every logged event its pollId has not acknowledged; without eventIds, each event once. */
  private handOut(pollId: string): WireEvent[] {
    if (!this.acks) {
      const out = this.pending;
      this.pending = [];
      return out;
    }
    const acked = this.polls.get(pollId) ?? this.seq;
    return this.log.filter(({ seq }) => seq > acked).map(({ event }) => event);
  }

  /** lastEventId acknowledges the events up to it; '' or an id this log never gave acknowledges nothing. */
  private acknowledge(pollId: string, lastEventId: string | undefined): void {
    const acked = this.polls.get(pollId) ?? 0;
    const n = Number(lastEventId);
    if (lastEventId && Number.isInteger(n) && n > acked && n <= this.seq) this.polls.set(pollId, n);
  }

  /** The answer of a call made within a session: 404 while the visitor is unknown, at once and well once healthy, else the script's. */
  private within<T>(call: CallName, a: Answer<T>, healthy: T, timeoutMs = HTTP_TIMEOUT_MS): Reply<T> {
    if (!this.known) return { error: () => notFound(call), after: 'hang' in a ? 0 : a.after };
    if (this.healthy()) return { ok: healthy, after: HEALTHY_DELAY_MS };
    return scripted(call, a, timeoutMs);
  }

  /** The newest page of stored visitor messages older than maxTime, oldest first, with their clientMsgIds. */
  private storedBefore(maxTime: number | undefined): StoredMessage[] {
    const older = this.messages.filter((m) => maxTime === undefined || m.msgTime < maxTime);
    return older.slice(-HISTORY_PAGE_SIZE).map((m) => ({ ...m }));
  }

  private chatStart(userId: string | undefined): Reply<{ userId: string; sessionId: string; pollId: string; status: 0 | 1 | 2 | 3 }> {
    const healthy = this.healthy();
    const failed = this.restartFailures.shift();
    if (failed && !healthy) return { error: () => failure(failed.fail, 'chatStart'), after: failed.after };
    const a = this.s.chatStart;
    if (!healthy && !('ok' in a)) return scripted('chatStart', a);
    this.known = true;
    this.sessions += 1;
    const pollId = `p-${this.sessions}`;
    this.polls.set(pollId, this.seq);
    const status = this.afterForget ? this.s.faults.restartStatus : 'ok' in a ? a.ok : 0;
    this.afterForget = false;
    const after = healthy ? HEALTHY_DELAY_MS : 'ok' in a ? a.after : 0;
    return { ok: { userId: userId ?? VISITOR_ID, sessionId: `s-${this.sessions}`, pollId, status }, after };
  }

  private poll(pollId: string, lastEventId: string | undefined): Reply<EventBatch> {
    if (!this.known || !this.polls.has(pollId)) {
      const known = this.known;
      return { error: () => (known ? new ApiError('getEventMsg', 404, 'poll not found, call chatStart again') : notFound('getEventMsg')), after: 0 };
    }
    if (this.acks) this.acknowledge(pollId, lastEventId);
    if (this.healthy()) return { ok: { events: [...this.handOut(pollId), CONNECT] }, after: HEALTHY_POLL_MS };
    const a = this.s.polls[this.turn('getEventMsg')] ?? { ok: { events: [] }, after: this.s.idlePoll };
    if ('again' in a) return { ok: this.lastBatch, after: a.after };
    if ('replay' in a) return { ok: this.acks ? { events: this.log.map(({ event }) => event) } : this.lastBatch, after: a.after };
    if ('lostBatch' in a) {
      // Handed out, then lost on the way: with eventIds, no poll acknowledged them, so they come again.
      if (this.acks) for (const event of a.lostBatch.events) this.emit(event);
      return { error: () => new NetworkError('getEventMsg', 'getEventMsg: the connection dropped'), after: a.after };
    }
    if (!('ok' in a)) return scripted('getEventMsg', a);
    for (const event of a.ok.events) this.emit(event);
    this.lastBatch = { ...a.ok, events: this.handOut(pollId) };
    return { ok: this.lastBatch, after: a.after };
  }

  /**
   * docs/protocol.md "Push": the stream plays the getEventMsg script, each answer a frame after its
   * delay — a batch (again, a replay), a batch lost in flight with the connection (its events stay
   * unacknowledged), a failure that ends the stream, or a hang: silence. Opening acknowledges as a poll
   * does; the stream sends what it has not sent yet. A forgotten visitor or pollId ends it with a 404.
   */
  private stream(pollId: string, lastEventId: string | undefined): Observable<PushFrame> {
    return new Observable<PushFrame>((subscriber) => {
      const steps = new Subscription();
      const gone = () =>
        this.known && this.polls.has(pollId) ? null : this.known ? new ApiError('eventStream', 404, 'poll not found') : notFound('getEventMsg');
      const refused = gone();
      if (refused) {
        subscriber.error(refused);
        return steps;
      }
      if (this.acks) this.acknowledge(pollId, lastEventId);
      let sent = this.polls.get(pollId) ?? this.seq;
      const unsent = (): WireEvent[] => {
        if (!this.acks) return this.handOut(pollId);
        const events = this.log.filter(({ seq }) => seq > sent).map(({ event }) => event);
        sent = this.seq;
        return events;
      };
      const frame = (batch: EventBatch) => subscriber.next({ kind: 'batch', batch });
      const step = () => {
        const healthy = this.healthy();
        const a = healthy ? null : (this.s.polls[this.turn('getEventMsg')] ?? { ok: { events: [] }, after: this.s.idlePoll });
        if (a && 'hang' in a) return;
        // At least STREAM_STEP_MS apart: a script of instant answers is not a stream of endless frames at one instant.
        const after = Math.max(a ? a.after : HEALTHY_POLL_MS, STREAM_STEP_MS);
        steps.add(
          this.scheduler.schedule(() => {
            const lost = gone();
            this.trace?.(`stream ${pollId} → ${lost ? lost.message : a ? JSON.stringify(a) : 'healthy batch'}`);
            if (lost) return subscriber.error(lost);
            if (!a) frame({ events: [...unsent(), CONNECT] });
            else if ('again' in a) frame(this.lastBatch);
            else if ('replay' in a) frame(this.acks ? { events: this.log.map(({ event }) => event) } : this.lastBatch);
            else if ('lostBatch' in a) {
              if (this.acks) for (const event of a.lostBatch.events) this.emit(event);
              return subscriber.error(new NetworkError('eventStream', 'eventStream: the connection dropped'));
            } else if ('fail' in a) return subscriber.error(failure(a.fail, 'getEventMsg'));
            else {
              for (const event of a.ok.events) this.emit(event);
              this.lastBatch = { ...a.ok, events: unsent() };
              frame(this.lastBatch);
            }
            step();
          }, after),
        );
      };
      subscriber.next({ kind: 'open' });
      step();
      return steps;
    });
  }

  private sendMsg(req: SendMsgRequest): Reply<SendMsgData> {
    const a: SendAnswer = this.healthy() ? { ok: { status: SEND_OK }, after: HEALTHY_DELAY_MS } : nth(this.s.sendMsg, this.turn('sendMsg'));
    // Failed or unanswered before the backend had it: nothing is stored.
    if ('hang' in a || 'fail' in a) return scripted('sendMsg', a);
    if (!this.known) return { error: () => notFound('sendMsg'), after: a.after };
    const lost = (): Reply<SendMsgData> =>
      'lost' in a && a.lost === 'timeout'
        ? { timeout: HTTP_TIMEOUT_MS }
        : { error: () => new NetworkError('sendMsg', 'sendMsg: the connection dropped'), after: a.after };
    const { clientMsgId } = req;
    const first = clientMsgId ? this.firstAnswers.get(clientMsgId) : undefined;
    // A repeat of a stored message gets the first answer; nothing is stored again.
    if (first) return 'lost' in a ? lost() : { ok: first, after: a.after };
    // A refusal stores nothing (a retry is judged again).
    if ('ok' in a && a.ok.status !== SEND_OK) return a;
    const message: StoredMessage = { ...req, senderType: SenderType.Visitor, id: `m-${this.messages.length + 1}`, msgTime: this.scheduler.now() };
    const answer: SendMsgData = { status: SEND_OK, id: message.id };
    this.messages.push(message);
    if (clientMsgId) {
      this.firstAnswers.set(clientMsgId, answer);
      this.stored.push(clientMsgId);
      // docs/protocol.md "Several tabs": the visitor's tabs show it too.
      if (this.s.faults.echo) this.emit({ event_type: 1201, msgId: message.id, msgContentEnc: b64(JSON.stringify(message)) });
    } else {
      this.storedWithoutClientMsgId += 1;
    }
    return 'lost' in a ? lost() : { ok: answer, after: a.after };
  }

  /** The VisitorApi one page load talks to: every method, answering in virtual time. */
  api(page: number): VisitorApi {
    const s = this.s;
    const reply = <T>(call: CallName, handle: () => Reply<T>): Observable<T> =>
      this.tracker.track(
        call,
        page,
        defer(() => {
          const r = handle();
          this.trace?.(
            `page ${page} ${call} → ${'ok' in r ? `${JSON.stringify(r.ok)} in ${r.after} ms` : 'error' in r ? `${r.error().message} in ${r.after} ms` : `no answer (time-out in ${r.timeout} ms)`}`,
          );
          if ('ok' in r) return timer(r.after, this.scheduler).pipe(map(() => r.ok));
          if ('error' in r) return timer(r.after, this.scheduler).pipe(mergeMap(() => throwError(r.error)));
          return timer(r.timeout, this.scheduler).pipe(mergeMap(() => throwError(() => new TimeoutError(call, r.timeout))));
        }),
      );
    const within = <T>(call: CallName, list: readonly Answer<T>[], healthy: T, timeoutMs?: number): Observable<T> =>
      reply(call, () => this.within(call, nth(list, this.turn(call)), healthy, timeoutMs));
    const side = (call: CallName): Observable<void> => within(call, s.sideCalls, true).pipe(map(() => undefined));
    const never = (call: CallName) => () => {
      this.tracker.unexpected.push(call);
      throw new Error(`unexpected call ${call}`);
    };
    return {
      channelInfo: () =>
        reply('channelInfo', () => (this.healthy() ? { ok: true, after: HEALTHY_DELAY_MS } : scripted('channelInfo', s.channelInfo))).pipe(
          map(() => decodeChannelInfo(channelWire(s.channel))),
        ),
      chatStart: (req) => reply('chatStart', () => this.chatStart(req.userId)),
      chatClose: () => side('chatClose'),
      transferAgent: () => within('transferAgent', s.transferAgent, { status: 2, adminNick: 'Ann' }),
      getAdminCard: () => within('getAdminCard', s.adminCard, {}),
      getHistoryMsg: (req) =>
        reply('getHistoryMsg', () =>
          withData(this.within('getHistoryMsg', nth(s.history, this.turn('getHistoryMsg')), { items: [], olderFollow: false }), (page): unknown[] => [
            ...pageItems(page),
            ...this.storedBefore(req.maxTime),
          ]),
        ),
      getEventMsg: (req) => reply('getEventMsg', () => this.poll(req.pollId, req.lastEventId)),
      eventStream: (req) =>
        this.tracker.track(
          'eventStream',
          page,
          defer(() => this.stream(req.pollId, req.lastEventId)),
        ),
      sysMsg: () => side('sysMsg'),
      sendMsg: (req) => reply('sendMsg', () => this.sendMsg(req)),
      msgComplete: () => side('msgComplete'),
      getEvaluateInfo: () => within('getEvaluateInfo', s.sideCalls, true).pipe(map(() => ({ starList: ['bad', 'ok', 'good'] }))),
      evaluate: () => side('evaluate'),
      submitUserForm: () => side('submitUserForm'),
      typing: () => side('typing'),
      leaveMsg: () => side('leaveMsg'),
      robotAsk: () => within('robotAsk', s.robotAsk, { msgContent: 'ok' }),
      // Suggestions while the visitor types in robot mode (SPEC §7 robotTips), faulted as the side calls are.
      robotTips: () => within('robotTips', s.sideCalls, true).pipe(map(() => ({ tips: ['How do I return an item?'] }))),
      upload: (req) =>
        defer(() => {
          req.onProgress?.(0.5);
          return within('upload', s.upload, { url: 'https://files.example/u1.png', name: 'u1', suffix: 'png' }, UPLOAD_TIMEOUT_MS);
        }),
      // Calls the engine does not make (SPEC §7 lists them; nothing in the engine needs them).
      getSessionMsg: never('getSessionMsg'),
      getOfflineMsg: never('getOfflineMsg'),
      addSessionMsg: never('addSessionMsg'),
      uploadBase64: never('uploadBase64'),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The run

/** Performs one visitor action; the messages typed are added to `typed`. */
function perform(engine: ChatEngine, a: Action, visibility: Subject<boolean>, typed: (id: string) => void): void {
  const { messages } = engine.getSnapshot();
  switch (a.do) {
    case 'sendText': {
      const id = engine.sendText(a.text);
      if (id !== null) typed(id);
      return;
    }
    case 'sendFile': {
      const result = engine.sendFile(new Blob([new Uint8Array(a.bytes)]), a.name, a.voice ? { audioDuration: 3 } : {});
      if ('id' in result) typed(result.id);
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

/** One page load: its engine, and its snapshot when it was disposed. */
interface Page {
  index: number;
  engine: ChatEngine;
  disposed: ChatState | null;
}

/** What a trace shows of a state: the chat's phase and status, and the visitor messages with their delivery. */
function describeState(state: ChatState): string {
  const visitor = state.messages
    .filter((m) => m.senderType === SenderType.Visitor)
    .map((m) => `${m.id}:${m.status ?? '-'}${m.upload ? '(file)' : ''}`)
    .join(' ');
  const groups = state.groupChoice ? ` choosing(${state.groupChoice.map((g) => g.id).join(',')})` : '';
  return `${state.phase} status=${state.status}${state.reconnecting ? ' reconnecting' : ''}${state.transferring ? ' transferring' : ''}${groups} [${visitor}]`;
}

/** The stored outbox's entries (docs/protocol.md "Outbox"), or what is stored there when it is no list. */
function outboxOf(storage: StoragePort): unknown[] {
  const raw = storage.get(outboxKey('demo'));
  if (raw === null) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list : [raw];
  } catch {
    return [raw];
  }
}

/**
 * Plays `s`: an engine on the scenario's backend in a TestScheduler (run mode, so that even a
 * timer scheduled without the injected scheduler is virtual and counted), the visitor's actions at
 * their times on the page loaded then, the faults at theirs (a reload disposes the page's engine
 * and starts a new one on the same storage and backend), dispose at DISPOSE_AT_MS, then a minute
 * more of virtual time.
 */
export function runScenario(s: Scenario, traceTo?: Trace): Outcome {
  const scheduler = new TestScheduler(() => {
    throw new Error('no marble expectations in a scenario');
  });
  const trace = traceTo && ((line: string) => traceTo(`${String(scheduler.now()).padStart(6)} ${line}`));
  const tracker = new CallTracker();
  const backend = new Backend(s, scheduler, tracker, trace);
  const outcome: Outcome = {
    thrown: [],
    crashes: [],
    unexpectedCalls: tracker.unexpected,
    typed: [],
    sent: [],
    lostAtReload: [],
    pages: 0,
    stored: backend.stored,
    storedWithoutClientMsgId: 0,
    outboxLeft: [],
    atEnd: null,
    duplicates: [],
    openAtDispose: [],
    openAfterDispose: [],
    callsAfterDispose: tracker.afterDispose,
    actionsAfterDispose: 0,
    actionsAtEnd: 0,
    changedAfterDispose: false,
  };
  // One browser: the storage, the id generator (ids stay unique across page loads, as clientMsgIds
  // must), the visibility and the network outlive page loads.
  const storage = memoryStorage();
  const newId = localIds();
  const visibility = new Subject<boolean>();
  const online = new Subject<void>();
  const pages: Page[] = [];
  const current = (): Page => pages[pages.length - 1] as Page;

  const load = (): Page => {
    const index = pages.length;
    const engine = createChatEngine({
      query: `?channelid=demo${s.query.groupId ? '&groupid=g1' : ''}${s.query.embedded ? '&from=iframe' : ''}`,
      api: backend.api(index),
      scheduler,
      storage,
      newId,
      visibility,
      online,
      log: {
        warn: (message, detail) => {
          trace?.(`page ${index} log: ${message}`);
          if (message.includes('effect failed and restarts'))
            outcome.crashes.push(`page ${index}: ${message}: ${detail instanceof Error ? (detail.stack ?? detail.message) : String(detail)}`);
        },
      },
    });
    let shown = '';
    engine.state$.subscribe((state) => {
      if (trace) {
        const now = describeState(state);
        if (now !== shown) trace(`page ${index} state ${now}`);
        shown = now;
      }
      const ids = repeatedIds(state.messages);
      if (ids.length && outcome.duplicates.length < 3) outcome.duplicates.push({ page: index, at: scheduler.now(), ids });
    });
    const page = { index, engine, disposed: null };
    pages.push(page);
    return page;
  };

  const dispose = (page: Page): void => {
    page.engine.dispose();
    tracker.disposed.add(page.index);
    page.disposed = page.engine.getSnapshot();
    // Commands after dispose change nothing.
    const late = page.engine;
    late.start();
    late.sendText('too late');
    late.sendFile(new Blob(['x']), 'late.png');
    late.retry(outcome.typed[0]?.id ?? 'none');
    late.loadOlder();
    late.requestHuman();
    late.closeChat();
    late.notifyTyping('late');
  };

  /** The visitor reloads: what the page knew is gone but the storage; a file not yet uploaded with it. */
  const reload = (): void => {
    const page = current();
    trace?.(`reload of page ${page.index}`);
    const { messages } = page.engine.getSnapshot();
    for (const m of messages) {
      if (m.senderType === SenderType.Visitor && m.upload !== undefined) outcome.lostAtReload.push(m.id);
    }
    dispose(page);
    load().engine.start();
  };

  try {
    scheduler.run(() => {
      // Bounded: run()'s flush stops at END_MS even if something never stops.
      scheduler.maxFrames = END_MS;
      load();
      scheduler.schedule(() => pages[0]?.engine.start(), s.startAt);
      for (const { at, action: a } of s.actions) {
        scheduler.schedule(() => {
          const { engine, index } = current();
          // SPEC §8: the error page has no composer (a settling scenario's visitor types only where one is shown).
          if (s.settle && engine.getSnapshot().phase === 'error' && (a.do === 'sendText' || a.do === 'sendFile')) return;
          trace?.(`page ${index} visitor: ${JSON.stringify(a)}`);
          perform(engine, a, visibility, (id) => outcome.typed.push({ id, page: index, at: scheduler.now() }));
        }, at);
      }
      for (const at of s.faults.forgets)
        scheduler.schedule(() => {
          trace?.('the backend forgets the visitor');
          backend.forget();
        }, at);
      // A page is reloaded once it has started (the widget starts its engine as the page loads).
      for (const at of s.faults.reloads) scheduler.schedule(reload, Math.max(at, s.startAt));
      for (const { at, port } of s.faults.ports)
        scheduler.schedule(() => {
          trace?.(`port: ${port}`);
          if (port === 'online') online.next();
          else visibility.next(port === 'visible');
        }, at);
      if (s.settle) {
        // The faults are over: a page showing the error state is reloaded, and the network comes back once.
        scheduler.schedule(() => {
          if (current().engine.getSnapshot().phase === 'error') reload();
        }, HEALTHY_AT_MS);
        scheduler.schedule(() => {
          trace?.('port: online (the end of the faults)');
          online.next();
        }, ONLINE_AT_MS);
      }
      scheduler.schedule(() => {
        const last = current();
        outcome.atEnd = last.engine.getSnapshot();
        outcome.outboxLeft = outboxOf(storage);
        outcome.openAtDispose = tracker.openCalls();
        dispose(last);
        outcome.actionsAfterDispose = scheduler.actions.length;
        visibility.next(false);
        online.next();
      }, DISPOSE_AT_MS);
    });
  } catch (e) {
    outcome.thrown.push(e);
  }
  outcome.pages = pages.length;
  outcome.sent = outcome.typed.filter((t) => t.page === pages.length - 1).map((t) => t.id);
  outcome.storedWithoutClientMsgId = backend.storedWithoutClientMsgId;
  outcome.actionsAtEnd = scheduler.actions.length;
  outcome.openAfterDispose = tracker.openCalls(true);
  outcome.changedAfterDispose = pages.some((p) => p.disposed !== null && p.engine.getSnapshot() !== p.disposed);
  return outcome;
}

/** Ids of messages created on this side: v1, v2, … (none of the wire's ids look like them). */
function localIds(): () => string {
  let n = 0;
  return () => `v${(n += 1)}`;
}
