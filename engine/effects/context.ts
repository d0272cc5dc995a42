import { filter, type Observable, type SchedulerLike } from 'rxjs';
import type { Logger, StoragePort } from '../ports';
import type { ChatState, Intent } from '../state';
import type { VisitorApi } from '../transport/visitorApi';

/** What every effect is given: the streams of intents and states, and the injected dependencies. */
export interface EffectContext {
  intent$: Observable<Intent>;
  /** Replays the current state to each subscriber, then every change. */
  state$: Observable<ChatState>;
  /** The current state, read synchronously. */
  getState: () => ChatState;
  api: VisitorApi;
  scheduler: SchedulerLike;
  storage: StoragePort;
  log: Logger;
  newId: () => string;
  /** The page the visitor came from, sent with chatStart (SPEC §7 previousUrl). */
  previousUrl: string | undefined;
}

/** An effect turns intents and states into more intents (SPEC rules that talk to time or the server). */
export type Effect = (ctx: EffectContext) => Observable<Intent>;

/** Narrows the intent stream to the given types. */
export function ofType<T extends Intent['type']>(...types: T[]) {
  return filter((i: Intent): i is Extract<Intent, { type: T }> => (types as string[]).includes(i.type));
}

/** A short description of a failure for the log and error details. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
