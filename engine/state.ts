import type { AgentGroup, ChannelInfo } from './model/channel';
import { COUNTDOWN_OFF, ChatStatus, EvaluationStatus, MessageStatus, MsgType, SenderType } from './model/codes';
import { NOTICE_FALLBACK, assignTimes, createMessage, queueText, type ChatMessage, type MessageRating } from './model/message';
import type { ChatQuery } from './model/query';
import type { RobotAskData } from './protocol';

/** The page error state (SPEC §8): shown by the UI, never thrown. The UI words it per code. */
export type ChatError =
  | { code: 'unknownChannelId' }
  | { code: 'unknownChannel'; detail: string }
  | { code: 'sessionFailed'; detail: string };

/** The chat session from chatStart (SPEC §3). */
export interface ChatSession {
  userId: string;
  sessionId: string;
  pollId: string;
}

/** One immutable snapshot of everything the UI shows. */
export interface ChatState {
  /** idle until start(); starting while channelInfo/chatStart run; ready; or error (see `error`). */
  phase: 'idle' | 'starting' | 'ready' | 'error';
  error: ChatError | null;
  query: ChatQuery;
  channel: ChannelInfo | null;
  session: ChatSession | null;
  status: ChatStatus;
  chatClosed: boolean;
  messages: readonly ChatMessage[];
  history: { loading: boolean; exhausted: boolean };
  /** SPEC §4 chat status 1: the user form must be submitted before the transfer; 'done' once it was. */
  userForm: 'required' | 'done' | null;
  /** SPEC §4 groups: several groups to pick from (the group-selection form); the transfer waits. */
  groupChoice: readonly AgentGroup[] | null;
  /** A transferAgent call is in flight. */
  transferring: boolean;
  /** The connected agent's nickname (SPEC §3 Transfer result adminNick). */
  agentNick: string | null;
  /** While queued (status 3): the position, and the id of the queue message that shows it. */
  queue: { position: number; messageId: string | null } | null;
  /** SPEC §4 event 1204: the agent is typing. */
  agentTyping: boolean;
  /** SPEC §4 event 1201: an agent message is not yet marked read. */
  unread: boolean;
  /** Whether the page is visible (the visibility port). */
  pageVisible: boolean;
  /** SPEC §4 Timeouts: seconds left of each countdown, COUNTDOWN_OFF (−1) when off. */
  countdown: { agent: number; visitor: number };
  /** SPEC §7 sysMsg queue: messages waiting to be posted and shown, oldest first. */
  sysQueue: readonly ChatMessage[];
  /** SPEC §4 Evaluation status, and the star labels from getEvaluateInfo once loaded. */
  evaluation: { status: EvaluationStatus; stars: readonly string[] | null };
  /** The leave-message form (SPEC §2, §4 transfer 1 and 5): why it is offered, whether it is open, a leaveMsg in flight. */
  leaveMessage: { offered: LeaveMessageReason | null; open: boolean; sending: boolean };
}

/** Why the leave-message form is offered: agents offline (SPEC §4 transfer 1) or outside working hours (transfer 5). */
export type LeaveMessageReason = 'offline' | 'outsideHours';

/** The forms whose submission the UI confirms or reports as failed (SPEC §8). */
export type SubmittedForm = 'userForm' | 'evaluation' | 'leaveMessage';

/** Side effects the engine asks the UI layer to perform (it has no DOM of its own). */
export type EngineEvent =
  /** SPEC §7: a new agent message while the page is hidden; the UI shows the title notice for 1 s. */
  | { type: 'newMessageWhileHidden' }
  /** SPEC §2: embedded (from=iframe) — post a new-message flag and the channel info to the parent. */
  | { type: 'notifyParent'; channel: ChannelInfo }
  /** SPEC §8: a form or evaluation submission failed; the UI shows the 'submission failed' toast. */
  | { type: 'submissionFailed'; form: SubmittedForm }
  /** A leave-message was delivered; the UI shows a success toast. */
  | { type: 'submissionSucceeded'; form: 'leaveMessage' };

