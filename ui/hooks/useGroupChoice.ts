import type { ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => s.groupChoice;

/** The agent-group selection form (SPEC §4 groups): the groups to pick from, and `choose` (null when there is no choice). */
export function useGroupChoice() {
  const engine = useChatEngine();
  const groups = useChatSelector(pick);
  return { groups, choose: groups ? engine.chooseGroup : null };
}
