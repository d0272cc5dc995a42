import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_HEARTBEAT_MS } from '#engine/constants';
import { ChatStatus, EventCode } from '#engine/model/codes';
import type { ChatStartData, WireChannelInfo } from '#engine/protocol';
import { ApiError } from '#engine/transport/errors';
import { createVisitorApi, type EventStreamRequest } from '#engine/transport/visitorApi';
import { listen, type Listened } from '../support/pushFrames';
import { decodeMessage, setup } from './helpers';

/** The reference server's push stream (docs/protocol.md "Push"), read with the engine's own transport. */

afterEach(() => {
  vi.useRealTimers();
});

/** The server with push on, a visitor talking to the agent, and the engine's transport over the app. */
async function talking(channelId = 'demo') {
  const server = setup({ push: true });
  const api = createVisitorApi({ apiBase: 'http://localhost', fetch: async (input, init) => server.app.fetch(new Request(input, init)) });
  const session = await server.start(channelId);
  await server.data('transferAgent', { userId: session.userId });
  return { ...server, api, session };
}

const streamOf = ({ userId, pollId }: ChatStartData, lastEventId = ''): EventStreamRequest => ({ userId, pollId, lastEventId });

describe("the reference server pushes a visitor's event batches over server-sent events", () => {
  it('offers it in channelInfo (eventStream: 1) only when push is on', async () => {
    const on = await setup({ push: true }).data<WireChannelInfo>('channelInfo', { id: 'demo' });
    const off = await setup().data<WireChannelInfo>('channelInfo', { id: 'demo' });
    expect(on.eventStream).toBe(1);
    expect(off).not.toHaveProperty('eventStream');
  });

  it('opens with a batch of the status at once, then a batch for each event, with its eventId as the frame id', async () => {
    const { api, session, dev } = await talking();
    const stream = listen(api, streamOf(session));
    await vi.waitFor(() => expect(stream.batches()).toHaveLength(1));
    expect(stream.frames[0]).toEqual({ kind: 'open' });
    expect(stream.batches()[0]).toEqual({ events: [], status: ChatStatus.InConversation, waitIndex: 0 });

    await dev('agentSay', { userId: session.userId, text: 'Pushed to you' });
    await vi.waitFor(() => expect(stream.batches()).toHaveLength(2));
    const [event] = stream.batches()[1]?.events ?? [];
    expect(event).toMatchObject({ event_type: EventCode.AgentMessage, eventId: '1' });
    expect(event && decodeMessage(event).msgContent).toBe('Pushed to you');
    expect(stream.batches()[1]?.lastEventId).toBe('1');
    stream.close();
  });

  it('resumes after the last event the client names (query or Last-Event-ID header): what it sent before and was not acknowledged comes again', async () => {
    const { api, app, session, dev } = await talking();
    const first = listen(api, streamOf(session));
    await dev('agentSay', { userId: session.userId, text: 'one' });
    await dev('agentSay', { userId: session.userId, text: 'two' });
    await vi.waitFor(() => expect(first.batches().flatMap((b) => b.events)).toHaveLength(2));
    first.close();
    await dev('agentSay', { userId: session.userId, text: 'three' });

    const again = listen(api, streamOf(session, '1'));
    await vi.waitFor(() => expect(again.batches()).toHaveLength(1));
    expect(again.batches()[0]?.events.map((e) => decodeMessage(e).msgContent)).toEqual(['two', 'three']);
    again.close();

    const byHeader = await app.fetch(
      new Request(`http://localhost/api/chat/visitor/events?userId=${session.userId}&pollId=${session.pollId}`, { headers: { 'Last-Event-ID': '2' } }),
    );
    const reader = byHeader.body?.pipeThrough(new TextDecoderStream()).getReader();
    const chunk = await reader?.read();
    expect(chunk?.value).toContain('"eventId":"3"');
    expect(chunk?.value).not.toContain('"eventId":"2"');
    await reader?.cancel();
  });

  it('a poll it does not know, or a visitor, is refused with an envelope (404), as getEventMsg would', async () => {
    const { api, session } = await talking();
    const unknownPoll = listen(api, { ...streamOf(session), pollId: 'nope' });
    const unknownVisitor = listen(api, { ...streamOf(session), userId: 'nobody' });
    await vi.waitFor(() => expect(unknownPoll.end.error).toBeInstanceOf(ApiError));
    await vi.waitFor(() => expect(unknownVisitor.end.error).toBeInstanceOf(ApiError));
    expect(unknownPoll.end.error).toMatchObject({ code: 404, message: 'poll not found, call chatStart again' });
    expect(unknownVisitor.end.error).toMatchObject({ code: 404 });
  });

  it('the tab that ends the chat does not get its own 1202 (docs/protocol.md "Several tabs"); another tab\'s stream does', async () => {
    const { api, session, start, data } = await talking();
    const other = await start('demo', session.userId);
    const mine = listen(api, streamOf(session));
    const theirs = listen(api, streamOf(other));
    await vi.waitFor(() => expect(mine.batches()).toHaveLength(1));
    await vi.waitFor(() => expect(theirs.batches()).toHaveLength(1));
    await data('chatClose', { userId: session.userId, pollId: session.pollId });
    await vi.waitFor(() => expect(theirs.batches().flatMap((b) => b.events)).toEqual([expect.objectContaining({ event_type: EventCode.SessionEnded })]));
    await vi.waitFor(() => expect(mine.batches().at(-1)?.status).toBe(ChatStatus.NotStarted));
    expect(mine.batches().flatMap((b) => b.events)).toEqual([]);
    mine.close();
    theirs.close();
  });

  it("dropStreams (dev control) ends the visitor's streams, as a dropped connection would", async () => {
    const { api, session, dev } = await talking();
    const stream = listen(api, streamOf(session));
    await vi.waitFor(() => expect(stream.batches()).toHaveLength(1));
    await dev('dropStreams', { userId: session.userId });
    await vi.waitFor(() => expect(stream.end).toEqual({ completed: true }));
  });
});