/** Everything that changes the state: commands of the UI and results of effects. */
export type Intent =
  | { type: 'start' }
  | { type: 'channelLoaded'; channel: ChannelInfo }
  | { type: 'sessionStarted'; session: ChatSession; status: ChatStatus }
  | { type: 'failed'; error: ChatError }
  | { type: 'historyRequested' }
  | { type: 'historyLoaded'; messages: readonly ChatMessage[]; exhausted: boolean }
  | { type: 'historyFailed' }
  | { type: 'messageAdded'; message: ChatMessage }
  | { type: 'visitorSent'; message: ChatMessage }
  | { type: 'retry'; id: string }
  | { type: 'sendSlow'; id: string }
  | { type: 'sendSucceeded'; id: string }
  | { type: 'sendFailed'; id: string }
  /** SPEC §4 Sending: a file's upload moved on (progress 0..1). */
  | { type: 'uploadProgressed'; id: string; progress: number }
  /** SPEC §4 Sending: the file is uploaded; its message is sent next (delivery). */
  | { type: 'uploaded'; id: string; fileUrl: string }
  /** SPEC §4, §8: an upload failure marks the message fail (a retry uploads again). */
  | { type: 'uploadFailed'; id: string }
  | { type: 'robotPending'; id: string; createdAt: number }
  | { type: 'robotAnswered'; id: string; answer: RobotAskData; createdAt: number }
  | { type: 'robotFailed'; id: string }
  /** SPEC §4 Rating of a reply: one choice, locked once chosen. */
  | { type: 'messageRated'; id: string; rating: MessageRating }
  | { type: 'visibilityChanged'; visible: boolean }
  | { type: 'notify'; event: EngineEvent }
  | { type: 'userFormSubmitted'; values: Readonly<Record<string, string>> }
  | { type: 'userFormDone' }
  | { type: 'humanRequested' }
  | { type: 'groupChoiceRequired'; groups: readonly AgentGroup[] }
  | { type: 'groupChosen'; groupId: string }
  | { type: 'transferStarted' }
  /** A transfer attempt ended; `waiting` when it connected or queued (the visitor waits for an agent). */
  | { type: 'transferEnded'; waiting: boolean }
  | { type: 'agentConnected'; adminNick?: string }
  | { type: 'queued'; position: number; message: ChatMessage | null }
  | { type: 'queueMoved'; position: number }
  | { type: 'closeRequested' }
  | { type: 'chatClosed' }
  | { type: 'agentRefused' }
  /** SPEC §4 event 1201: one or more agent messages of a poll, in order. */
  | { type: 'agentMessages'; messages: readonly ChatMessage[] }
  | { type: 'readMarked' }
  | { type: 'agentTyping' }
  | { type: 'agentTypingStopped' }
  | { type: 'messageDeleted'; id: string }
  | { type: 'visitorTyping'; text: string }
  | { type: 'countdownSet'; agent: number; visitor: number }
  /** The seconds left of each countdown, read from the clock at a tick. */
  | { type: 'countdownTick'; agent: number; visitor: number }
  | { type: 'systemMessageQueued'; message: ChatMessage }
  | { type: 'systemMessageDequeued'; id: string }
  | { type: 'evaluationRequested' }
  | { type: 'evaluationInfoLoaded'; stars: readonly string[] }
  | { type: 'evaluationSubmitted'; star: number; comment?: string }
  | { type: 'evaluationDone' }
  | { type: 'evaluationDismissed' }
  | { type: 'leaveMessageOffered'; reason: LeaveMessageReason }
  | { type: 'leaveMessageOpened' }
  | { type: 'leaveMessageClosed' }
  | { type: 'leaveMessageSubmitted'; values: Readonly<Record<string, string>> }
  | { type: 'leaveMessageSent'; message: ChatMessage }
  | { type: 'leaveMessageFailed' };

