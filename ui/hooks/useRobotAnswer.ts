import { useCallback, useMemo } from 'react';
import { canRetryAnswer, type ChatState, type RobotAnswer } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/** What a UI shows of a robot answer as it streams, and its Retry. */
export interface RobotAnswerView {
  /**
   * The answer asked on this page for message `id` (text, reasoning and sources so far; its phase:
   * pending, thinking, streaming, done or failed), or null for any other message (history, an agent's).
   */
  answer: RobotAnswer | null;
  /** Asks a failed answer again, into the same bubble; null unless it may be (canRetryAnswer). */
  retry: (() => void) | null;
}

/**
 * A robot answer as it streams (docs/protocol.md "Streamed answers"): the component re-renders
 * on each delta of this answer only — a delta leaves the message list as it was, so a list that
 * reads `useChat().messages` does not re-render, and each bubble reads its own answer here.
 */
export function useRobotAnswer(id: string): RobotAnswerView {
  const engine = useChatEngine();
  const answer = useChatSelector(useCallback((s: ChatState) => s.answers[id] ?? null, [id]));
  const retryable = useChatSelector(useCallback((s: ChatState) => canRetryAnswer(s, id), [id]));
  const retry = useCallback(() => engine.retryAnswer(id), [engine, id]);
  return useMemo(() => ({ answer, retry: retryable ? retry : null }), [answer, retryable, retry]);
}
