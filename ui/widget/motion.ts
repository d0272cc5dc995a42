import { useSyncExternalStore } from 'react';

/** `prefers-reduced-motion: reduce`, where the browser has matchMedia (jsdom has none: motion is not reduced there). */
const reducedMotion = (): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null);

function onMotionChange(onChange: () => void): () => void {
  const list = reducedMotion();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const motionReduced = (): boolean => reducedMotion()?.matches ?? false;

/** Whether the visitor asked for reduced motion (`prefers-reduced-motion: reduce`), following changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(onMotionChange, motionReduced, () => false);
}
