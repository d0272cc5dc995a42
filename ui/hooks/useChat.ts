import { canLoadOlder, canRetryStart, type ChatEngine, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';

const pick = (s: ChatState) => ({
  phase: s.phase,
  error: s.error,
  reconnecting: s.reconnecting,
  status: s.status,
  channel: s.channel,
  messages: s.messages,
  history: s.history,
  canLoadOlder: canLoadOlder(s),
  canRetryStart: canRetryStart(s),
});

/** What useChat returns: the chat's state at a glance and the actions on its messages. */
export interface UseChatResult extends Pick<ChatState, 'phase' | 'error' | 'reconnecting' | 'status' | 'channel' | 'messages' | 'history'> {
  /** Sends a text as the visitor (blank text is ignored): the new message's id, or null when nothing was sent. */
  sendText: ChatEngine['sendText'];
  /** Sends a failed visitor message again. */
  retry: ChatEngine['retry'];
  /** Loads older history; null when there is none left or a page is loading. */
  loadOlder: (() => void) | null;
  /** Tries the start again after the backend could not be reached; null otherwise. */
  retryStart: (() => void) | null;
}

/** The chat at a glance: phase, error, whether it is reconnecting, status, channel, messages, and the actions on them. */
export function useChat(): UseChatResult {
  const engine = useChatEngine();
  const { canLoadOlder: loadable, canRetryStart: restartable, ...state } = useChatSelector(pick, shallowEqual);
  return {
    ...state,
    sendText: engine.sendText,
    retry: engine.retry,
    loadOlder: loadable ? engine.loadOlder : null,
    retryStart: restartable ? engine.retryStart : null,
  };
}
