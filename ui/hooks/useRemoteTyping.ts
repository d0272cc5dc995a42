import type { ChatState } from '@visitor-chat/chat-engine';
import { useChatSelector } from './useChatSelector';

const typing = (s: ChatState) => s.agentTyping;
const nick = (s: ChatState) => s.agentNick;

/** Whether the agent is typing (SPEC §4 event 1204; it clears after a pause or their message), and who. */
export function useRemoteTyping(): { typing: boolean; name: string | null } {
  return { typing: useChatSelector(typing), name: useChatSelector(nick) };
}
