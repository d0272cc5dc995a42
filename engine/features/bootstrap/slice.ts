import type { Handles } from '../../core/cases';
import type { ChannelInfo } from '../../model/channel';
import type { ChatStatus } from '../../model/codes';
import type { ChatQuery } from '../../model/query';
import { canRetryStart } from './predicates';

/**
 * The page error state (SPEC §8): shown by the UI, never thrown. The UI words it per code. The
 * server's refusals keep SPEC §8's texts; `unreachable` is no answer from a chat backend at all
 * (offline, a wrong address, CORS, a proxy's error page), which the spec does not name: the start is
 * tried again by itself and on request (`retryStart`).
 */
export type ChatError =
  | { code: 'unknownChannelId' }
  | { code: 'unknownChannel'; detail: string }
  | { code: 'sessionFailed'; detail: string }
  | { code: 'unreachable'; call: 'channelInfo' | 'chatStart'; detail: string };

/** The chat session from chatStart (SPEC §3). */
export interface ChatSession {
  userId: string;
  sessionId: string;
  pollId: string;
}

/** The start of the chat (SPEC §2, §7, §8 bootstrap). */
export interface BootstrapState {
  /** idle until start(); starting while channelInfo/chatStart run; ready; or error (see `error`). */
  phase: 'idle' | 'starting' | 'ready' | 'error';
  error: ChatError | null;
  query: ChatQuery;
  channel: ChannelInfo | null;
  session: ChatSession | null;
  /** The backend forgot the session; a new one for the same visitor is being started (recovery). */
  reconnecting: boolean;
}

export type BootstrapCommand =
  | { type: 'start' }
  /** The visitor asks to try the start again after the backend could not be reached. */
  | { type: 'startRetried' };

export type BootstrapResult =
  | { type: 'channelLoaded'; channel: ChannelInfo }
  /** chatStart answered: the session, and the chat status it starts in (SPEC §4). */
  | { type: 'sessionStarted'; session: ChatSession; status: ChatStatus }
  | { type: 'failed'; error: ChatError };

export type RecoveryResult =
  /** A call found the session with this pollId forgotten by the backend (docs/protocol.md "Session recovery"). */
  | { type: 'sessionLost'; pollId: string }
  /** A new session for the same visitor, after a loss: its session and the status it is in. */
  | { type: 'sessionResumed'; session: ChatSession; status: ChatStatus };

export const initialBootstrap = (query: ChatQuery): BootstrapState => ({
  phase: 'idle',
  error: null,
  query,
  channel: null,
  session: null,
  reconnecting: false,
});

export const bootstrapCases: Handles<'start' | 'startRetried' | 'channelLoaded' | 'sessionStarted' | 'failed' | 'sessionLost' | 'sessionResumed'> = {
  start: (state) => (state.phase === 'idle' ? { ...state, phase: 'starting' } : state),
  startRetried: (state) => (canRetryStart(state) ? { ...state, phase: 'starting', error: null } : state),
  channelLoaded: (state, { channel }) => ({ ...state, channel }),
  // A start tried again by itself while the error shows ends it.
  sessionStarted: (state, { session }) => ({ ...state, phase: 'ready', error: null, session }),
  failed: (state, { error }) => ({ ...state, phase: 'error', error }),
  // Only the current session's loss counts: a late failure of an older session's call is old news.
  sessionLost: (state, { pollId }) =>
    state.phase === 'ready' && !state.reconnecting && state.session?.pollId === pollId ? { ...state, reconnecting: true } : state,
  sessionResumed: (state, { session }) => ({ ...state, session, reconnecting: false }),
};
