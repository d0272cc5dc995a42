import { NEVER, Observable, Subscription, map, of, type SchedulerLike } from 'rxjs';
import type { Effect, EffectContext } from '#engine/core/effect';
import type { EffectOutput, Intent } from '#engine/core/intents';
import { initialState, type ChatState } from '#engine/core/state';
import { createStore } from '#engine/core/store';
import { API_PREFIX } from '#engine/constants';
import { parseQuery } from '#engine/model/query';
import { loneTab, memoryStorage } from '#engine/ports';
import type { ChatSession } from '#engine/features/bootstrap/slice';
import { CHANNEL_ID, USER_ID, channel, logSpy, sequentialIds, type RunHelpers } from './fixtures';
import { fakeApi } from './fakeApi';

/** A state to start an effect from: the initial state of `?channelid=demo`, with `fields` over it. */
export function stateWith(fields: Partial<ChatState> = {}): ChatState {
  return { ...initialState(parseQuery(`?channelid=${CHANNEL_ID}`)), ...fields };
}

/** The session of readyState (chatStart's answer, SPEC §3). */
export const SESSION: ChatSession = { userId: USER_ID, sessionId: 's-1', pollId: 'p-1' };

/** A started chat: channel loaded (robot-first unless `fields` say otherwise), session u-1/s-1/p-1, history loaded. */
export function readyState(fields: Partial<ChatState> = {}): ChatState {
  return stateWith({ phase: 'ready', channel: channel(), session: SESSION, history: { loading: false, exhausted: false, newest: true }, ...fields });
}

/**
 * The intents of a cold marble read with the spec's one `v` object, which also names the UI's
 * notify events the effect emits (those are outputs: one on the intents line is a mistake of the spec).
 */
export function intentsOf(cold: RunHelpers['cold'], marble: string, values: Readonly<Record<string, EffectOutput>>): Observable<Intent> {
  return cold(marble, values).pipe(
    map((output) => {
      if (output.type === 'notify') throw new Error(`a notify event is an output of the effect, not an intent: ${output.event.type}`);
      return output;
    }),
  );
}

/** What an effect spec gives the effect, besides the state and the intents; every field has a default. */
export interface SpecContext extends Partial<Omit<EffectContext, 'intent$' | 'state$' | 'getState'>> {
  scheduler: SchedulerLike;
}

/** One effect on its own, as RxJS's operator specs drive one operator. */
export interface EffectRun {
  /** Everything the effect emits; subscribing runs it, and the `intents` after it. */
  output$: Observable<EffectOutput>;
  /** The state now: the start state with the intents and the effect's own outputs reduced into it. */
  getState(): ChatState;
  /** The context the effect was given (its api is a fakeApi unless one was passed). */
  ctx: EffectContext;
}

/**
 * Runs `effect` alone from `state`: `intents` (a cold marble: frame 0 is the effect's
 * subscription) are applied as the UI or other effects would, and the effect's outputs are applied
 * too, so that it sees the state and the intents it would see in the engine. Write the input
 * marble and the expected marble on aligned lines.
 */
export function runEffect(effect: Effect, state: ChatState, intents: Observable<Intent>, context: SpecContext): EffectRun {
  const store = createStore(state);
  const ctx: EffectContext = {
    api: fakeApi().api,
    apiUrl: API_PREFIX,
    storage: memoryStorage(),
    log: logSpy(),
    newId: sequentialIds(),
    random: () => 0,
    visibility$: of(true),
    online$: NEVER,
    tabs: loneTab,
    sessionLost$: NEVER,
    previousUrl: undefined,
    visitorId: undefined,
    push: undefined,
    ...context,
    intent$: store.intent$,
    state$: store.state$,
    getState: store.getState,
  };
  // Each output is recorded as the effect emits it, then applied (which may make the effect emit more).
  // It never completes, as an effect in the engine runs until dispose.
  const output$ = new Observable<EffectOutput>((subscriber) => {
    const run = new Subscription();
    run.add(
      effect(ctx).subscribe({
        next: (output) => {
          subscriber.next(output);
          store.apply(output);
        },
        error: (e: unknown) => subscriber.error(e),
      }),
    );
    // Subscribed after the effect, so that it hears the intents of frame 0.
    run.add(intents.subscribe({ next: store.apply, error: (e: unknown) => subscriber.error(e) }));
    return run;
  });
  return { output$, getState: store.getState, ctx };
}
