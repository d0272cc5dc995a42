import { Observable, type SchedulerLike } from 'rxjs';
import { HTTP_TIMEOUT_MS } from '../constants';
import type { RobotAskRequest } from '../protocol';
import { decodeRobot } from './decoders';
import { NetworkError, TimeoutError, TransportError } from './errors';
import { unwrap } from './http';
import { loadSseParser, readSse, type SseReading } from './sse';
import type { RobotFrame } from './visitorApi';

const NAME = 'robotAsk';
/** What the engine accepts (docs/protocol.md "Streamed answers"): a stream, or the JSON envelope as before; or the JSON envelope only. */
const ACCEPT = { stream: 'text/event-stream, application/json', json: 'application/json' };
/** The header by which the AI SDK marks a UI message stream. */
const UI_STREAM_HEADER = 'x-vercel-ai-ui-message-stream';

/** An answer that is a stream: by its content type or by the UI message stream's header (either is read, as the contract says). */
function isStream(res: Response): res is Response & { body: NonNullable<Response['body']> } {
  return res.ok && res.body !== null && ((res.headers.get('content-type') ?? '').includes('text/event-stream') || res.headers.has(UI_STREAM_HEADER));
}

/**
 * SPEC §7 robotAsk with its streamed answer (docs/protocol.md "Streamed answers"): POST JSON
 * with `Accept` naming the stream first. A JSON answer is one `answer` frame (its envelope and data
 * checked as every call's); a stream's events are decoded frame by frame as they arrive, read by the
 * transport's one SSE reader (./sse). The HTTP time-out (20 s) runs until the answer opens; once a
 * stream flows, its silences are the engine's to judge (the stall time-out). Unsubscribing aborts.
 */
export function robotAsk(
  base: string,
  fetcher: () => typeof fetch,
  scheduler: SchedulerLike,
  req: RobotAskRequest,
  { stream = true, warn }: { stream?: boolean | undefined; warn?: ((message: string) => void) | undefined } = {},
): Observable<RobotFrame> {
  return new Observable<RobotFrame>((subscriber) => {
    const controller = new AbortController();
    let reading: SseReading | undefined;
    let timedOut = false;
    const timer = scheduler.schedule(() => {
      timedOut = true;
      controller.abort();
    }, HTTP_TIMEOUT_MS);
    const failure = (cause: unknown): TransportError =>
      cause instanceof TransportError
        ? cause
        : timedOut
          ? new TimeoutError(NAME, HTTP_TIMEOUT_MS, base + NAME)
          : new NetworkError(NAME, cause instanceof Error ? cause.message : 'network failure', base + NAME);
    const run = async () => {
      // Loaded beside the request, so a stream's first frame waits for no download; a JSON answer never reads them.
      const streamParts = Promise.all([loadSseParser(), import('./robotFrames')]);
      streamParts.catch(() => undefined);
      const res = await fetcher()(base + NAME, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: stream ? ACCEPT.stream : ACCEPT.json },
        body: JSON.stringify(req),
        signal: controller.signal,
      });
      if (!isStream(res)) {
        const answer = unwrap(NAME, res.status, await res.text(), decodeRobot, base + NAME);
        timer.unsubscribe();
        subscriber.next({ type: 'answer', answer });
        return;
      }
      timer.unsubscribe();
      const [sse, { decodeRobotFrame }] = await streamParts;
      if (subscriber.closed) {
        await res.body.cancel();
        return;
      }
      reading = readSse(sse, res.body, ({ data }) => {
        for (const frame of decodeRobotFrame(data, warn)) subscriber.next(frame);
      });
      await reading.done;
    };
    run().then(
      () => subscriber.complete(),
      (cause: unknown) => {
        timer.unsubscribe();
        if (!subscriber.closed) subscriber.error(failure(cause));
      },
    );
    return () => {
      timer.unsubscribe();
      controller.abort();
      reading?.cancel();
    };
  });
}
