import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { intentHub } from './intentHub';
import type { EffectOutput, EngineEvent, Intent } from './intents';
import { reduce } from './reduce';
import type { ChatState } from './state';

/** The engine's state container: one state, the intents that changed it, and the UI's engine events. */
export interface Store {
  /** Replays the current state to each subscriber, then every change. */
  readonly state$: Observable<ChatState>;
  /** Every intent, after it was reduced. */
  readonly intent$: Observable<Intent>;
  readonly events$: Observable<EngineEvent>;
  getState(): ChatState;
  /** Applies an intent (reduce, then tell the effects) or passes an engine event to the UI. */
  apply(output: EffectOutput): void;
  /** Completes every stream; later outputs are dropped. */
  close(): void;
}

/**
 * Outputs are applied one at a time, in order: one raised while another is being applied waits its
 * turn, so every effect sees the state that its intent produced, and the UI hears an engine event
 * after the intents emitted before it.
 */
export function createStore(initial: ChatState): Store {
  const state$ = new BehaviorSubject<ChatState>(initial);
  const intents = intentHub();
  const events$ = new Subject<EngineEvent>();
  const queue: EffectOutput[] = [];
  let draining = false;
  let closed = false;
  return {
    state$: state$.asObservable(),
    intent$: intents.all$,
    events$: events$.asObservable(),
    getState: () => state$.value,
    apply(output) {
      if (closed) return;
      queue.push(output);
      if (draining) return;
      draining = true;
      try {
        for (let next = queue.shift(); next; next = queue.shift()) {
          if (next.type === 'notify') {
            events$.next(next.event);
            continue;
          }
          const before = state$.value;
          const after = reduce(before, next);
          if (after !== before) state$.next(after);
          intents.next(next);
        }
      } finally {
        draining = false;
      }
    },
    close() {
      if (closed) return;
      closed = true;
      queue.length = 0;
      intents.complete();
      events$.complete();
      state$.complete();
    },
  };
}
