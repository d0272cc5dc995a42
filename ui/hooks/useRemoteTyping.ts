import type { ChatState } from '@visitor-chat/chat-engine';
import { useChatSelector } from './useChatSelector';

const typing = (s: ChatState) => s.agentTyping;
const nick = (s: ChatState) => s.agentNick;

/** What useRemoteTyping returns: whether the agent is typing, and who. */
export interface UseRemoteTypingResult {
  typing: boolean;
  /** Who is typing, when known. */
  name: string | null;
}

/** Whether the agent is typing (SPEC §4 event 1204; it clears after a pause or their message), and who. */
export function useRemoteTyping(): UseRemoteTypingResult {
  return { typing: useChatSelector(typing), name: useChatSelector(nick) };
}
