import { EMPTY, defer, exhaustMap, filter, map, merge, retry, timer, type Observable } from 'rxjs';
import { retryWaitMs } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { chatStart, sessionOf } from './effect';

/** chatStart for the same visitor until it answers, waiting 1 s, 2 s, 4 s … (at most 30 s) between tries. */
function resume(ctx: EffectContext): Observable<Intent> {
  const { channel, query, session } = ctx.getState();
  if (!channel || !query.channelId || !session) return EMPTY;
  const { channelId } = query;
  // Each try is a new call (a transport may start its request when called).
  return defer(() => chatStart(ctx, channelId, channel, session.userId)).pipe(
    map((data): Intent => ({ type: 'sessionResumed', session: sessionOf(data), status: data.status })),
    retry({
      delay: (e: unknown, attempt) => {
        const wait = retryWaitMs(attempt);
        ctx.log.warn(`chatStart failed while reconnecting, next try in ${wait} ms: ${errorText(e)}`);
        return timer(wait, ctx.scheduler);
      },
    }),
  );
}

/**
 * Session recovery (docs/protocol.md "Session recovery"): a call that finds the session forgotten
 * (a backend restart, an expiry) makes it `sessionLost`; while reconnecting, a new chatStart for the
 * same visitor, then `sessionResumed` with its new session and status. Messages waiting meanwhile
 * are sent on the new session (the delivery and outbox effects).
 */
export const recovery: Effect = (ctx) =>
  merge(
    ctx.sessionLost$.pipe(map((pollId): Intent => ({ type: 'sessionLost', pollId }))),
    ctx.intent$.pipe(
      ofType('sessionLost'),
      // The reducer decides whether the session lost is the current one (a stale call's news is not).
      filter(() => ctx.getState().reconnecting),
      exhaustMap(() => resume(ctx)),
    ),
  );
