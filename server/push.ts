import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { EventMsgData } from '../engine/protocol.ts';
import { EVENT_STREAM_PATH, POLL_INTERVAL_MS, PUSH_HEARTBEAT_MS } from '../engine/constants.ts';
import { chatStatus, type ServerContext } from './context.ts';
import { ApiError, ErrorCode, required } from './http.ts';
import type { Visitor } from './visitor.ts';

/** The push stream's route, and how to end a visitor's open streams (as a dropped connection would). */
export interface Push {
  routes: Hono;
  dropStreams(visitor: Visitor): void;
}

/** GET /events: the visitor's events over server-sent events (docs/protocol.md "Push"). */
export function createPush({ store, presetOf, visitorOf }: ServerContext): Push {
  /** How to end each visitor's open push streams (the dev control dropStreams). */
  const openStreams = new Map<Visitor, Set<() => void>>();

  /**
   * A visitor's push stream (docs/protocol.md "Push"): a batch at once (the stream is open), then one
   * whenever events come or the status or queue place changes, a heartbeat comment every
   * PUSH_HEARTBEAT_MS. The visitor's timers (the queue, the agent's answers) run lazily when the
   * visitor is touched, so the stream touches it when the next one is due.
   */

  const pushEvents = async (stream: SSEStreamingApi, visitor: Visitor, pollId: string, from: number): Promise<void> => {
    let sent = from;
    let said = '';
    let opened = false;
    let wake: ReturnType<typeof setTimeout> | undefined;
    let writing = Promise.resolve();
    const send = async () => {
      const msgList = store.streamed(visitor, pollId, sent);
      sent = visitor.lastSeq;
      const status = chatStatus(visitor, presetOf(visitor.channelId));
      const state = `${status} ${visitor.waitIndex}`;
      if (opened && msgList.length === 0 && state === said) return;
      said = state;
      const id = msgList.at(-1)?.eventId;
      const data: EventMsgData = { msgList, status, waitIndex: visitor.waitIndex };
      await stream.writeSSE({ data: JSON.stringify(data), ...(id !== undefined && { id: String(id) }), ...(!opened && { retry: POLL_INTERVAL_MS }) });
      opened = true;
    };
    // A timer may fire a little early by the store's clock (Node's timers round; a test's clock is
    // its own): the wake-up runs what is due and arms again for what is not, so nothing due waits for
    // another call to touch the visitor. What runs announces itself through `changed`.
    const arm = () => {
      clearTimeout(wake);
      const due = store.nextDue(visitor);
      if (due !== undefined) wake = setTimeout(wakeUp, Math.max(0, due - store.clock()));
    };
    const wakeUp = () => {
      store.find(visitor.userId);
      arm();
    };
    const changed = () => {
      arm();
      writing = writing.then(send).catch(() => stream.abort());
    };
    const unwatch = store.watch(visitor, changed);
    const heartbeat = setInterval(() => {
      wakeUp();
      store.streamed(visitor, pollId, visitor.lastSeq);
      writing = writing
        .then(() => stream.write(': ping\n\n'))
        .then(
          () => undefined,
          () => stream.abort(),
        );
    }, PUSH_HEARTBEAT_MS);
    changed();
    // Until the client goes, or dropStreams ends it (returning closes the stream).
    const closers = openStreams.get(visitor) ?? new Set();
    openStreams.set(visitor, closers);
    let end = () => {};
    await new Promise<void>((resolve) => {
      end = resolve;
      closers.add(end);
      stream.onAbort(resolve);
    });
    closers.delete(end);
    if (closers.size === 0) openStreams.delete(visitor);
    unwatch();
    clearInterval(heartbeat);
    clearTimeout(wake);
  };

  const routes = new Hono().get(`/${EVENT_STREAM_PATH}`, (c) => {
    const visitor = visitorOf(c.req.query('userId'));
    const pollId = required(c.req.query('pollId'), 'pollId');
    // In the query (no CORS preflight), or the header EventSource sends when it reconnects.
    const lastEventId = c.req.query('lastEventId') ?? c.req.header('Last-Event-ID') ?? '';
    const from = store.openStream(visitor, pollId, lastEventId);
    if (from === undefined) throw new ApiError(ErrorCode.NotFound, 'poll not found, call chatStart again');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, (stream) => pushEvents(stream, visitor, pollId, from));
  });

  return {
    routes,
    dropStreams: (visitor) => {
      for (const end of openStreams.get(visitor) ?? []) end();
    },
  };
}
