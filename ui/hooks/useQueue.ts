import { isQueued, queuePosition } from '@visitor-chat/chat-engine';
import { useChatSelector } from './useChatSelector';

/** The queue (SPEC §4 status 3): whether the visitor waits, and the position (null when unknown or not queued). */
export function useQueue(): { queued: boolean; position: number | null } {
  return { queued: useChatSelector(isQueued), position: useChatSelector(queuePosition) };
}
