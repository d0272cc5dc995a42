import { quickReplies } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/**
 * The quick replies offered now (SPEC §3; the engine's quickReplies: a transfer to a human only while
 * one may be asked for) and `choose`, which taps one: a transfer asks for a human agent, any other
 * sends its name.
 */
export function useQuickReplies() {
  const engine = useChatEngine();
  const replies = useChatSelector(quickReplies);
  return { replies, choose: engine.chooseQuickReply };
}
