import { EMPTY, catchError, defer, merge, retry, tap, type Observable } from 'rxjs';
import type { Effect, EffectContext } from './effect';
import type { EffectOutput } from './intents';

/** Consecutive failures after which a broken effect is left stopped rather than restarted. */
const EFFECT_RESTARTS = 10;

/**
 * An effect whose bug (an exception) is logged and the effect restarted, so that one failing rule
 * never stops the others: the chat goes on without it instead of going dead.
 */
function isolated(effect: Effect, ctx: EffectContext): Observable<EffectOutput> {
  return defer(() => effect(ctx)).pipe(
    tap({ error: (e: unknown) => ctx.log.warn(`the ${effect.name || 'an'} effect failed and restarts`, e) }),
    retry({ count: EFFECT_RESTARTS, resetOnSuccess: true }),
    catchError(() => EMPTY),
  );
}

/** Every effect at once, each isolated; their outputs in one stream, for the store to apply. */
export function runEffects(effects: readonly Effect[], ctx: EffectContext): Observable<EffectOutput> {
  return merge(...effects.map((effect) => isolated(effect, ctx)));
}
