import { canEnd, canRequestHuman, currentAgent, type ChatState, type CurrentAgent } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => {
  const agent = currentAgent(s);
  return {
    canRequest: canRequestHuman(s),
    canEnd: canEnd(s),
    transferring: s.transferring,
    agentName: agent?.name,
    agentAvatar: agent?.avatar,
  };
};

/** What useHandoff returns: asking for an agent, ending the chat, and who the visitor talks with. */
export interface UseHandoffResult {
  /** A transfer to an agent is under way. */
  transferring: boolean;
  /** Asks for a human agent; null while not allowed. */
  requestHuman: (() => void) | null;
  /** Ends the agent conversation; null while not allowed. */
  endChat: (() => void) | null;
  /** Who the visitor talks with; null outside a conversation with an agent. */
  agent: CurrentAgent | null;
}

/**
 * Moving between robot, agent and the end of the chat (SPEC §4): `requestHuman` asks for an agent
 * and `endChat` ends the agent conversation; each is null while not allowed. `agent` is who the
 * visitor talks with (the engine's currentAgent): null outside a conversation with an agent.
 */
export function useHandoff(): UseHandoffResult {
  const engine = useChatEngine();
  const { canRequest, canEnd: endable, transferring, agentName, agentAvatar } = useChatSelector(pick, shallowEqual);
  return {
    transferring,
    requestHuman: canRequest ? engine.requestHuman : null,
    endChat: endable ? engine.closeChat : null,
    agent: agentName ? { name: agentName, avatar: agentAvatar } : null,
  };
}
