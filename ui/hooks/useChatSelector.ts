import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';

/**
 * Subscribes to a slice of the chat state: the component re-renders only when the slice changes
 * (by `isEqual`, default Object.is). The selector may return new objects; equal ones are reused.
 */
export function useChatSelector<T>(selector: (state: ChatState) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const engine = useChatEngine();
  const memo = useRef<{ state: ChatState; selector: (state: ChatState) => T; value: T } | null>(null);
  const getSelection = useCallback(() => {
    const state = engine.getSnapshot();
    const last = memo.current;
    // A new selector (e.g. one that closes over a prop) must be applied even when the state is the same.
    if (last && last.state === state && last.selector === selector) return last.value;
    const value = selector(state);
    const kept = last && isEqual(last.value, value) ? last.value : value;
    memo.current = { state, selector, value: kept };
    return kept;
  }, [engine, selector, isEqual]);
  return useSyncExternalStore(engine.subscribe, getSelection, getSelection);
}

/** Shallow equality of two objects' own values, for selectors that pick several fields. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  const ka = Object.keys(a) as (keyof T)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}
