import type { ChatMessage } from '../model/message';
import type { ChatQuery } from '../model/query';
import type { SliceStates } from './registry';
import { SLICES } from './slices';

/**
 * One immutable snapshot of everything the UI shows: the conversation's messages, which many
 * features write, and one slice per feature (core/registry.ts), which only that feature's reducer
 * cases write.
 */
export interface ChatState extends SliceStates {
  /** The conversation shown, oldest first (history, visitor, agent, robot and system messages). */
  messages: readonly ChatMessage[];
}

/** The state before start(): every slice's initial state, and no message. */
export function initialState(query: ChatQuery): ChatState {
  const parts = Object.values(SLICES).map((slice) => {
    const initial: unknown = 'initial' in slice ? slice.initial : undefined;
    return typeof initial === 'function' ? (initial as (q: ChatQuery) => object)(query) : (initial as object | undefined);
  });
  return Object.assign({}, ...parts, { messages: [] }) as ChatState;
}