describe("the stream in time: the server's own timers wake it", () => {
  it(`a heartbeat comment every ${PUSH_HEARTBEAT_MS / 1000} s; the agent's delayed answer and the queue's moves are pushed when they fall due`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = setup({ push: true });
    const api = createVisitorApi({ apiBase: 'http://localhost', fetch: async (input, init) => server.app.fetch(new Request(input, init)) });
    const session = await server.start('queue');
    const transfer = await server.data<{ status: number; waitIndex: number }>('transferAgent', { userId: session.userId });
    expect(transfer).toMatchObject({ waitIndex: 3 });
    const stream = listen(api, streamOf(session));
    await vi.waitFor(() => expect(stream.batches()).toHaveLength(1));
    expect(stream.batches()[0]).toMatchObject({ status: ChatStatus.Queued, waitIndex: 3 });

    // The queue moves a place every 2 s (server/agent.ts), then the agent takes the visitor.
    for (const place of [2, 1]) {
      server.advance(2_000);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(stream.batches().at(-1)).toMatchObject({ status: ChatStatus.Queued, waitIndex: place, events: [] });
    }
    server.advance(2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(stream.batches().at(-1)).toMatchObject({
      status: ChatStatus.InConversation,
      events: [expect.objectContaining({ event_type: EventCode.SessionEstablished })],
    });

    const before = stream.frames.length;
    server.advance(PUSH_HEARTBEAT_MS);
    await vi.advanceTimersByTimeAsync(PUSH_HEARTBEAT_MS);
    expect(stream.frames.slice(before)).toEqual([{ kind: 'alive' }]);
    stream.close();
  });
});

describe('a stream wakes up for what falls due even when its timers fire early or late', () => {
  const VISITORS = 1_000;
  /** Node fires a timer up to 1 ms early or late as Date.now() reads it; here each armed timer is off by -1, 0 or +1 ms in turn (never before 1 ms). */
  const SKEWS = [-1, 0, 1];

  it(`${VISITORS} queued visitors are connected and every agent answer is pushed: none missing`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const fakeSetTimeout = globalThis.setTimeout;
    let armed = 0;
    const skewed = (run: () => void, ms = 0) => {
      const skew = SKEWS[armed++ % SKEWS.length] ?? 0;
      return fakeSetTimeout(run, ms <= 1 ? ms : ms + skew);
    };
    vi.stubGlobal('setTimeout', skewed);
    try {
      const server = setup({ push: true, clock: () => Date.now() });
      const api = createVisitorApi({ apiBase: 'http://localhost', fetch: async (input, init) => server.app.fetch(new Request(input, init)) });
      const visitors: { session: ChatStartData; stream: Listened }[] = [];
      for (let i = 0; i < VISITORS; i += 1) {
        const session = await server.start('queue');
        await server.data('transferAgent', { userId: session.userId });
        visitors.push({ session, stream: listen(api, streamOf(session)) });
        // Visitors arrive over time, so their timers fall due at every remainder of the clock.
        await vi.advanceTimersByTimeAsync(i % 7);
      }
      // The queue moves a place every 2 s from place 3: connected after 6 s.
      await vi.advanceTimersByTimeAsync(10_000);
      const connected = (v: { stream: Listened }) => v.stream.batches().some((b) => b.events.some((e) => e.event_type === EventCode.SessionEstablished));
      expect(visitors.filter((v) => !connected(v))).toHaveLength(0);

      for (const [i, { session }] of visitors.entries()) {
        await server.data('sendMsg', { userId: session.userId, senderType: 1, msgType: 1, msgContent: `question ${i}` });
        await vi.advanceTimersByTimeAsync(i % 5);
      }
      await vi.advanceTimersByTimeAsync(5_000);
      const answered = (v: { stream: Listened }, i: number) =>
        v.stream.batches().some((b) => b.events.some((e) => e.event_type === EventCode.AgentMessage && decodeMessage(e).msgContent.includes(`question ${i}`)));
      expect(visitors.filter((v, i) => !answered(v, i))).toHaveLength(0);
      for (const { stream } of visitors) stream.close();
    } finally {
      vi.unstubAllGlobals();
    }
  }, 120_000);
});
