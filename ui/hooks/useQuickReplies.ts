import { quickReplies, type QuickReply } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/** What useQuickReplies returns: the replies offered now, and tapping one. */
export interface UseQuickRepliesResult {
  replies: readonly QuickReply[];
  /** Taps a reply: a transfer asks for a human agent, any other sends its name. */
  choose: (reply: QuickReply) => void;
}

/**
 * The quick replies offered now (SPEC §3; the engine's quickReplies: a transfer to a human only while
 * one may be asked for) and `choose`, which taps one: a transfer asks for a human agent, any other
 * sends its name.
 */
export function useQuickReplies(): UseQuickRepliesResult {
  const engine = useChatEngine();
  const replies = useChatSelector(quickReplies);
  return { replies, choose: engine.chooseQuickReply };
}
