import { Observable, Subscription, defer, map, mergeMap, startWith, throwError, timer } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { HISTORY_PAGE_SIZE, HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '#engine/constants';
import { decodeChannelInfo } from '#engine/model/channel';
import { SEND_OK, SenderType } from '#engine/model/codes';
import type { CallName, SendMsgData, SendMsgRequest, WireChannelInfo, WireEvent } from '#engine/protocol';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '#engine/transport/errors';
import type { EventBatch, PushFrame, UploadFrame, VisitorApi } from '#engine/transport/visitorApi';
import {
  HEALTHY_AT_MS,
  HEALTHY_DELAY_MS,
  HEALTHY_POLL_MS,
  type Answer,
  type ChannelChoice,
  type Failure,
  type Faults,
  type HistoryPage,
  type Scenario,
  type SendAnswer,
} from './scenario';
import { b64 } from './scenarioGenerators';
import { asAnswerFrames } from './fixtures';

/**
 * The fake backend of a scenario (scenario.ts), shared by its page loads: it answers every SPEC §7
 * call from the scenario's script in virtual time, and keeps what a backend of docs/protocol.md
 * "Extensions" keeps, for the scenario's faults to play against: visitor messages stored once per
 * clientMsgId (a repeat gets the first answer; an answer may be lost after the message was stored),
 * in the history with their clientMsgId and echoed to the polls; events with eventIds, kept until a
 * poll acknowledges them (lastEventId) and handed out again, or repeated; the visitor forgotten at
 * the scenario's times (every call within a session answers 404 until a chatStart, which may fail a
 * few times first).
 */

/** The tenant of the scenario's channel and the visitor id the backend gives a new visitor. */
const VISITOR_ID = 'u-1';

// The scenario's channel (ChannelChoice) as channelInfo spells it on the wire.
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

// A history page's items, filled up to the page size when older pages follow (HistoryPage).
const FILLER = { senderType: SenderType.Robot, msgContent: 'older', msgTime: 1_600_000_000_000 };
const pageItems = ({ items, olderFollow }: HistoryPage): unknown[] =>
  olderFollow ? [...items, ...Array.from({ length: Math.max(0, HISTORY_PAGE_SIZE - items.length) }, () => ({ ...FILLER }))] : items;

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
export class CallTracker {
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
export class Backend {
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
      robotAsk: () => within('robotAsk', s.robotAsk, { msgContent: 'ok' }).pipe(asAnswerFrames()),
      // Suggestions while the visitor types in robot mode (SPEC §7 robotTips), faulted as the side calls are.
      robotTips: () => within('robotTips', s.sideCalls, true).pipe(map(() => ({ tips: ['How do I return an item?'] }))),
      upload: () =>
        within('upload', s.upload, { url: 'https://files.example/u1.png', name: 'u1', suffix: 'png' }, UPLOAD_TIMEOUT_MS).pipe(
          map((data): UploadFrame => ({ kind: 'done', data })),
          startWith<UploadFrame>({ kind: 'progress', fraction: 0.5 }),
        ),
      // A running session's messages (issue 27): what the visitor stored, faulted as the side calls
      // are — the same messages the history holds, which the engine must show once.
      getSessionMsg: () => within('getSessionMsg', s.sideCalls, true).pipe(map(() => this.storedBefore(undefined))),
      // The agents' replies to left messages (issue 27): this backend has none; faulted as the side calls are.
      getOfflineMsg: () => within('getOfflineMsg', s.sideCalls, true).pipe(map(() => [])),
      // A handoff's robot conversation (issue 27), faulted as the side calls are.
      addSessionMsg: () => side('addSessionMsg'),
      // Calls the engine does not make (SPEC §7 lists them; nothing in the engine needs them).
      uploadBase64: never('uploadBase64'),
    };
  }
}
