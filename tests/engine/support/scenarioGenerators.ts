import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { SEND_OK, SenderType } from '#engine/model/codes';
import type { WireEvent } from '#engine/protocol';
import type { EventBatch } from '#engine/transport/visitorApi';
import {
  ACTION_WINDOW_MS,
  DISPOSE_AT_MS,
  FAULT_WINDOW_MS,
  MAX_DELAY_MS,
  MAX_POLL_ANSWERS,
  SMALL_DELAY_MS,
  type Action,
  type Answer,
  type ChannelChoice,
  type Failure,
  type Faults,
  type HistoryPage,
  type PollAnswer,
  type Scenario,
  type SendAnswer,
} from './scenario';

/**
 * Random scenarios (scenario.ts) for the property test: liberal wire values, answers, faults and
 * visitor actions, as fast-check arbitraries that shrink to simpler ones.
 */

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
export const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

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
const historyPage: fc.Arbitrary<HistoryPage> = fc.record({ items: fc.array(historyItem, { maxLength: 6 }), olderFollow: fc.boolean() });

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

const pollAnswer: fc.Arbitrary<PollAnswer> = fc.oneof(
  { arbitrary: answer(eventBatch, { ok: 6, fail: 1, hang: 1 }), weight: 8 },
  { arbitrary: fc.record({ again: fc.constant(true as const), after: delay(MAX_DELAY_MS) }), weight: 1 },
  { arbitrary: fc.record({ replay: fc.constant(true as const), after: delay(MAX_DELAY_MS) }), weight: 1 },
  { arbitrary: fc.record({ lostBatch: eventBatch, after: delay(MAX_DELAY_MS) }), weight: 2 },
);

const sendAnswer: fc.Arbitrary<SendAnswer> = fc.oneof(
  { arbitrary: answer(fc.record({ status: fc.constantFrom(1, 1, 0, 2) }), { ok: 6, fail: 2, hang: 1 }), weight: 6 },
  { arbitrary: fc.record({ ok: fc.constant({ status: SEND_OK }), after: fc.integer({ min: 5_000, max: 19_000 }) }), weight: 1 },
  { arbitrary: fc.record({ lost: fc.constantFrom('network' as const, 'timeout' as const), after: delay(MAX_DELAY_MS) }), weight: 2 },
);

// ---------------------------------------------------------------------------------------------
// Channel, faults and the visitor

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
