import { ChatStatus, type ChatState } from '../../engine';
import { useChatSelector } from './useChatSelector';

const position = (s: ChatState) => (s.status === ChatStatus.Queued ? (s.queue?.position ?? null) : null);
const queued = (s: ChatState) => s.status === ChatStatus.Queued;

/** The queue (SPEC §4 status 3): whether the visitor waits, and the position (null when unknown or not queued). */
export function useQueue(): { queued: boolean; position: number | null } {
  return { queued: useChatSelector(queued), position: useChatSelector(position) };
}
