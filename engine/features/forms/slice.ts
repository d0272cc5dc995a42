import type { Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import { ChatStatus } from '../../model/codes';
import type { ChatMessage } from '../../model/message';
import { append } from '../../model/timeline';
import { canOpenLeaveMessage, leaveMessageEditable } from './predicates';

/**
 * Why the leave-message form is offered: agents offline (SPEC §4 transfer 1), outside working hours
 * (transfer 5), or no agent group online (SPEC §4 groups: none configured).
 */
export type LeaveMessageReason = 'offline' | 'outsideHours' | 'noAgentOnline';

/** The user form (SPEC §4 status 1) and the leave-message form (SPEC §2, §4 transfer 1 and 5). */
export interface FormsState {
  /** SPEC §4 chat status 1: the user form must be submitted before the transfer; 'done' once it was. */
  userForm: 'required' | 'done' | null;
  /**
   * The leave-message form: why it is offered, whether it is open, a leaveMsg in flight, and the
   * text the visitor typed in the composer that opened it (null when opened otherwise).
   */
  leaveMessage: { offered: LeaveMessageReason | null; open: boolean; sending: boolean; draft: string | null };
}

export type FormsCommand =
  | { type: 'userFormSubmitted'; values: Readonly<Record<string, string>> }
  | { type: 'leaveMessageOpened'; draft?: string }
  | { type: 'leaveMessageClosed' }
  | { type: 'leaveMessageSubmitted'; values: Readonly<Record<string, string>> };

export type FormsResult =
  | { type: 'userFormDone' }
  | { type: 'leaveMessageOffered'; reason: LeaveMessageReason }
  | { type: 'leaveMessageSent'; message: ChatMessage }
  | { type: 'leaveMessageFailed' };

export const initialForms: FormsState = { userForm: null, leaveMessage: { offered: null, open: false, sending: false, draft: null } };

const leave = (state: ChatState, change: Partial<FormsState['leaveMessage']>): ChatState => ({
  ...state,
  leaveMessage: { ...state.leaveMessage, ...change },
});

/** SPEC §4 chat status 1: the user form check comes first when the channel has a form. */
const userFormFor = (state: ChatState, status: ChatStatus): ChatState => ({
  ...state,
  userForm: status === ChatStatus.FormCheck && state.channel?.userForm ? 'required' : null,
});

export const formsCases: Handles<
  | 'sessionStarted'
  | 'sessionResumed'
  | 'userFormDone'
  | 'leaveMessageOffered'
  | 'agentConnected'
  | 'leaveMessageOpened'
  | 'leaveMessageClosed'
  | 'leaveMessageSubmitted'
  | 'leaveMessageSent'
  | 'leaveMessageFailed'
> = {
  sessionStarted: (state, { status }) => userFormFor(state, status),
  sessionResumed: (state, { status }) => userFormFor(state, status),
  userFormDone: (state) => ({ ...state, userForm: 'done' }),
  leaveMessageOffered: (state, { reason }) => leave(state, { offered: reason }),
  // An agent is here after all: leaving a message is no longer the way to reach one.
  agentConnected: (state) => (state.leaveMessage.offered ? leave(state, { offered: null, open: false }) : state),
  leaveMessageOpened: (state, { draft }) => (canOpenLeaveMessage(state) ? leave(state, { open: true, draft: draft ?? null }) : state),
  // A message in flight keeps the form: its outcome decides (the values stay on failure).
  leaveMessageClosed: (state) => (leaveMessageEditable(state) ? leave(state, { open: false }) : state),
  leaveMessageSubmitted: (state) => (leaveMessageEditable(state) ? leave(state, { sending: true }) : state),
  leaveMessageSent: (state, { message }) => ({ ...leave(state, { open: false, sending: false }), messages: append(state.messages, message) }),
  leaveMessageFailed: (state) => leave(state, { sending: false }),
};
