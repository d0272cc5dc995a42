import { EMPTY, catchError, defer, distinctUntilChanged, map, repeat, switchMap, timer, type Observable } from 'rxjs';
import { POLL_INTERVAL_MS } from '../../constants';
import { errorText, type EffectContext } from '../../core/effect';
import type { ChatState } from '../../core/state';
import type { EventBatch } from '../../transport/visitorApi';
import type { ChatSession } from '../bootstrap/slice';
import { withAgent } from '../conversation/predicates';

/** The session to listen on: while with an agent or in the queue (SPEC §4 status 2/3), else none. */
const listening = (s: ChatState): ChatSession | null => (withAgent(s) ? s.session : null);

/** SPEC §7 getEventMsg every 2000 ms after the previous reply: never two in flight; errors logged, the loop goes on. */
function poll({ api, scheduler, log }: EffectContext, { userId, pollId }: ChatSession): Observable<EventBatch> {
  return defer(() => api.getEventMsg({ userId, pollId })).pipe(
    catchError((e: unknown) => {
      log.warn(`getEventMsg failed: ${errorText(e)}`);
      return EMPTY;
    }),
    repeat({ delay: () => timer(POLL_INTERVAL_MS, scheduler) }),
  );
}

/**
 * The agent-event seam (DESIGN "The engine"): one stream of event batches, while the status is 2
 * or 3 — it stops when the status leaves them (1202, 1208, close) and on dispose. Polling is its
 * implementation today; a push transport could replace it here without touching dispatch.
 */
export function eventBatches(ctx: EffectContext): Observable<EventBatch> {
  return ctx.state$.pipe(
    map(listening),
    distinctUntilChanged((a, b) => a?.pollId === b?.pollId && a?.userId === b?.userId),
    switchMap((session) => (session ? poll(ctx, session) : EMPTY)),
  );
}
