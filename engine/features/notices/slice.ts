import type { Handles } from '../../core/cases';
import type { Intent } from '../../core/intents';
import type { ChatMessage } from '../../model/message';
import { append, insertBefore } from '../../model/timeline';
import { isEmptySystemMessage } from './predicates';

/** Messages the engine posts itself: system lines now, and the SPEC §7 system-message queue. */
export interface NoticesState {
  /** SPEC §7 sysMsg queue: messages waiting to be posted and shown, oldest first. */
  sysQueue: readonly ChatMessage[];
}

export type NoticesResult =
  /** A message the engine writes (a system line, the robot's welcome) is shown now: last, or right above message `before`. */
  | { type: 'messageAdded'; message: ChatMessage; before?: string }
  /** A message waits in the system-message queue (SPEC §7). */
  | { type: 'systemMessageQueued'; message: ChatMessage }
  /** The queue's head is shown (and posted with sysMsg). */
  | { type: 'systemMessageDequeued'; id: string };

/** The intent that shows a message the engine wrote: last, or right above message `before`. */
export const added = (message: ChatMessage, before?: string): Intent => ({ type: 'messageAdded', message, ...(before !== undefined && { before }) });

export const initialNotices: NoticesState = { sysQueue: [] };

export const noticesCases: Handles<'messageAdded' | 'systemMessageQueued' | 'systemMessageDequeued'> = {
  messageAdded: (state, { message, before }) =>
    isEmptySystemMessage(message)
      ? state
      : { ...state, messages: before === undefined ? append(state.messages, message) : insertBefore(state.messages, before, message) },
  systemMessageQueued: (state, { message }) => (isEmptySystemMessage(message) ? state : { ...state, sysQueue: [...state.sysQueue, message] }),
  systemMessageDequeued: (state, { id }) => {
    const message = state.sysQueue.find((m) => m.id === id);
    if (!message) return state;
    return { ...state, sysQueue: state.sysQueue.filter((m) => m !== message), messages: append(state.messages, message) };
  },
};
