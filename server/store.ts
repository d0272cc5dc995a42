import type { SendMsgData, WireEvent, WireMessage } from '../engine/protocol.ts';

/** A fresh unique id (visitors, sessions, messages, files). */
export function newId(): string {
  return crypto.randomUUID();
}

/** Work due at a moment of the injected clock; runs lazily when the visitor is next touched. */
interface Timer {
  dueAt: number;
  run: (at: number) => void;
}

/** Where the visitor stands with the human agents. */
type Conversation = 'none' | 'queued' | 'agent';

/** A stored message and the session it was written in. */
interface StoredMessage {
  sessionId: string;
  message: WireMessage;
}

/** Everything the server knows about one visitor. */
export interface Visitor {
  readonly userId: string;
  channelId: string;
  sessionId: string;
  /** The poll id of the current session; undefined once the visitor closed the chat. */
  pollId?: string;
  conversation: Conversation;
  waitIndex: number;
  formSubmitted: boolean;
  messages: StoredMessage[];
  /** Events waiting for the next poll. */
  events: WireEvent[];
  timers: Timer[];
  /** The answer to the first sendMsg of each clientMsgId that stored a message (docs/protocol.md "Extensions"). */
  sent: Map<string, SendMsgData>;
}

/** An uploaded file, served back by id. */
export interface StoredFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The in-memory state of the reference server, driven by an injected clock. */
export class Store {
  private readonly visitors = new Map<string, Visitor>();
  private readonly files = new Map<string, StoredFile>();

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
      timers: [],
      sent: new Map(),
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
  }

  /** Leaves any agent conversation or queue and cancels the agent's pending work. */
  endConversation(visitor: Visitor): void {
    visitor.conversation = 'none';
    visitor.waitIndex = 0;
    visitor.timers = [];
  }

  /** Keeps an uploaded file under an id. */
  saveFile(id: string, file: StoredFile): void {
    this.files.set(id, file);
  }

  /** An uploaded file by id. */
  file(id: string): StoredFile | undefined {
    return this.files.get(id);
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
