import type { AgentGroup, ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => s.groupChoice;

/** What useGroupChoice returns: the agent groups offered, and choosing one. */
export interface UseGroupChoiceResult {
  /** The groups to pick from; null when there is no choice to make. */
  groups: readonly AgentGroup[] | null;
  /** Picks a group; null when there is no choice. */
  choose: ((groupId: string) => void) | null;
}

/** The agent-group selection form (SPEC §4 groups): the groups to pick from, and `choose` (null when there is no choice). */
export function useGroupChoice(): UseGroupChoiceResult {
  const engine = useChatEngine();
  const groups = useChatSelector(pick);
  return { groups, choose: groups ? engine.chooseGroup : null };
}
