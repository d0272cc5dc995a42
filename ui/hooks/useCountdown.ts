import { COUNTDOWN_OFF, type ChatState } from '@visitor-chat/chat-engine';
import { useChatSelector } from './useChatSelector';

const agent = (s: ChatState) => s.countdown.agent;
const visitor = (s: ChatState) => s.countdown.visitor;
const orNull = (seconds: number) => (seconds === COUNTDOWN_OFF ? null : seconds);

/** What useCountdown returns: the timeout countdowns, in seconds left. */
export interface UseCountdownResult {
  /** Seconds left for the agent to answer; null when off. */
  agent: number | null;
  /** Seconds left for the visitor to answer; null when off. */
  visitor: number | null;
}

/**
 * The timeout countdowns (SPEC §4 Timeouts) in seconds left: `agent` runs while the agent owes an
 * answer, `visitor` while the visitor does; null when off (the engine's −1).
 */
export function useCountdown(): UseCountdownResult {
  return { agent: orNull(useChatSelector(agent)), visitor: orNull(useChatSelector(visitor)) };
}
