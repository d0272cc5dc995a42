import type { WireEvent } from '../../protocol';
import type { EventBatch } from '../../transport/visitorApi';
import { remember } from './remember';

/** How many eventIds a session remembers to drop a repeat (far more than a poll or a push carries). */
const REMEMBERED_EVENT_IDS = 2_000;

/** An event's eventId (docs/protocol.md "Event acknowledgement"), when it carries one. */
function eventIdOf(event: WireEvent): string | undefined {
  const id = event.eventId as unknown;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * How far a session's events were received, whichever transport brought them: the last eventId (what
 * the next poll acknowledges and a push stream resumes after), and the ids already received.
 */
export interface Cursor {
  lastEventId: string;
  received: Set<string>;
}

export const newCursor = (): Cursor => ({ lastEventId: '', received: new Set<string>() });

/**
 * A batch as received on a cursor: an event whose eventId was already received is dropped, once for
 * all of dispatch, so an event that comes twice (a lost acknowledgement, a poll and a push across a
 * switch) is applied once; the cursor moves to the last new event, or to the batch's own id when a
 * push stream gave one. A repeat of an older event does not move it back.
 */
export function receive(cursor: Cursor, batch: EventBatch): EventBatch {
  // A loop rather than a filter's closure: a pushed frame of one message is one batch (issue 30).
  const events: WireEvent[] = [];
  for (const event of batch.events) if (taken(cursor, event)) events.push(event);
  if (batch.lastEventId) cursor.lastEventId = batch.lastEventId;
  return { ...batch, events };
}

/** Whether `event` is new to the cursor; a new one with an id moves the cursor to it and is remembered. */
function taken(cursor: Cursor, event: WireEvent): boolean {
  const id = eventIdOf(event);
  if (id === undefined) return true;
  if (cursor.received.has(id)) return false;
  cursor.lastEventId = id;
  remember(cursor.received, id, REMEMBERED_EVENT_IDS);
  return true;
}
