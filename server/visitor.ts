import type { SendMsgData, WireEvent, WireMessage } from '../engine/protocol.ts';

/** Work due at a moment of the injected clock; runs lazily when the visitor is next touched. */
interface Timer {
  dueAt: number;
  run: (at: number) => void;
}

/** Where the visitor stands with the human agents. */
type Conversation = 'none' | 'queued' | 'agent';

/** One reader of a visitor's events (a tab's pollId, from chatStart) and how far it acknowledged them. */
export interface Poll {
  /** The seq of the last event this poll acknowledged (docs/protocol.md "Event acknowledgement"). */
  acked: number;
  /** When it last polled. */
  seenAt: number;
}

/** An event in the visitor's log, with its place in it. */
interface LoggedEvent {
  seq: number;
  event: WireEvent;
  /** The poll that must not get it: the tab that caused it (its chatClose) knows already. */
  except?: string;
}

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
  conversation: Conversation;
  waitIndex: number;
  formSubmitted: boolean;
  messages: StoredMessage[];
  /** Events not yet acknowledged by every poll, oldest first; `lastSeq` is the newest one's. */
  events: LoggedEvent[];
  lastSeq: number;
  /** Every tab's poll: each reads the events at its own pace, so no tab takes another's. */
  polls: Map<string, Poll>;
  timers: Timer[];
  /** The answer to the first sendMsg of each clientMsgId that stored a message (docs/protocol.md "Extensions"). */
  sent: Map<string, SendMsgData>;
  /**
   * Visitor messages that came while no agent was there to answer them (server/agent.ts
   * waitsForAgent), oldest first: the agent answers them when it joins.
   */
  unanswered: WireMessage[];
  /**
   * The agent's replies to the visitor's left messages, written while the visitor was away and not
   * yet handed over (SPEC §7 getOfflineMsg); they join the history once handed over.
   */
  offlineReplies: WireMessage[];
}

/** An uploaded file, served back by id. */
export interface StoredFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}
