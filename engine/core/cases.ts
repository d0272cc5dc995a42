import type { ChatMessage } from '../model/message';
import { update } from '../model/timeline';
import type { Intent } from './intents';
import type { ChatState } from './state';

/** The reducer case of one intent type: a pure transition. */
export type Case<T extends Intent['type']> = (state: ChatState, intent: Extract<Intent, { type: T }>) => ChatState;

/** A feature's reducer cases, by intent type: only the intents that change its slice. */
export type Cases = { readonly [T in Intent['type']]?: Case<T> };

/**
 * A feature's reducer cases, the intent types it handles named: `Handles<'a' | 'b'>` is a case for
 * each (a case missing or one more does not compile). Written out, so that the package's
 * declarations need no inference (isolated declarations), and so that core/reduce.ts knows which
 * intent types some slice reduces.
 */
export type Handles<T extends Intent['type']> = { readonly [K in T]: Case<K> };

/** The state with message `id` changed by `change` (null removes it); the state itself when nothing changed. */
export function updateMessage(state: ChatState, id: string, change: (m: ChatMessage) => ChatMessage | null): ChatState {
  const messages = update(state.messages, id, change);
  return messages === state.messages ? state : { ...state, messages };
}
