import { Observable } from 'rxjs';
import { API_PREFIX, EVENT_STREAM_PATH } from '../constants';
import type { Json } from '../model/decode';
import { decodeEvents, none } from './decoders';
import { MalformedResponseError, NetworkError, TransportError } from './errors';
import { accepted, decodeData, unwrap } from './http';
import { loadSseParser, readSse, type SseReading } from './sse';
import type { EventBatch, EventStreamRequest, PushFrame } from './visitorApi';

/** An absolute URL (a scheme), as opposed to a path on `apiBase`. */
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;
/** The stream's name in errors and logs. */
const STREAM = 'eventStream';
/** SSE event types that carry a batch (the default type, or ours); any other frame only shows the stream is alive. */
const BATCH_EVENTS: ReadonlySet<string | undefined> = new Set([undefined, 'message', 'batch']);

/** A pushed frame's data: getEventMsg's `data`, or a whole envelope around it (both are read). */
function decodePushed(data: string, id: string | undefined): EventBatch {
  let value: Json;
  try {
    value = JSON.parse(data) as Json;
  } catch {
    throw new MalformedResponseError(STREAM, `${STREAM}: a frame that is not JSON`, true);
  }
  const envelope = typeof value === 'object' && value !== null && !Array.isArray(value) && 'code' in value ? (value as Record<string, unknown>) : null;
  const batch = decodeData(STREAM, envelope ? accepted(STREAM, 200, envelope) : value, decodeEvents);
  return id ? { ...batch, lastEventId: id } : batch;
}

/** The push stream's address with the request in the query (no custom header, so no CORS preflight). */
function streamAddress(apiBase: string, { url, userId, pollId, lastEventId }: EventStreamRequest): string {
  const where = !url ? apiBase + API_PREFIX + EVENT_STREAM_PATH : ABSOLUTE_URL.test(url) ? url : apiBase + url;
  const query = new URLSearchParams({ userId, pollId, lastEventId: lastEventId ?? '' });
  return `${where}${where.includes('?') ? '&' : '?'}${query.toString()}`;
}

/**
 * Server-sent events over fetch (EventSource can neither be aborted per request nor report why it
 * failed), read by ./sse (eventsource-parser, loaded when a stream first opens). An answer that is
 * not a stream is read as an envelope: its code and message are the error.
 */
export function eventStream(apiBase: string, fetcher: () => typeof fetch, req: EventStreamRequest): Observable<PushFrame> {
  return new Observable<PushFrame>((subscriber) => {
    const controller = new AbortController();
    let reading: SseReading | undefined;
    const address = streamAddress(apiBase, req);
    const run = async () => {
      const [parser, res] = await Promise.all([
        loadSseParser(),
        fetcher()(address, { headers: { accept: 'text/event-stream' }, signal: controller.signal }).catch((cause: unknown) => {
          throw new NetworkError(STREAM, cause instanceof Error ? cause.message : 'network failure', address);
        }),
      ]);
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        unwrap(STREAM, res.status, await res.text(), none, address);
        throw new MalformedResponseError(STREAM, `HTTP ${res.status}, not an event stream`, true, address);
      }
      subscriber.next({ kind: 'open' });
      reading = readSse(
        parser,
        res.body,
        ({ event, id, data }) => {
          const carries = BATCH_EVENTS.has(event) && data.trim() !== '';
          subscriber.next(carries ? { kind: 'batch', batch: decodePushed(data, id) } : { kind: 'alive' });
        },
        () => subscriber.next({ kind: 'alive' }),
      );
      await reading.done;
    };
    run().then(
      () => subscriber.complete(),
      (error: unknown) => {
        if (subscriber.closed) return;
        subscriber.error(error instanceof TransportError ? error : new NetworkError(STREAM, error instanceof Error ? error.message : 'stream failed', address));
      },
    );
    return () => {
      controller.abort();
      reading?.cancel();
    };
  });
}
