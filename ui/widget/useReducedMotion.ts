import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query, where the browser has matchMedia (jsdom has none: motion is not reduced there). */
const media = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const reduced = (): boolean => media()?.matches ?? false;

/** Whether the visitor asked for reduced motion (`prefers-reduced-motion: reduce`), following a change. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
