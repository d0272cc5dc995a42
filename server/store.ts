import type { WireEvent, WireMessage } from '../engine/protocol.ts';
import type { Poll, StoredFile, Visitor } from './visitor.ts';

/** A fresh unique id (visitors, sessions, messages, files). */
export function newId(): string {
  return crypto.randomUUID();
}

/** How long a poll (a tab) that stopped polling keeps its place in the event log. */
const POLL_IDLE_MS = 10 * 60_000;
/** Most events kept per visitor: a poll that fell further behind has lost the oldest (and reloads). */
const MAX_EVENTS = 1_000;

/** The in-memory state of the reference server, driven by an injected clock. */
export class Store {
  private readonly visitors = new Map<string, Visitor>();
  private readonly files = new Map<string, StoredFile>();
  /** Who hears of a visitor's changes (push streams): new events, new timers, a conversation's end. */
  private readonly watchers = new Map<Visitor, Set<() => void>>();

  constructor(readonly clock: () => number) {}

  /** The visitor with this id, with every timer due by now already run. */
  find(userId: string): Visitor | undefined {
    const visitor = this.visitors.get(userId);
    if (visitor) this.settle(visitor);
    return visitor;
  }

  /** Registers a new visitor of a channel. */
  create(userId: string, channelId: string): Visitor {
    const visitor: Visitor = {
      userId,
      channelId,
      sessionId: newId(),
      conversation: 'none',
      waitIndex: 0,
      formSubmitted: false,
      messages: [],
      events: [],
      lastSeq: 0,
      polls: new Map(),
      timers: [],
      sent: new Map(),
      unanswered: [],
      offlineReplies: [],
    };
    this.visitors.set(userId, visitor);
    return visitor;
  }

  /** Stores a message in the visitor's current session; it gets an id and a time (default now). */
  addMessage(visitor: Visitor, fields: Omit<WireMessage, 'id' | 'userId' | 'msgTime'>, at = this.clock()): WireMessage {
    const last = visitor.messages.at(-1)?.message.msgTime ?? Number.NEGATIVE_INFINITY;
    // Strictly increasing times, so paging by maxTime never splits or skips messages of one instant.
    const message: WireMessage = { ...fields, id: newId(), userId: visitor.userId, msgTime: Math.max(at, last + 1) };
    visitor.messages.push({ sessionId: visitor.sessionId, message });
    return message;
  }

  /**
   * Writes a message for the visitor to find on coming back (SPEC §7 getOfflineMsg): not in the
   * history until handed over by takeOfflineReplies.
   */
  addOfflineReply(visitor: Visitor, fields: Omit<WireMessage, 'id' | 'userId' | 'msgTime'>, at: number): void {
    visitor.offlineReplies.push({ ...fields, id: newId(), userId: visitor.userId, msgTime: at });
  }

  /** The offline replies not yet handed over, oldest first; from now on they are in the history, in time order. */
  takeOfflineReplies(visitor: Visitor): WireMessage[] {
    const replies = visitor.offlineReplies.splice(0);
    for (const message of replies) {
      const at = visitor.messages.findIndex((stored) => (stored.message.msgTime ?? 0) > (message.msgTime ?? 0));
      visitor.messages.splice(at < 0 ? visitor.messages.length : at, 0, { sessionId: visitor.sessionId, message });
    }
    return replies;
  }

  /**
   * A new poll of the visitor (a page's chatStart). It reads the events from now on: the page learns
   * what came before from the history and the status. Polls idle for 10 minutes are forgotten.
   */
  openPoll(visitor: Visitor): string {
    const now = this.clock();
    for (const [id, poll] of visitor.polls) if (now - poll.seenAt > POLL_IDLE_MS) visitor.polls.delete(id);
    const pollId = newId();
    visitor.polls.set(pollId, { acked: visitor.lastSeq, seenAt: now });
    return pollId;
  }

  /** Adds an event for every poll of the visitor but `except`; it gets the next eventId. */
  emit(visitor: Visitor, event: WireEvent, except?: string): void {
    visitor.lastSeq += 1;
    visitor.events.push({ seq: visitor.lastSeq, event: { ...event, eventId: String(visitor.lastSeq) }, except });
    if (visitor.events.length > MAX_EVENTS) visitor.events.splice(0, visitor.events.length - MAX_EVENTS);
    this.changed(visitor);
  }

  /**
   * The events a poll has not acknowledged, or undefined when the visitor has no such poll. With a
   * `lastEventId` (docs/protocol.md "Event acknowledgement") the events up to it are acknowledged and
   * every later one is handed out until a later poll acknowledges it, so an answer lost on the way
   * loses nothing; without one (a client of SPEC §7 alone) each event is handed out once.
   */
  poll(visitor: Visitor, pollId: string, lastEventId: string | undefined): WireEvent[] | undefined {
    const poll = this.acknowledge(visitor, pollId, lastEventId);
    if (!poll) return undefined;
    const fresh = this.after(visitor, pollId, poll.acked);
    if (lastEventId === undefined) poll.acked = visitor.lastSeq;
    this.forgetAcknowledged(visitor);
    return fresh;
  }

