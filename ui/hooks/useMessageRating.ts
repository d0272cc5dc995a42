import { useCallback } from 'react';
import { canRateReply, type ChatMessage, type MessageRating } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';

/**
 * Thumbs up/down on a robot reply (SPEC §4 Rating of a reply): one choice, locked once chosen, so
 * `rate` is null once rated, and for messages that cannot be rated (canRateReply).
 */
export function useMessageRating(message: ChatMessage): { rating: MessageRating | null; rate: ((rating: MessageRating) => void) | null } {
  const engine = useChatEngine();
  const { id } = message;
  const rate = useCallback((rating: MessageRating) => engine.rateMessage(id, rating), [engine, id]);
  return { rating: message.rating ?? null, rate: canRateReply(message) ? rate : null };
}
