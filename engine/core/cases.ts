import type { Intent } from './intents';
import type { ChatState } from './state';

/** The reducer case of one intent type: a pure transition. */
export type Case<T extends Intent['type']> = (state: ChatState, intent: Extract<Intent, { type: T }>) => ChatState;

/** A feature's reducer cases, by intent type: only the intents that change its slice. */
export type Cases = { readonly [T in Intent['type']]?: Case<T> };
