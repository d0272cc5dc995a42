import { useCallback } from 'react';
import { canRateReply, type ChatMessage, type MessageRating } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';

/** What useMessageRating returns: the reply's rating, and rating it. */
export interface UseMessageRatingResult {
  /** The visitor's thumbs up or down, null before they chose. */
  rating: MessageRating | null;
  /** Rates the reply; null once rated and for messages that cannot be rated. */
  rate: ((rating: MessageRating) => void) | null;
}

/**
 * Thumbs up/down on a robot reply (SPEC §4 Rating of a reply): one choice, locked once chosen, so
 * `rate` is null once rated, and for messages that cannot be rated (canRateReply).
 */
export function useMessageRating(message: ChatMessage): UseMessageRatingResult {
  const engine = useChatEngine();
  const { id } = message;
  const rate = useCallback((rating: MessageRating) => engine.rateMessage(id, rating), [engine, id]);
  return { rating: message.rating ?? null, rate: canRateReply(message) ? rate : null };
}
