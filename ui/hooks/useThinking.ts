import { useEffect, useState } from 'react';
import { thoughtSeconds, type ChatMessage } from '@visitor-chat/chat-engine';

/** How often the running seconds are refreshed. */
const TICK_MS = 1_000;
const MS_PER_SECOND = 1_000;

/**
 * The thinking block of a robot answer (SPEC §4 Thinking block): `running` while the answer is
 * awaited, with the whole seconds elapsed so far; once answered, the seconds it took
 * (`thoughtSeconds`: null when under half a second, so a quick answer shows no count), or null
 * when the message never thought (e.g. from history).
 */
export function useThinking(message: ChatMessage): { running: boolean; seconds: number | null } {
  const running = message.awaiting === true;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  if (running) return { running, seconds: Math.max(0, Math.floor((now - message.createdAt) / MS_PER_SECOND)) };
  return { running, seconds: message.thoughtMs === undefined ? null : thoughtSeconds(message.thoughtMs) };
}
