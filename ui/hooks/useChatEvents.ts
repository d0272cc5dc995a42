import { useSubscription } from 'observable-hooks';
import type { EngineEvent } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';

/** Calls `handler` with each side effect the engine asks of the page (title notice, parent notice, submissions). */
export function useChatEvents(handler: (event: EngineEvent) => void): void {
  // useSubscription calls the latest handler without resubscribing on every render.
  useSubscription(useChatEngine().events$, handler);
}