/** The state before start(). */
export function initialState(query: ChatQuery): ChatState {
  return {
    phase: 'idle',
    error: null,
    query,
    channel: null,
    session: null,
    status: ChatStatus.NotStarted,
    chatClosed: false,
    messages: [],
    history: { loading: false, exhausted: false },
    userForm: null,
    groupChoice: null,
    transferring: false,
    agentNick: null,
    queue: null,
    agentTyping: false,
    unread: false,
    pageVisible: true,
    countdown: { agent: COUNTDOWN_OFF, visitor: COUNTDOWN_OFF },
    sysQueue: [],
    evaluation: { status: EvaluationStatus.None, stars: null },
    leaveMessage: { offered: null, open: false, sending: false },
  };
}

/** The agent side is over (SPEC §4 1202 close, 1208 refusal): no session with an agent, no queue. */
function leaveAgent(state: ChatState, closed: boolean): ChatState {
  return {
    ...state,
    status: ChatStatus.NotStarted,
    chatClosed: closed || state.chatClosed,
    queue: null,
    agentTyping: false,
    groupChoice: null,
  };
}

/** Counts a countdown down by one second; one that is off or at 0 stays. */
function append(list: readonly ChatMessage[], message: ChatMessage): readonly ChatMessage[] {
  return assignTimes([...list, message], list.length);
}

function update(
  list: readonly ChatMessage[],
  id: string,
  change: (m: ChatMessage) => ChatMessage | null,
): readonly ChatMessage[] {
  const i = list.findIndex((m) => m.id === id);
  if (i < 0) return list;
  const next = change(list[i] as ChatMessage);
  const out = list.slice();
  if (next) out[i] = next;
  else out.splice(i, 1);
  return assignTimes(out, i);
}

/** Merges a history page above the messages shown, skipping ones already there (SPEC §7 getHistoryMsg). */
function prepend(list: readonly ChatMessage[], older: readonly ChatMessage[]): readonly ChatMessage[] {
  const known = new Set(list.map((m) => m.id));
  const fresh = older.filter((m) => !known.has(m.id));
  return fresh.length ? assignTimes([...fresh, ...list]) : list;
}

