import type { Handles } from '../../core/cases';
import type { ChatMessage } from '../../model/message';
import { insertByTime, prepend } from '../../model/timeline';
import { canLoadOlder } from './predicates';

/** The conversation's history (SPEC §7 getHistoryMsg): a page loading, or none left. */
export interface HistoryState {
  /** `newest`: the newest page came in (a new session after a loss asks for it again until it does). */
  history: { loading: boolean; exhausted: boolean; newest: boolean };
}

/** Loads the next older page of history. */
export type HistoryCommand = { type: 'historyRequested' };

export type HistoryResult =
  | { type: 'historyLoaded'; messages: readonly ChatMessage[]; exhausted: boolean }
  | { type: 'historyFailed' }
  /**
   * Messages beyond the history, merged by time (insertByTime), once each: SPEC §7 getSessionMsg (the
   * running session the visitor came back into) and getOfflineMsg (the agents' replies to left messages).
   */
  | { type: 'messagesMerged'; messages: readonly ChatMessage[] };

export const initialHistory: HistoryState = { history: { loading: false, exhausted: false, newest: false } };

export const historyCases: Handles<'sessionStarted' | 'sessionResumed' | 'historyRequested' | 'historyLoaded' | 'historyFailed' | 'messagesMerged'> = {
  // The newest page loads as soon as the session starts.
  sessionStarted: (state) => ({ ...state, history: { loading: true, exhausted: false, newest: false } }),
  // The newest page failed (the session was forgotten before it came): the new session asks again.
  sessionResumed: (state) => (state.history.newest || state.history.loading ? state : { ...state, history: { ...state.history, loading: true } }),
  historyRequested: (state) => (canLoadOlder(state) ? { ...state, history: { ...state.history, loading: true } } : state),
  historyLoaded: (state, { messages, exhausted }) => ({
    ...state,
    messages: prepend(state.messages, messages),
    history: { loading: false, exhausted, newest: true },
  }),
  historyFailed: (state) => ({ ...state, history: { ...state.history, loading: false } }),
  messagesMerged: (state, { messages }) => {
    const merged = insertByTime(state.messages, messages);
    return merged === state.messages ? state : { ...state, messages: merged };
  },
};
