import type { Handles } from '../../core/cases';

/** Signals around the messages: typing both ways, read receipts, and the page's visibility. */
export interface SignalsState {
  /** SPEC §4 event 1204: the agent is typing. */
  agentTyping: boolean;
  /** SPEC §4 event 1201: an agent message is not yet marked read. */
  unread: boolean;
  /** Whether the page is visible (the visibility port). */
  pageVisible: boolean;
  /** SPEC §9 title-typing simulation: the nav bar's title shows typing now (an "on" phase). */
  titleTyping: boolean;
}

/** The visitor is typing `text` (SPEC §7 typing). */
export type SignalsCommand = { type: 'visitorTyping'; text: string };

export type SignalsResult =
  | { type: 'agentTyping' }
  | { type: 'agentTypingStopped' }
  | { type: 'readMarked' }
  | { type: 'visibilityChanged'; visible: boolean }
  | { type: 'titleTypingChanged'; on: boolean };

export const initialSignals: SignalsState = { agentTyping: false, unread: false, pageVisible: true, titleTyping: false };

export const signalsCases: Handles<
  'agentTyping' | 'agentTypingStopped' | 'agentMessages' | 'readMarked' | 'visibilityChanged' | 'titleTypingChanged' | 'chatClosed' | 'agentRefused'
> = {
  agentTyping: (state) => ({ ...state, agentTyping: true }),
  agentTypingStopped: (state) => ({ ...state, agentTyping: false }),
  // The agent's message ends their typing, and waits to be marked read.
  agentMessages: (state) => (state.unread && !state.agentTyping ? state : { ...state, unread: true, agentTyping: false }),
  readMarked: (state) => ({ ...state, unread: false }),
  visibilityChanged: (state, { visible }) => (state.pageVisible === visible ? state : { ...state, pageVisible: visible }),
  titleTypingChanged: (state, { on }) => (state.titleTyping === on ? state : { ...state, titleTyping: on }),
  chatClosed: (state) => ({ ...state, agentTyping: false }),
  agentRefused: (state) => ({ ...state, agentTyping: false }),
};
