import type { ChatState } from '@visitor-chat/chat-engine';
import { useChatSelector } from './useChatSelector';

const titleTyping = (s: ChatState) => s.titleTyping;

/**
 * Whether the title shows typing now (SPEC §9 title-typing simulation, "3-6 s on, 1-2 s off"): in the
 * "on" phases while the robot prepares an answer or the agent types. The engine runs the phases on its
 * scheduler with lengths from its random source (ChatEngineOptions.random).
 */
export function useTitleTyping(): boolean {
  return useChatSelector(titleTyping);
}
