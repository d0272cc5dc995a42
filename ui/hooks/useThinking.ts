import { useEffect, useState } from 'react';
import { answerThinking, thoughtSeconds, type ChatMessage, type RobotAnswer } from '@visitor-chat/chat-engine';

/** How often the running seconds are refreshed. */
const TICK_MS = 1_000;
const MS_PER_SECOND = 1_000;

/** What useThinking returns: the thinking block's state. */
export interface UseThinkingResult {
  /** The answer is awaited. */
  running: boolean;
  /** Whole seconds thought so far, or in all; null when none to show. */
  seconds: number | null;
}

/**
 * The thinking block of a robot answer (SPEC §4 Thinking block): `running` while the answer is
 * awaited, with the whole seconds elapsed so far; once answered, the seconds it took
 * (`thoughtSeconds`: null when under half a second, so a quick answer shows no count), or null
 * when the message never thought (e.g. from history). Given the answer as it streams
 * (`useRobotAnswer`), the thinking ends when its text starts, and a retry counts from its ask.
 */
export function useThinking(message: ChatMessage, answer?: RobotAnswer | null): UseThinkingResult {
  const running = answer ? answerThinking(answer) : message.awaiting === true;
  const since = answer?.startedAt ?? message.createdAt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  if (running) return { running, seconds: Math.max(0, Math.floor((now - since) / MS_PER_SECOND)) };
  const thoughtMs = answer?.thoughtMs ?? message.thoughtMs;
  return { running, seconds: thoughtMs === undefined ? null : thoughtSeconds(thoughtMs) };
}
