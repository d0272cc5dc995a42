import { describe, expect, it, vi } from 'vitest';
import { ApiError, MalformedResponseError, NetworkError } from '#engine/transport/errors';
import { createVisitorApi, type EventStreamRequest } from '#engine/transport/visitorApi';
import { listen } from '../../support/pushFrames';

/** The push transport (docs/protocol.md "Push"): server-sent events over fetch, parsed by eventsource-parser. */

const REQUEST: EventStreamRequest = { userId: 'u 1', pollId: 'p-1', lastEventId: '7' };

/** A fetch whose one answer is a stream the test writes into, cuts or ends. */
function streamingFetch(
  answer: (body: ReadableStream<Uint8Array>) => Response = (body) => new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const aborted = vi.fn();
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    init?.signal?.addEventListener('abort', () => {
      aborted();
      controller?.error(new DOMException('aborted', 'AbortError'));
    });
    return Promise.resolve(answer(body));
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    aborted,
    write: (text: string) => controller?.enqueue(new TextEncoder().encode(text)),
    end: () => controller?.close(),
    cut: () => controller?.error(new TypeError('terminated')),
  };
}

/** Subscribes and records what the stream does. */
function record(stream: ReturnType<typeof streamingFetch>, request: EventStreamRequest = REQUEST, apiBase = 'https://chat.example') {
  const { frames, end, close } = listen(createVisitorApi({ apiBase, fetch: stream.fetch }), request);
  return { frames, end, unsubscribe: close };
}

const BATCH = { msgList: [{ event_type: 1201, msgId: 'm-1', eventId: '8' }], status: 2, waitIndex: 0 };

describe('push transport: server-sent events over fetch (docs/protocol.md "Push")', () => {
  it("asks at the API's events path with the poll and the last event in the query (no header that needs a CORS preflight)", async () => {
    const stream = streamingFetch();
    record(stream);
    await vi.waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(stream.requests[0]?.url).toBe('https://chat.example/api/chat/visitor/events?userId=u+1&pollId=p-1&lastEventId=7');
    expect(stream.requests[0]?.init?.headers).toEqual({ accept: 'text/event-stream' });
    expect(stream.requests[0]?.init?.method).toBeUndefined();
  });

  it.each([
    ['a path on apiBase', '/push/events', 'https://chat.example/support/push/events?userId=u+1&pollId=p-1&lastEventId=7'],
    ['an absolute URL with a query of its own', 'https://push.example/s?tenant=3', 'https://push.example/s?tenant=3&userId=u+1&pollId=p-1&lastEventId=7'],
  ])("the channel's eventStream as %s", async (_name, url, expected) => {
    const stream = streamingFetch();
    record(stream, { ...REQUEST, url }, 'https://chat.example/support/');
    await vi.waitFor(() => expect(stream.requests[0]?.url).toBe(expected));
  });

  it("hands over open, then each batch in getEventMsg's shape with the frame's id, and a heartbeat comment as alive; frames may arrive in pieces", async () => {
    const stream = streamingFetch();
    const { frames, end } = record(stream);
    await vi.waitFor(() => expect(frames).toEqual([{ kind: 'open' }]));
    const text = `retry: 2000\nid: 8\ndata: ${JSON.stringify(BATCH)}\n\n: ping\n\n`;
    stream.write(text.slice(0, 20));
    stream.write(text.slice(20));
    await vi.waitFor(() => expect(frames).toHaveLength(3));
    expect(frames).toEqual([
      { kind: 'open' },
      { kind: 'batch', batch: { events: BATCH.msgList, status: 2, waitIndex: 0, lastEventId: '8' } },
      { kind: 'alive' },
    ]);
    expect(end).toEqual({});
  });

  it('reads a frame that carries a whole envelope too; an event of another type (a ping with data) only shows the stream is alive', async () => {
    const stream = streamingFetch();
    const { frames } = record(stream);
    stream.write(`data: ${JSON.stringify({ code: 200, data: BATCH })}\n\nevent: ping\ndata: {}\n\n`);
    await vi.waitFor(() => expect(frames).toHaveLength(3));
    expect(frames.slice(1)).toEqual([{ kind: 'batch', batch: { events: BATCH.msgList, status: 2, waitIndex: 0 } }, { kind: 'alive' }]);
  });

  it('completes when the backend ends the stream', async () => {
    const stream = streamingFetch();
    const { end } = record(stream);
    stream.end();
    await vi.waitFor(() => expect(end).toEqual({ completed: true }));
  });

  it('a connection cut mid-stream is a NetworkError', async () => {
    const stream = streamingFetch();
    const { frames, end } = record(stream);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    stream.cut();
    await vi.waitFor(() => expect(end.error).toBeInstanceOf(NetworkError));
  });

  it('a frame that is not JSON, or an envelope with code ≠ 200 inside the stream, fails it and closes the connection', async () => {
    for (const bad of ['data: {oops\n\n', `data: ${JSON.stringify({ code: 500, message: 'boom' })}\n\n`]) {
      const stream = streamingFetch();
      const { end } = record(stream);
      stream.write(bad);
      await vi.waitFor(() => expect(end.error).toBeDefined());
      expect(end.error).toBeInstanceOf(bad.includes('boom') ? ApiError : MalformedResponseError);
      expect(stream.aborted).toHaveBeenCalled();
    }
  });

  it('an answer that is no stream: its envelope is the error (a forgotten poll is ApiError 404); anything else is malformed', async () => {
    const refused = streamingFetch(() => Response.json({ code: 404, message: 'poll not found, call chatStart again' }));
    const first = record(refused);
    await vi.waitFor(() => expect(first.end.error).toBeInstanceOf(ApiError));
    expect(first.end.error).toMatchObject({ code: 404, message: 'poll not found, call chatStart again' });
    expect(first.frames).toEqual([]);

    const page = streamingFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const second = record(page);
    await vi.waitFor(() => expect(second.end.error).toBeInstanceOf(MalformedResponseError));
  });

  it('a request that fails is a NetworkError', async () => {
    const api = createVisitorApi({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const end: { error?: unknown } = {};
    api.eventStream?.(REQUEST).subscribe({ error: (error: unknown) => (end.error = error) });
    await vi.waitFor(() => expect(end.error).toBeInstanceOf(NetworkError));
  });

  it('unsubscribing closes the connection', async () => {
    const stream = streamingFetch();
    const { frames, unsubscribe } = record(stream);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    unsubscribe();
    expect(stream.aborted).toHaveBeenCalledOnce();
  });
});
