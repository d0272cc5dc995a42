import { isQueued, queuePosition } from '@visitor-chat/chat-engine';
import { useChatSelector } from './useChatSelector';

/** What useQueue returns: whether the visitor waits in the queue, and where. */
export interface UseQueueResult {
  queued: boolean;
  /** The position in the queue; null when unknown or not queued. */
  position: number | null;
}

/** The queue (SPEC §4 status 3): whether the visitor waits, and the position (null when unknown or not queued). */
export function useQueue(): UseQueueResult {
  return { queued: useChatSelector(isQueued), position: useChatSelector(queuePosition) };
}
