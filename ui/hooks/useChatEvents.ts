import { useEffect, useRef } from 'react';
import type { EngineEvent } from '../../engine';
import { useChatEngine } from './ChatProvider';

/** Calls `handler` with each side effect the engine asks of the page (title notice, parent notice, failed submissions). */
export function useChatEvents(handler: (event: EngineEvent) => void): void {
  const engine = useChatEngine();
  // The latest handler runs without resubscribing on every render.
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const subscription = engine.events$.subscribe((event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [engine]);
}
