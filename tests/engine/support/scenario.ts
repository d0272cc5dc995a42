import { HTTP_TIMEOUT_MS } from '#engine/constants';
import type { AdminCardData, RobotAskData, SendMsgData, TransferAgentData, UploadData } from '#engine/protocol';
import type { EventBatch } from '#engine/transport/visitorApi';

/**
 * What one whole-engine scenario of the property test (tests/engine/properties) is: a backend's
 * script of answers to every SPEC §7 call (channel, session, history pages, poll answers with any
 * mix of SPEC §4 event codes and bad fields, sends, uploads, robot and transfer answers, errors and
 * delays), the faults of the backend, the network and the page, and a visitor acting at given
 * virtual times. scenarioGenerators.ts makes them at random, scenarioBackend.ts answers from one and
 * scenarioRunner.ts plays one in a TestScheduler.
 *
 * A *settling* scenario (`settle`) ends its faults: from HEALTHY_AT_MS on every call answers well, a
 * page left in the error state is reloaded, and `online` emits once at ONLINE_AT_MS, so that
 * everything the visitor typed must by then be stored and shown once.
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
export const ACTION_WINDOW_MS = 90_000;
/** Forgets, reloads and port events come within the first 100 s. */
export const FAULT_WINDOW_MS = 100_000;
/** A settling scenario's backend answers every call made from then on at once and well. */
export const HEALTHY_AT_MS = 140_000;
/** A settling scenario's `online` port emits once then (the network is back). */
export const ONLINE_AT_MS = 240_000;
/** The engine is disposed at 5 min of virtual time, after every answer and timer had its time. */
export const DISPOSE_AT_MS = 300_000;
/** Virtual time runs on for a minute after dispose: nothing may happen then. */
export const END_MS = DISPOSE_AT_MS + 60_000;
/** Longest delay of an answer that comes (the HTTP time-out of SPEC §7). */
export const MAX_DELAY_MS = HTTP_TIMEOUT_MS;
/** Longest delay of the small calls (channelInfo, chatStart, side calls). */
export const SMALL_DELAY_MS = 3_000;
/** Poll answers scripted per scenario; later polls answer empty batches. */
export const MAX_POLL_ANSWERS = 6;
/** How soon the healthy backend answers. */
export const HEALTHY_DELAY_MS = 100;
/** How long the healthy backend holds a poll while nothing happens (a long-polling server). */
export const HEALTHY_POLL_MS = 15_000;
/** How a call fails on the wire: no HTTP answer, code ≠ 200, or an answer that is no envelope. */
export type Failure = 'network' | 'api' | 'malformed';

/**
 * One answer of a call: data after a delay, a failure after a delay, or no answer at all — which
 * the transport turns into a TimeoutError at its time-out (SPEC §7: 20 s, uploads 60 s), as the
 * VisitorApi contract says (each call emits once and completes, or errors).
 */
export type Answer<T> = { ok: T; after: number } | { fail: Failure; after: number } | { hang: true };

/**
 * A page: its items, and whether older pages follow — then the page is filled up to SPEC §9's page
 * size 20 with plain robot messages without ids (so that a counterexample shows only the items).
 */
export interface HistoryPage {
  items: unknown[];
  olderFollow: boolean;
}

/**
 * A poll answer: a batch; the previous batch again (delivered at least once); every event the
 * backend ever logged again, acknowledged or not (a backend that lost its cursors; without eventIds,
 * the previous batch again); a batch whose answer is lost on the way after the backend handed its
 * events out (with eventIds they are handed out again, since no poll acknowledged them); a failure;
 * a time-out.
 */
export type PollAnswer = Answer<EventBatch> | { again: true; after: number } | { replay: true; after: number } | { lostBatch: EventBatch; after: number };

/**
 * A sendMsg answer (docs/protocol.md "Extensions" clientMsgId): the backend's verdict after a delay
 * (status 1 stores the message; a repeat of a stored one gets the first answer whatever the
 * script), a slow confirmation (the widget's attempts overlap it), a failure or no answer before the
 * message reached the backend, or an answer lost (a network failure, or none until the time-out)
 * after the backend stored the message.
 */
export type SendAnswer = Answer<SendMsgData> | { lost: 'network' | 'timeout'; after: number };

/** The channel's configuration (SPEC §3), as choices; `channelWire` spells it on the wire. */
export interface ChannelChoice {
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

/** What the visitor does (the engine's commands), and the page's visibility changes. */
export type Action =
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
