import type { SchedulerLike, Subscription } from 'rxjs';

/** Who may start and end an engine, and when (ChatEngine's start, mount and dispose). */
export interface Lifecycle {
  start(): void;
  mount(): () => void;
  dispose(): void;
  /** Whether the engine has ended: commands are dropped. */
  ended(): boolean;
}

/**
 * The engine's life, begun once and ended once; whoever starts it owns its end (the model is
 * TanStack Query's mount count). Started by `start()`, it runs until its caller's `dispose()`:
 * mounts hold it but never end it. Started by the first `mount()`, it ends one scheduler tick
 * after the last mount is released, unless mounted again by then — StrictMode's unmount and
 * remount come within one task, so they keep the engine and its requests.
 */
export function lifecycle(scheduler: SchedulerLike, run: { begin: () => void; end: () => void }): Lifecycle {
  let startedBy: 'start' | 'mount' | undefined;
  let ended = false;
  let mounts = 0;
  let ending: Subscription | undefined;

  function begin(by: 'start' | 'mount'): void {
    if (startedBy || ended) return;
    startedBy = by;
    run.begin();
  }

  function dispose(): void {
    if (ended) return;
    ended = true;
    ending?.unsubscribe();
    run.end();
  }

  return {
    start: () => begin('start'),
    mount() {
      if (ended) return () => undefined;
      mounts += 1;
      ending?.unsubscribe();
      ending = undefined;
      begin('mount');
      let released = false;
      return () => {
        // Each hold is released once, so a repeated call cannot release another's.
        if (released) return;
        released = true;
        mounts -= 1;
        if (mounts === 0 && startedBy === 'mount' && !ended) ending = scheduler.schedule(dispose);
      };
    },
    dispose,
    ended: () => ended,
  };
}