  /**
   * A push stream opens on a poll (docs/protocol.md "Push"): `lastEventId` acknowledges as a poll's
   * does, and the stream sends what comes after the returned place; undefined when the visitor has
   * no such poll. What a stream sends stays in the log until a later stream or poll acknowledges it.
   */
  openStream(visitor: Visitor, pollId: string, lastEventId: string): number | undefined {
    const poll = this.acknowledge(visitor, pollId, lastEventId);
    if (!poll) return undefined;
    this.forgetAcknowledged(visitor);
    return poll.acked;
  }

  /** The events of a poll after `seq` (what its stream has not sent yet); a stream that asks keeps its poll alive. */
  streamed(visitor: Visitor, pollId: string, seq: number): WireEvent[] {
    const poll = visitor.polls.get(pollId);
    if (poll) poll.seenAt = this.clock();
    return this.after(visitor, pollId, seq);
  }

  /** Calls `listener` after each change of the visitor a push stream may need to send; returns the unsubscribe. */
  watch(visitor: Visitor, listener: () => void): () => void {
    const listeners = this.watchers.get(visitor) ?? new Set();
    listeners.add(listener);
    this.watchers.set(visitor, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.watchers.delete(visitor);
    };
  }

  /** Removes a message; false when the visitor has no such message. */
  deleteMessage(visitor: Visitor, msgId: string): boolean {
    const before = visitor.messages.length;
    visitor.messages = visitor.messages.filter(({ message }) => message.id !== msgId);
    return visitor.messages.length < before;
  }

  /** The newest `pageSize` messages older than `maxTime` (all when omitted), oldest first. */
  history(visitor: Visitor, pageSize: number, maxTime = Number.POSITIVE_INFINITY): WireMessage[] {
    const older = visitor.messages.filter(({ message }) => (message.msgTime ?? 0) < maxTime);
    return older.slice(Math.max(0, older.length - pageSize)).map(({ message }) => message);
  }

  /** The messages written in one session, oldest first. */
  sessionMessages(visitor: Visitor, sessionId: string): WireMessage[] {
    return visitor.messages.filter((stored) => stored.sessionId === sessionId).map(({ message }) => message);
  }

  /** Schedules work for a moment of the clock (instead of a real timer, so tests stay deterministic). */
  schedule(visitor: Visitor, dueAt: number, run: (at: number) => void): void {
    const index = visitor.timers.findIndex((timer) => timer.dueAt > dueAt);
    visitor.timers.splice(index < 0 ? visitor.timers.length : index, 0, { dueAt, run });
    this.changed(visitor);
  }

  /** When the visitor's next timer is due (a push stream wakes the visitor then), if any. */
  nextDue(visitor: Visitor): number | undefined {
    return visitor.timers[0]?.dueAt;
  }

  /** Leaves any agent conversation or queue and cancels the agent's pending work: its answers, and the messages waiting for it. */
  endConversation(visitor: Visitor): void {
    visitor.conversation = 'none';
    visitor.waitIndex = 0;
    visitor.timers = [];
    visitor.unanswered = [];
    this.changed(visitor);
  }

  /** Keeps an uploaded file under an id. */
  saveFile(id: string, file: StoredFile): void {
    this.files.set(id, file);
  }

  /** An uploaded file by id. */
  file(id: string): StoredFile | undefined {
    return this.files.get(id);
  }

  /** Marks a poll as seen now and acknowledges the events up to `lastEventId`; the poll, or undefined when there is none. */
  private acknowledge(visitor: Visitor, pollId: string, lastEventId: string | undefined): Poll | undefined {
    const poll = visitor.polls.get(pollId);
    if (!poll) return undefined;
    poll.seenAt = this.clock();
    const acked = lastEventId === undefined || lastEventId === '' ? Number.NaN : Number(lastEventId);
    // An id this log never gave (another server's) acknowledges nothing; an older one does not move it back.
    if (Number.isInteger(acked) && acked > poll.acked && acked <= visitor.lastSeq) poll.acked = acked;
    return poll;
  }

  /** The events after `seq` for a poll, oldest first: all but those it must not get. */
  private after(visitor: Visitor, pollId: string, seq: number): WireEvent[] {
    return visitor.events.filter((logged) => logged.seq > seq && logged.except !== pollId).map(({ event }) => event);
  }

  /** Tells the visitor's watchers that something changed. */
  private changed(visitor: Visitor): void {
    for (const listener of this.watchers.get(visitor) ?? []) listener();
  }

  /** Drops the events every poll has acknowledged. */
  private forgetAcknowledged(visitor: Visitor): void {
    const oldest = Math.min(...[...visitor.polls.values()].map(({ acked }) => acked));
    const keep = visitor.events.findIndex(({ seq }) => seq > oldest);
    visitor.events.splice(0, keep < 0 ? visitor.events.length : keep);
  }

  /** Runs the timers due by now in order; a timer may schedule the next one (queue steps). */
  private settle(visitor: Visitor): void {
    const now = this.clock();
    for (let timer = visitor.timers[0]; timer !== undefined && timer.dueAt <= now; timer = visitor.timers[0]) {
      visitor.timers.shift();
      timer.run(timer.dueAt);
    }
  }
}
