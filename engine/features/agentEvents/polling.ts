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

/** How far a session's events were received: the last eventId, and the ids already received. */
interface Cursor {
  lastEventId: string;
  received: Set<string>;
}

/**
 * SPEC §7 getEventMsg every 2000 ms after the previous reply: never two in flight; errors logged, the
 * loop goes on. Each poll acknowledges the events received so far (`lastEventId`, an extension a
 * spec backend ignores), so a backend that keeps events until acknowledged re-sends those of an
 * answer lost on the way; an event whose eventId was already received is dropped here, once for all
 * of dispatch. The cursor belongs to the session: polling it again later (a chat closed, then an
 * agent again) goes on from where it was.
 */
function poll({ api, scheduler, log }: EffectContext, { userId, pollId }: ChatSession, cursor: Cursor): Observable<EventBatch> {
  const fresh = (event: WireEvent): boolean => {
    const id = eventIdOf(event);
    if (id === undefined) return true;
    // A repeat of an older event does not move the acknowledgement back.
    if (cursor.received.has(id)) return false;
    cursor.lastEventId = id;
    cursor.received.add(id);
    if (cursor.received.size > REMEMBERED_EVENT_IDS) cursor.received.delete(cursor.received.values().next().value as string);
    return true;
  };
  return defer(() => api.getEventMsg({ userId, pollId, lastEventId: cursor.lastEventId })).pipe(
    map((batch) => ({ ...batch, events: batch.events.filter(fresh) })),
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
  return defer(() => {
    const cursors = new Map<string, Cursor>();
    const cursorOf = ({ userId, pollId }: ChatSession): Cursor => {
      const key = `${userId} ${pollId}`;
      const cursor = cursors.get(key) ?? { lastEventId: '', received: new Set<string>() };
      cursors.set(key, cursor);
      return cursor;
    };
    return ctx.state$.pipe(
      map(listening),
      distinctUntilChanged((a, b) => a?.pollId === b?.pollId && a?.userId === b?.userId),
      switchMap((session) => (session ? poll(ctx, session, cursorOf(session)) : EMPTY)),
    );
  });
}
