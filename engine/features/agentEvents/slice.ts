import { updateMessage, type Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import type { ChatMessage } from '../../model/message';
import { appendAll } from '../../model/timeline';

export type AgentEventsResult =
  /** SPEC §4 event 1201: one or more agent messages of a poll, in order. */
  | { type: 'agentMessages'; messages: readonly ChatMessage[] }
  /** The visitor's own messages, sent from another tab (docs/protocol.md "Several tabs"), in order. */
  | { type: 'sentElsewhere'; messages: readonly ChatMessage[] }
  /** SPEC §4 event 1205: a message was recalled. */
  | { type: 'messageDeleted'; id: string };

/** Messages of a poll, shown in order after the others. */
const shown = (state: ChatState, { messages }: Extract<AgentEventsResult, { type: 'agentMessages' | 'sentElsewhere' }>): ChatState => ({
  ...state,
  messages: appendAll(state.messages, messages),
});

export const agentEventsCases: Handles<'agentMessages' | 'sentElsewhere' | 'messageDeleted'> = {
  agentMessages: shown,
  sentElsewhere: shown,
  messageDeleted: (state, { id }) => updateMessage(state, id, () => null),
};
