import type { EventSourceMessage } from 'eventsource-parser';

/** eventsource-parser's module, as `loadSseParser` hands it over. */
export type SseParser = typeof import('eventsource-parser');

/**
 * eventsource-parser, loaded when a first stream opens (a push stream, a streamed robot answer), so
 * that a page that never opens one never downloads it.
 */
export const loadSseParser = (): Promise<SseParser> => import('eventsource-parser');

/** A body being read as server-sent events. */
export interface SseReading {
  /** Settles when the body ends (resolved) or fails (rejected with the read's error). */
  done: Promise<void>;
  /** Stops reading. The body too: a fetch that ignores its abort signal (an in-process server) still ends its stream. */
  cancel(): void;
}

/**
 * Reads `body` as server-sent events (the one SSE reader of the transport: the push stream and the
 * robot's streamed answer both use it): each event to `onEvent` in order, each comment to `onComment`.
 */
export function readSse(
  { createParser }: SseParser,
  body: NonNullable<Response['body']>,
  onEvent: (event: EventSourceMessage) => void,
  onComment: () => void = () => undefined,
): SseReading {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createParser({ onEvent, onComment });
  const done = (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(chunk.value);
  })();
  return { done, cancel: () => void reader.cancel().catch(() => undefined) };
}