/** The pure state transition of one intent. */
export function reduce(state: ChatState, intent: Intent): ChatState {
  switch (intent.type) {
    case 'start':
      return state.phase === 'idle' ? { ...state, phase: 'starting' } : state;
    case 'channelLoaded':
      return { ...state, channel: intent.channel };
    case 'sessionStarted':
      return {
        ...state,
        phase: 'ready',
        session: intent.session,
        status: intent.status,
        history: { loading: true, exhausted: false },
        // SPEC §4 chat status 1: the user form check comes first when the channel has a form.
        userForm: intent.status === ChatStatus.FormCheck && state.channel?.userForm ? 'required' : null,
      };
    case 'failed':
      return { ...state, phase: 'error', error: intent.error };
    case 'historyRequested':
      return !state.session || state.history.loading || state.history.exhausted ? state : { ...state, history: { ...state.history, loading: true } };
    case 'historyLoaded':
      return {
        ...state,
        messages: prepend(state.messages, intent.messages),
        history: { loading: false, exhausted: intent.exhausted },
      };
    case 'historyFailed':
      return { ...state, history: { ...state.history, loading: false } };
    case 'messageAdded':
      // SPEC §5: an empty system message is ignored.
      if (intent.message.senderType === SenderType.System && !intent.message.msgContent.trim() && !intent.message.notice) {
        return state;
      }
      return { ...state, messages: append(state.messages, intent.message) };
    case 'visitorSent':
      return { ...state, messages: append(state.messages, { ...intent.message, status: MessageStatus.Pending }) };
    case 'retry':
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => ({
          ...m,
          status: MessageStatus.Pending,
          slow: undefined,
          // A file not yet uploaded starts its upload over, from no progress.
          upload: m.upload && { file: m.upload.file },
        })),
      };
    case 'uploadProgressed':
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => (m.upload ? { ...m, upload: { ...m.upload, progress: intent.progress } } : m)),
      };
    case 'uploaded':
      // The receiver may read the file's address from msgContent as well as from fileUrl.
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => ({ ...m, fileUrl: intent.fileUrl, msgContent: intent.fileUrl, upload: undefined })),
      };
    case 'uploadFailed':
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => ({
          ...m,
          status: MessageStatus.Fail,
          slow: undefined,
          upload: m.upload && { file: m.upload.file },
        })),
      };
    case 'sendSlow':
      return { ...state, messages: update(state.messages, intent.id, (m) => (m.status === MessageStatus.Pending ? { ...m, slow: true } : m)) };
    case 'sendSucceeded':
      return { ...state, messages: update(state.messages, intent.id, (m) => ({ ...m, status: MessageStatus.Sent, slow: undefined })) };
    case 'sendFailed':
      return { ...state, messages: update(state.messages, intent.id, (m) => ({ ...m, status: MessageStatus.Fail, slow: undefined })) };
    case 'robotPending':
      return {
        ...state,
        messages: append(
          state.messages,
          createMessage({
            id: intent.id,
            senderType: SenderType.Robot,
            senderName: state.channel?.robotName,
            msgType: MsgType.Text,
            msgContent: '',
            createdAt: intent.createdAt,
            awaiting: true,
          }),
        ),
      };
    case 'robotAnswered':
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => ({
          ...m,
          msgType: intent.answer.msgType === MsgType.Answer || intent.answer.msgType === MsgType.Faq ? intent.answer.msgType : MsgType.Text,
          msgContent: intent.answer.msgContent,
          robotAskMsgType: intent.answer.robotAskMsgType?.toString(),
          suggestions: intent.answer.suggestions?.length ? intent.answer.suggestions : undefined,
          createdAt: intent.createdAt,
          // SPEC §4 Thinking block: the seconds shown as 'deeply thought' once answered.
          thoughtMs: Math.max(0, intent.createdAt - m.createdAt),
          awaiting: undefined,
        })),
      };
    case 'messageRated': {
      // Only a finished robot reply, and only once: the first choice is locked.
      const target = state.messages.find((m) => m.id === intent.id);
      if (!target || target.rating || target.awaiting || target.senderType !== SenderType.Robot) return state;
      return { ...state, messages: update(state.messages, intent.id, (m) => ({ ...m, rating: intent.rating })) };
    }
    case 'robotFailed':
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => ({
          ...m,
          senderType: SenderType.System,
          position: 'center',
          msgType: MsgType.SystemText,
          msgContent: NOTICE_FALLBACK.robotUnavailable,
          notice: { id: 'robotUnavailable' },
          awaiting: undefined,
        })),
      };
    case 'visibilityChanged':
      return state.pageVisible === intent.visible ? state : { ...state, pageVisible: intent.visible };
    case 'userFormDone':
      return { ...state, userForm: 'done' };
    case 'groupChoiceRequired':
      return { ...state, groupChoice: intent.groups };
    case 'transferStarted':
      return { ...state, transferring: true, groupChoice: null };
    case 'transferEnded':
      return { ...state, transferring: false };
    case 'agentConnected':
      return {
        ...state,
        status: ChatStatus.InConversation,
        chatClosed: false,
        agentNick: intent.adminNick ?? state.agentNick,
        queue: null,
        // An agent is here after all: leaving a message is no longer the way to reach one.
        leaveMessage: state.leaveMessage.offered ? { ...state.leaveMessage, offered: null, open: false } : state.leaveMessage,
      };
    case 'queued':
      return {
        ...state,
        status: ChatStatus.Queued,
        queue: { position: intent.position, messageId: intent.message?.id ?? null },
        messages: intent.message ? append(state.messages, intent.message) : state.messages,
      };
    case 'queueMoved': {
      // SPEC §4 transfer 3: the queue message follows the position of later polls.
      const messageId = state.queue?.messageId ?? null;
      const template = state.channel?.userQueueMsg;
      return {
        ...state,
        queue: { position: intent.position, messageId },
        messages:
          messageId && template
            ? update(state.messages, messageId, (m) => ({ ...m, msgContent: queueText(template, intent.position) }))
            : state.messages,
      };
    }
    case 'chatClosed':
      return leaveAgent(state, true);
    case 'agentRefused':
      return leaveAgent(state, false);
    case 'agentMessages':
      return { ...state, messages: assignTimes([...state.messages, ...intent.messages], state.messages.length), unread: true, agentTyping: false };
    case 'readMarked':
      return { ...state, unread: false };
    case 'agentTyping':
      return { ...state, agentTyping: true };
    case 'agentTypingStopped':
      return { ...state, agentTyping: false };
    case 'messageDeleted':
      return { ...state, messages: update(state.messages, intent.id, () => null) };
    case 'countdownSet':
      return { ...state, countdown: { agent: intent.agent, visitor: intent.visitor } };
    case 'countdownTick':
      return { ...state, countdown: { agent: intent.agent, visitor: intent.visitor } };
    case 'systemMessageQueued':
      // SPEC §5, §7: an empty system message is ignored.
      return intent.message.msgContent.trim() ? { ...state, sysQueue: [...state.sysQueue, intent.message] } : state;
    case 'systemMessageDequeued': {
      const message = state.sysQueue.find((m) => m.id === intent.id);
      if (!message) return state;
      return { ...state, sysQueue: state.sysQueue.filter((m) => m !== message), messages: append(state.messages, message) };
    }
    case 'evaluationRequested':
      return state.evaluation.status === EvaluationStatus.Shown
        ? state
        : { ...state, evaluation: { ...state.evaluation, status: EvaluationStatus.Shown } };
    case 'evaluationInfoLoaded':
      return { ...state, evaluation: { ...state.evaluation, stars: intent.stars } };
    case 'evaluationDone':
      return { ...state, evaluation: { ...state.evaluation, status: EvaluationStatus.Submitted } };
    case 'evaluationDismissed':
      return state.evaluation.status === EvaluationStatus.Shown
        ? { ...state, evaluation: { ...state.evaluation, status: EvaluationStatus.None } }
        : state;
    case 'leaveMessageOffered':
      return { ...state, leaveMessage: { ...state.leaveMessage, offered: intent.reason } };
    case 'leaveMessageOpened':
      return state.leaveMessage.offered && !state.leaveMessage.open ? { ...state, leaveMessage: { ...state.leaveMessage, open: true } } : state;
    case 'leaveMessageClosed':
      // A message in flight keeps the form: its outcome decides (the values stay on failure).
      return state.leaveMessage.open && !state.leaveMessage.sending ? { ...state, leaveMessage: { ...state.leaveMessage, open: false } } : state;
    case 'leaveMessageSubmitted':
      return state.leaveMessage.open && !state.leaveMessage.sending ? { ...state, leaveMessage: { ...state.leaveMessage, sending: true } } : state;
    case 'leaveMessageSent':
      return {
        ...state,
        messages: append(state.messages, intent.message),
        leaveMessage: { ...state.leaveMessage, open: false, sending: false },
      };
    case 'leaveMessageFailed':
      return { ...state, leaveMessage: { ...state.leaveMessage, sending: false } };
    // Commands and requests that only effects act on.
    case 'notify':
    case 'userFormSubmitted':
    case 'humanRequested':
    case 'groupChosen':
    case 'closeRequested':
    case 'visitorTyping':
    case 'evaluationSubmitted':
      return state;
  }
}
