import type { Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import type { AgentGroup } from '../../model/channel';
import { ChatStatus } from '../../model/codes';
import type { ChatMessage } from '../../model/message';
import { queueText } from '../../model/notice';
import { append, update } from '../../model/timeline';
import { isEmptySystemMessage } from '../notices/predicates';
import { isQueued } from './predicates';

/** The conversation with a human: status, the transfer to an agent, the queue, the end (SPEC §4). */
export interface ConversationState {
  status: ChatStatus;
  /** The visitor or the agent ended the chat (SPEC §4 1202, §7 chatClose). */
  chatClosed: boolean;
  /** SPEC §4 groups: several groups to pick from (the group-selection form); the transfer waits. */
  groupChoice: readonly AgentGroup[] | null;
  /** A transferAgent call is in flight. */
  transferring: boolean;
  /** The connected agent's nickname (SPEC §3 Transfer result adminNick). */
  agentNick: string | null;
  /** An agent conversation took place (status 2 was reached): there is something to rate. */
  metAgent: boolean;
  /** While queued (status 3): the position, and the id of the queue message that shows it. */
  queue: { position: number; messageId: string | null } | null;
  /**
   * The asks for an agent that ended without one (the transfer gave up, the agent refused, the chat
   * closed), counted, and whether the latest ask ended so (`over`; a new transfer or group form
   * clears it). A message waiting for an agent keeps the count it saw (agentWaitEndedSince).
   */
  agentWait: { ended: number; over: boolean };
  /**
   * Conversations with an agent started (an agent connected, not already talking) or ended (the
   * chat closed), counted: a change means the visitor is in another conversation, and what belonged
   * to the one before — a refused file's notice (useSendFile) — goes with it (issue 28).
   */
  conversationChanges: number;
}

export type ConversationCommand =
  /** Asks for a human agent (SPEC §4 transfer). */
  | { type: 'humanRequested' }
  | { type: 'groupChosen'; groupId: string }
  /** The visitor ends the chat (SPEC §7 chatClose). */
  | { type: 'closeRequested' };

export type ConversationResult =
  | { type: 'groupChoiceRequired'; groups: readonly AgentGroup[] }
  | { type: 'transferStarted' }
  /** A transfer attempt ended; `waiting` when it connected or queued (the visitor waits for an agent). */
  | { type: 'transferEnded'; waiting: boolean }
  | { type: 'agentConnected'; adminNick?: string }
  | { type: 'queued'; position: number; message: ChatMessage | null }
  | { type: 'queueMoved'; position: number }
  | { type: 'chatClosed' }
  | { type: 'agentRefused' };

export const initialConversation: ConversationState = {
  status: ChatStatus.NotStarted,
  chatClosed: false,
  groupChoice: null,
  transferring: false,
  agentNick: null,
  metAgent: false,
  queue: null,
  agentWait: { ended: 0, over: false },
  conversationChanges: 0,
};

/** The agent side is over (SPEC §4 1202 close, 1208 refusal): no session with an agent, no queue. */
function leaveAgent(state: ChatState, closed: boolean): ChatState {
  return { ...waitEnded(state), status: ChatStatus.NotStarted, chatClosed: closed || state.chatClosed, queue: null, groupChoice: null };
}

/** An ask for an agent ended without one (agentWaitEndedSince). */
function waitEnded(state: ChatState): ChatState {
  return { ...state, agentWait: { ended: state.agentWait.ended + 1, over: true } };
}

/** A new ask for an agent: a transfer, or the group form that comes before it (SPEC §4 groups). */
function waitAsked(state: ChatState): ChatState {
  return state.agentWait.over ? { ...state, agentWait: { ...state.agentWait, over: false } } : state;
}

export const conversationCases: Handles<
  | 'sessionStarted'
  | 'sessionResumed'
  | 'groupChoiceRequired'
  | 'transferStarted'
  | 'transferEnded'
  | 'agentConnected'
  | 'queued'
  | 'queueMoved'
  | 'chatClosed'
  | 'agentRefused'
> = {
  sessionStarted: (state, { status }) => ({ ...state, status, metAgent: state.metAgent || status === ChatStatus.InConversation }),
  // A backend that forgot the visitor may say the conversation with the agent is over; a group
  // choice still asked for stays (the transfer waiting for it goes on).
  sessionResumed: (state, { status }) => ({
    ...state,
    status,
    metAgent: state.metAgent || status === ChatStatus.InConversation,
    queue: isQueued({ ...state, status }) ? state.queue : null,
  }),
  groupChoiceRequired: (state, { groups }) => ({ ...waitAsked(state), groupChoice: groups }),
  transferStarted: (state) => ({ ...waitAsked(state), transferring: true, groupChoice: null }),
  transferEnded: (state, { waiting }) => ({ ...(waiting ? state : waitEnded(state)), transferring: false }),
  agentConnected: (state, { adminNick }) => {
    // The queue line (SPEC §4 transfer 3) is over once an agent is here: it goes, leaving 'now chatting with …'.
    const queueLine = state.queue?.messageId;
    return {
      ...state,
      status: ChatStatus.InConversation,
      chatClosed: false,
      metAgent: true,
      conversationChanges: state.conversationChanges + (state.status === ChatStatus.InConversation ? 0 : 1),
      agentNick: adminNick ?? state.agentNick,
      queue: null,
      messages: queueLine ? update(state.messages, queueLine, () => null) : state.messages,
    };
  },
  queued: (state, { position, message }) => {
    // The queue line follows the position (queueMoved); an empty one is not shown (SPEC §5).
    const shown = message && !isEmptySystemMessage(message) ? message : null;
    return {
      ...state,
      status: ChatStatus.Queued,
      queue: { position, messageId: shown?.id ?? null },
      messages: shown ? append(state.messages, shown) : state.messages,
    };
  },
  queueMoved: (state, { position }) => {
    // SPEC §4 transfer 3: the queue message follows the position of later polls.
    const messageId = state.queue?.messageId ?? null;
    const template = state.channel?.userQueueMsg;
    return {
      ...state,
      queue: { position, messageId },
      messages: messageId && template ? update(state.messages, messageId, (m) => ({ ...m, msgContent: queueText(template, position) })) : state.messages,
    };
  },
  chatClosed: (state) => ({ ...leaveAgent(state, true), conversationChanges: state.conversationChanges + 1 }),
  agentRefused: (state) => leaveAgent(state, false),
};
