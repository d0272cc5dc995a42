import { EMPTY, catchError, defer, distinctUntilChanged, map, repeat, switchMap, timer, type Observable } from 'rxjs';
import { POLL_INTERVAL_MS } from '../../constants';
import { errorText, type EffectContext } from '../../core/effect';
import type { ChatState } from '../../core/state';
import type { WireEvent } from '../../protocol';
import type { EventBatch } from '../../transport/visitorApi';
import type { ChatSession } from '../bootstrap/slice';
import { withAgent } from '../conversation/predicates';

/** The session to listen on: while with an agent or in the queue (SPEC §4 status 2/3), else none. */
const listening = (s: ChatState): ChatSession | null => (withAgent(s) ? s.session : null);

/** How many eventIds a poll loop remembers to drop a repeat (far more than a poll carries). */
const REMEMBERED_EVENT_IDS = 2_000;

/** An event's eventId (docs/protocol.md "Event acknowledgement"), when it carries one. */
function eventIdOf(event: WireEvent): string | undefined {
  const id = event.eventId as unknown;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * SPEC §7 getEventMsg every 2000 ms after the previous reply: never two in flight; errors logged, the
 * loop goes on. Each poll acknowledges the events received so far (`lastEventId`, an extension a
 * spec backend ignores), so a backend that keeps events until acknowledged re-sends those of an
 * answer lost on the way; an event whose eventId was already received is dropped here, once for all
 * of dispatch.
 */
function poll({ api, scheduler, log }: EffectContext, { userId, pollId }: ChatSession): Observable<EventBatch> {
  return defer(() => {
    let lastEventId = '';
    const received = new Set<string>();
    const fresh = (event: WireEvent): boolean => {
      const id = eventIdOf(event);
      if (id === undefined) return true;
      // A repeat of an older event does not move the acknowledgement back.
      if (received.has(id)) return false;
      lastEventId = id;
      received.add(id);
      if (received.size > REMEMBERED_EVENT_IDS) received.delete(received.values().next().value as string);
      return true;
    };
    return defer(() => api.getEventMsg({ userId, pollId, lastEventId })).pipe(
      map((batch) => ({ ...batch, events: batch.events.filter(fresh) })),
      catchError((e: unknown) => {
        log.warn(`getEventMsg failed: ${errorText(e)}`);
        return EMPTY;
      }),
      repeat({ delay: () => timer(POLL_INTERVAL_MS, scheduler) }),
    );
  });
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
