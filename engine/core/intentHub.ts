import { Observable, type Subscriber } from 'rxjs';
import type { Intent } from './intents';

/** Types that a listener hears, or null: every intent. */
type Heard = ReadonlySet<Intent['type']> | null;

/**
 * The intent stream of a store, as a Subject would be (every listener in the order it subscribed,
 * each intent handed to a snapshot of the listeners, a listener after the end completed at once),
 * except that a listener of some types only (`ofType` on it, core/effect.ts) is not called for the
 * others. Each intent is heard by the listeners of its type alone, without a filter of each of the
 * effects' forty-odd listeners running for it: its cost does not grow with the number of listeners
 * that ignore it (issue 30: a pushed frame a message).
 */
export interface IntentHub {
  /** Every intent. */
  readonly all$: Observable<Intent>;
  /** Hands `intent` to its listeners. */
  next(intent: Intent): void;
  /** Completes every listener, now and later. */
  complete(): void;
}

/** The hubs' streams, by the stream: how `ofType` finds the hub under its source. */
const hubs = new WeakMap<Observable<Intent>, (types: readonly Intent['type'][]) => Observable<Intent>>();

/** The intents of `types` only, straight from the hub when `source` is a hub's stream; undefined otherwise. */
export function routedOfTypes<T extends Intent['type']>(source: Observable<Intent>, types: readonly T[]): Observable<Extract<Intent, { type: T }>> | undefined {
  return hubs.get(source)?.(types) as Observable<Extract<Intent, { type: T }>> | undefined;
}

export function intentHub(): IntentHub {
  const listeners: { heard: Heard; subscriber: Subscriber<Intent> }[] = [];
  /** Each type's listeners, in order; made when an intent of the type first comes after a change of listeners. */
  let byType = new Map<Intent['type'], readonly Subscriber<Intent>[]>();
  let ended = false;
  const listen = (heard: Heard) =>
    new Observable<Intent>((subscriber) => {
      if (ended) {
        subscriber.complete();
        return undefined;
      }
      const listener = { heard, subscriber };
      listeners.push(listener);
      byType = new Map();
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) listeners.splice(at, 1);
        byType = new Map();
      };
    });
  const all$ = listen(null);
  hubs.set(all$, (types) => listen(new Set(types)));
  return {
    all$,
    next(intent) {
      if (ended) return;
      let heard = byType.get(intent.type);
      if (!heard) {
        heard = listeners.filter((l) => l.heard === null || l.heard.has(intent.type)).map((l) => l.subscriber);
        byType.set(intent.type, heard);
      }
      for (const subscriber of heard) subscriber.next(intent);
    },
    complete() {
      if (ended) return;
      ended = true;
      const all = listeners.splice(0);
      byType = new Map();
      for (const { subscriber } of all) subscriber.complete();
    },
  };
}
