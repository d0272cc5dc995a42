import { canLoadOlder, canRetryStart, type ChatState } from '@visitor-chat/chat-engine';
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

/** The chat at a glance: phase, error, whether it is reconnecting, status, channel, messages, and the actions on them. */
export function useChat() {
  const engine = useChatEngine();
  const { canLoadOlder: loadable, canRetryStart: restartable, ...state } = useChatSelector(pick, shallowEqual);
  return {
    ...state,
    send: engine.sendText,
    retry: engine.retry,
    /** Loads older history; null when there is none left or a page is loading. */
    loadOlder: loadable ? engine.loadOlder : null,
    /** Tries the start again after the backend could not be reached; null otherwise. */
    retryStart: restartable ? engine.retryStart : null,
  };
}
