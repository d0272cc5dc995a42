import type { ChannelInfo } from './model/channel';
import { ChatStatus, MessageStatus, MsgType, SenderType } from './model/codes';
import { assignTimes, createMessage, type ChatMessage } from './model/message';
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
}

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
  | { type: 'sendSucceeded'; id: string }
  | { type: 'sendFailed'; id: string }
  | { type: 'robotPending'; id: string; createdAt: number }
  | { type: 'robotAnswered'; id: string; answer: RobotAskData; createdAt: number }
  | { type: 'robotFailed'; id: string };

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
  };
}

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
      return { ...state, phase: 'ready', session: intent.session, status: intent.status, history: { loading: true, exhausted: false } };
    case 'failed':
      return { ...state, phase: 'error', error: intent.error };
    case 'historyRequested':
      return state.history.loading || state.history.exhausted ? state : { ...state, history: { ...state.history, loading: true } };
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
      return { ...state, messages: update(state.messages, intent.id, (m) => ({ ...m, status: MessageStatus.Pending })) };
    case 'sendSucceeded':
      return { ...state, messages: update(state.messages, intent.id, (m) => ({ ...m, status: MessageStatus.Sent })) };
    case 'sendFailed':
      return { ...state, messages: update(state.messages, intent.id, (m) => ({ ...m, status: MessageStatus.Fail })) };
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
          awaiting: undefined,
        })),
      };
    case 'robotFailed':
      return {
        ...state,
        messages: update(state.messages, intent.id, (m) => ({
          ...m,
          senderType: SenderType.System,
          position: 'center',
          msgType: MsgType.SystemText,
          msgContent: 'The assistant is unavailable right now. Please try again.',
          notice: { id: 'robotUnavailable' },
          awaiting: undefined,
        })),
      };
  }
}
