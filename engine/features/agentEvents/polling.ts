import { EMPTY, catchError, defer, map, repeat, timer, type Observable } from 'rxjs';
import { POLL_INTERVAL_MS } from '../../constants';
import { errorText, type EffectContext } from '../../core/effect';
import type { EventBatch } from '../../transport/visitorApi';
import type { ChatSession } from '../bootstrap/slice';
import { receive, type Cursor } from './cursor';

/** What listening needs of the effect context (the load bench listens with no more). */
export type Listening = Pick<EffectContext, 'api' | 'scheduler' | 'log'>;

/**
 * SPEC §7 getEventMsg every 2000 ms after the previous reply: never two in flight; errors logged, the
 * loop goes on. Each poll acknowledges the events received so far (`lastEventId`, an extension a
 * spec backend ignores), so a backend that keeps events until acknowledged re-sends those of an
 * answer lost on the way; the cursor drops what was already received.
 */
export function poll({ api, scheduler, log }: Listening, { userId, pollId }: ChatSession, cursor: Cursor): Observable<EventBatch> {
  return defer(() => api.getEventMsg({ userId, pollId, lastEventId: cursor.lastEventId })).pipe(
    map((batch) => receive(cursor, batch)),
    catchError((e: unknown) => {
      log.warn(`getEventMsg failed: ${errorText(e)}`);
      return EMPTY;
    }),
    repeat({ delay: () => timer(POLL_INTERVAL_MS, scheduler) }),
  );
}
