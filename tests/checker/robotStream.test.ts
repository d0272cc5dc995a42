import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBackend } from '#engine/checker/checkBackend';
import type { CheckResult, CheckStatus } from '#engine/checker/context';
import { createHost } from '../../server/node';
import { startUpstream, type Upstream } from '../server/aiStream';
import { fakeClock, faulty, referenceBackend, type Fault, type Fetch } from './backends';

/** check-backend's robot-stream check (docs/protocol.md robotAsk, "Streamed answers"). */

const check = (fetch: Fetch, limits = {}): Promise<CheckResult[]> =>
  checkBackend({ url: 'http://localhost', channel: 'demo', fetch, now: fakeClock().now, limits });

const rowOf = (results: readonly CheckResult[]) => results.find((r) => r.id === 'robot-stream');

const isRobotAsk = (request: Request) => new URL(request.url).pathname.endsWith('/robotAsk');

/** robotAsk's stream with its SSE events (each `data: …`, [DONE] included) and headers changed. */
function restream(change: (events: string[]) => string[], headers: (h: Headers) => void = () => undefined): Fault {
  return async (request, forward) => {
    const response = await forward(request);
    if (!isRobotAsk(request) || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
    const events = (await response.text()).split('\n\n').filter((e) => e !== '');
    const changed = new Headers(response.headers);
    headers(changed);
    return new Response(
      change(events)
        .map((e) => `${e}\n\n`)
        .join(''),
      { status: response.status, headers: changed },
    );
  };
}

/** The events but those whose frame has this type. */
const dropType = (type: string) => (events: string[]) => events.filter((e) => !e.includes(`"type":"${type}"`));

interface Case {
  name: string;
  fault: Fault;
  status: Extract<CheckStatus, 'fail' | 'warn'>;
  detail: RegExp;
  fix: RegExp;
  limits?: { callTimeoutMs: number };
}

const CASES: Case[] = [
  {
    name: 'a backend that answers JSON to the Accept of a stream warns: streaming is optional',
    fault: (request, forward) => {
      if (!isRobotAsk(request)) return forward(request);
      const headers = new Headers(request.headers);
      headers.delete('accept');
      return forward(new Request(request, { headers }));
    },
    status: 'warn',
    detail: /^answered application\/json to Accept: text\/event-stream, application\/json \(\{"code":200.*streaming is optional$/,
    fix: /toUIMessageStreamResponse\(\)/,
  },
  {
    name: 'a frame that is not JSON fails',
    fault: restream((events) => events.map((e) => (e.includes('"text-delta"') ? 'data: {"type":"text-delta",' : e))),
    status: 'fail',
    detail: /^frame \d+ is not JSON: \{"type":"text-delta",/,
    fix: /send each frame as data: <JSON>/,
  },
  {
    name: 'a text delta whose id no text-start opened fails',
    fault: restream((events) => events.map((e) => e.replace('"type":"text-delta","id":"text-1"', '"type":"text-delta","id":"nope"'))),
    status: 'fail',
    detail: /^a text-delta frame with id "nope" that no open text-start named/,
    fix: /deltas between their -start and -end with the same id/,
  },
  {
    name: 'a delta after its part ended fails',
    fault: restream((events) => {
      const end = events.findIndex((e) => e.includes('"type":"text-end"'));
      const delta = events.find((e) => e.includes('"type":"text-delta"')) ?? '';
      return [...events.slice(0, end + 1), delta, ...events.slice(end + 1)];
    }),
    status: 'fail',
    detail: /^a text-delta frame with id "text-1" that no open text-start named/,
    fix: /-start and -end/,
  },
  {
    name: 'a stream without finish fails: the widget reads it as cut',
    fault: restream(dropType('finish')),
    status: 'fail',
    detail: /^it ended without a finish frame/,
    fix: /then finish and data: \[DONE\]/,
  },
  {
    name: 'an error frame fails',
    fault: restream((events) => [...events.slice(0, 5), 'data: {"type":"error","errorText":"model overloaded"}', 'data: [DONE]']),
    status: 'fail',
    detail: /^an error frame: "model overloaded"; the widget marks the answer failed/,
    fix: /finish and data: \[DONE\]/,
  },
  {
    name: 'a stream that stalls fails after the stall time',
    fault: async (request, forward) => {
      if (!isRobotAsk(request) || !request.headers.get('accept')?.includes('text/event-stream')) return forward(request);
      const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('data: {"type":"start"}\n\n')) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
    },
    limits: { callTimeoutMs: 300 },
    status: 'fail',
    detail: /^no frame for 300 ms: the widget fails the answer/,
    fix: /data: <JSON>/,
  },
  {
    name: 'a stream sent as text/plain fails',
    fault: restream(
      (events) => events,
      (h) => h.set('content-type', 'text/plain'),
    ),
    status: 'fail',
    detail: /^Content-Type "text\/plain", not text\/event-stream/,
    fix: /data: <JSON>/,
  },
  {
    name: 'a stream without the protocol header warns',
    fault: restream(
      (events) => events,
      (h) => h.delete('x-vercel-ai-ui-message-stream'),
    ),
    status: 'warn',
    detail: /; but no x-vercel-ai-ui-message-stream header$/,
    fix: /x-vercel-ai-ui-message-stream: v1/,
  },
  {
    name: 'a stream without [DONE] warns',
    fault: restream((events) => events.filter((e) => e !== 'data: [DONE]')),
    status: 'warn',
    detail: /; but no data: \[DONE\] at the end/,
    fix: /text\/event-stream/,
  },
];

describe('check-backend on a streaming robot', () => {
  it('passes the reference robot, counting what it streamed', async () => {
    const row = rowOf(await check(referenceBackend()));
    expect(row).toMatchObject({ status: 'pass', call: 'robotAsk', title: 'a streamed robot answer is well-formed', specRef: '§7 robotAsk, streamed' });
    expect(row?.detail).toMatch(/^streamed \d+ frames: \d+ reasoning deltas, \d+ text deltas, 2 sources; "Standard shipping takes/);
  });

  it('skips on an agent channel: no robot', async () => {
    const results = await checkBackend({ url: 'http://localhost', channel: 'agent', fetch: referenceBackend(), now: fakeClock().now });
    expect(rowOf(results)).toMatchObject({ status: 'skip', detail: 'receiveMode is not 0: no robot' });
  });

  it.each(CASES)('$name', async ({ fault, status, detail, fix, limits }) => {
    const results = await check(faulty(fault), limits);
    expect(rowOf(results)).toMatchObject({ status, detail: expect.stringMatching(detail), fix: expect.stringMatching(fix) });
    // The fault shows in this check only.
    const others = results.filter((r) => r.id !== 'robot-stream' && r.status !== 'pass' && r.status !== 'skip');
    expect(others.map((r) => `${r.id}: ${r.status} ${r.detail}`)).toEqual([]);
  });

  describe('a robot built with the AI SDK (ROBOT_URL to toUIMessageStreamResponse())', () => {
    let upstream: Upstream;
    beforeAll(async () => {
      upstream = await startUpstream();
    });
    afterAll(() => upstream.close());

    it('passes robot-ask (the JSON it collects) and robot-stream (the stream it relays)', async () => {
      const host = createHost({ distDir: tmpdir(), devControls: false, corsOrigins: ['*'], robotUpstream: { url: upstream.url } });
      const results = await check((async (input: RequestInfo | URL, init?: RequestInit) => host.fetch(new Request(input, init))) as Fetch);
      expect(results.find((r) => r.id === 'robot-ask')).toMatchObject({ status: 'pass', detail: expect.stringContaining('Parcels arrive in 3–5 days.') });
      expect(rowOf(results)).toMatchObject({
        status: 'pass',
        detail: 'streamed 13 frames: 1 reasoning delta, 3 text deltas, 1 source; "Parcels arrive in 3–5 days."',
      });
    });
  });
});
