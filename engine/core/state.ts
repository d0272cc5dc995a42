import type { ChatMessage } from '../model/message';
import type { ChatQuery } from '../model/query';
import { initialBootstrap, type BootstrapState } from '../features/bootstrap/slice';
import { initialConversation, type ConversationState } from '../features/conversation/slice';
import { initialCountdowns, type CountdownsState } from '../features/countdowns/slice';
import { initialEvaluation, type EvaluationState } from '../features/evaluation/slice';
import { initialForms, type FormsState } from '../features/forms/slice';
import { initialHistory, type HistoryState } from '../features/history/slice';
import { initialNotices, type NoticesState } from '../features/notices/slice';
import { initialSignals, type SignalsState } from '../features/signals/slice';

/**
 * One immutable snapshot of everything the UI shows: the conversation's messages, which many
 * features write, and one slice per feature, which only that feature's reducer cases write.
 */
export interface ChatState
  extends BootstrapState, ConversationState, HistoryState, SignalsState, CountdownsState, NoticesState, EvaluationState, FormsState {
  /** The conversation shown, oldest first (history, visitor, agent, robot and system messages). */
  messages: readonly ChatMessage[];
}

/** The state before start(). */
export function initialState(query: ChatQuery): ChatState {
  return {
    ...initialBootstrap(query),
    ...initialConversation,
    messages: [],
    ...initialHistory,
    ...initialForms,
    ...initialSignals,
    ...initialCountdowns,
    ...initialNotices,
    ...initialEvaluation,
  };
}
