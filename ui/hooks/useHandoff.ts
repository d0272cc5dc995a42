import { canEnd, canRequestHuman, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => ({
  canRequest: canRequestHuman(s),
  canEnd: canEnd(s),
  transferring: s.transferring,
});

/**
 * Moving between robot, agent and the end of the chat (SPEC §4): `requestHuman` asks for an agent
 * and `endChat` ends the agent conversation; each is null while not allowed.
 */
export function useHandoff() {
  const engine = useChatEngine();
  const { canRequest, canEnd: endable, transferring } = useChatSelector(pick, shallowEqual);
  return {
    transferring,
    requestHuman: canRequest ? engine.requestHuman : null,
    endChat: endable ? engine.closeChat : null,
  };
}
