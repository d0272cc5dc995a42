import { useEffect, useState } from 'react';
import type { ChatMessage } from '@visitor-chat/chat-engine';

/** How often the running seconds are refreshed. */
const TICK_MS = 1_000;
const MS_PER_SECOND = 1_000;

/**
 * The thinking block of a robot answer (SPEC §4 Thinking block): `running` while the answer is
 * awaited, with the seconds elapsed so far; once answered, the whole seconds it took (rounded up,
 * so a quick answer reads 1 s, not 0), or null when the message never thought (e.g. from history).
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
  return { running, seconds: message.thoughtMs === undefined ? null : Math.max(1, Math.ceil(message.thoughtMs / MS_PER_SECOND)) };
}
