import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MsgType, SenderType } from '#engine/model/codes';
import { robotFromEnv } from '../../server/robotAsk';
import { partsText, readWithAiSdk, robotVisitor, sourcesOf, startUpstream, STREAM_ACCEPT, type RobotEnvelope, type Upstream } from './aiStream';

/** ROBOT_URL: robotAsk forwarded to an AI SDK chat endpoint (docs/protocol.md robotAsk), here one built with the AI SDK itself. */

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());
afterEach(() => {
  upstream.mode = 'answer';
  upstream.bodies.length = 0;
  vi.restoreAllMocks();
});

/** A demo visitor whose robot is the upstream. */
const relayed = (idleMs?: number) => robotVisitor({ robotUpstream: { url: upstream.url, ...(idleMs !== undefined && { idleMs }) } });

/** Silences and records the server's log lines. */
const logLines = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('ROBOT_URL relays an AI SDK chat endpoint', () => {
  it("sends the AI SDK's chat request: the chat's id, the conversation as UIMessages with the question last, and the trigger", async () => {
    const { ask, data, userId } = await relayed();
    await data('sendMsg', { userId, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'Hello there' });
    await data('sendMsg', { userId, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'When will my parcel arrive?' });
    await (await ask('When will my parcel arrive?')).json();
    await (await ask('/api/chat/visitor/files/x.png', undefined, { msgType: MsgType.Image })).json();
    const [first, second] = upstream.bodies as Array<{ id: string; trigger: string; messages: Array<{ id: string; role: string; parts: unknown[] }> }>;
    expect(first).toEqual({
      id: expect.any(String),
      trigger: 'submit-message',
      messages: [
        { id: expect.any(String), role: 'user', parts: [{ type: 'text', text: 'Hello there' }] },
        // The question once, though sendMsg stored it before robotAsk came.
        { id: expect.any(String), role: 'user', parts: [{ type: 'text', text: 'When will my parcel arrive?' }] },
      ],
    });
    // The next request carries the robot's stored answer, and a photo described in words.
    expect(second?.id).toBe(first?.id);
    expect(second?.messages.slice(1).map((m) => [m.role, m.parts])).toEqual([
      ['user', [{ type: 'text', text: 'When will my parcel arrive?' }]],
      ['assistant', [{ type: 'text', text: 'Parcels arrive in 3–5 days.' }]],
      ['user', [{ type: 'text', text: '(The visitor sent a photo “x.png”: /api/chat/visitor/files/x.png)' }]],
    ]);
  });

  it("relays the upstream's stream to a widget that accepts it: the AI SDK reads reasoning, text, source and metadata", async () => {
    const { ask, history, userId } = await relayed();
    const response = await ask('When will my parcel arrive?', STREAM_ACCEPT);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const { chunks, message } = await readWithAiSdk(response.body as ReadableStream<Uint8Array>);
    expect(partsText(message, 'reasoning')).toBe('Shipping question.');
    expect(partsText(message, 'text')).toBe('Parcels arrive in 3–5 days.');
    expect(sourcesOf(message)).toEqual([{ url: 'https://shop.example/shipping', title: 'Shipping' }]);
    expect(message?.metadata).toEqual({ msgType: 'answermsg', suggestions: ['How do I return an item?'] });
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(await history(userId)).toEqual([
      expect.objectContaining({ senderType: SenderType.Robot, msgType: 'answermsg', msgContent: 'Parcels arrive in 3–5 days.' }),
    ]);
  });

  it('collects it into the JSON answer for a client that does not accept the stream', async () => {
    const { ask } = await relayed();
    const envelope = (await (await ask('When will my parcel arrive?')).json()) as RobotEnvelope;
    expect(envelope).toEqual({
      code: 200,
      data: { msgContent: 'Parcels arrive in 3–5 days.', msgType: 'answermsg', suggestions: ['How do I return an item?'] },
    });
  });

  describe('a failing upstream is a clean robot failure, with one log line', () => {
    it.each([
      ['refuse', /^robotAsk: the stream failed: ROBOT_URL http:\/\/127\.0\.0\.1:\d+\/api\/chat: HTTP 500: model quota exceeded$/],
      ['json', /ROBOT_URL .*: HTTP 200 application\/json, not a UI message stream: \{"answer":"not a stream"\}$/],
      ['cut', /ROBOT_URL .* ended without a finish frame$/],
      ['error', /ROBOT_URL .* answered with an error: /],
    ] as const)('%s: an error frame, then [DONE]; nothing stored', async (mode, line) => {
      const warn = logLines();
      upstream.mode = mode;
      const { ask, history, userId } = await relayed();
      const text = await (await ask('When will my parcel arrive?', STREAM_ACCEPT)).text();
      const events = text.split('\n\n').filter((e) => e !== '');
      expect(events.at(-1)).toBe('data: [DONE]');
      // (After its error frame the AI SDK still sends finish, with finishReason "error": the error decides.)
      const frames = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)) as { type: string });
      expect(frames.filter((f) => f.type === 'error')).toEqual([{ type: 'error', errorText: expect.any(String) }]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(line);
      expect(await history(userId)).toEqual([]);
    });

    it.each(['refuse', 'json', 'cut', 'error'] as const)('%s: the JSON error envelope', async (mode) => {
      const warn = logLines();
      upstream.mode = mode;
      const { ask } = await relayed();
      expect(await (await ask('When will my parcel arrive?')).json()).toEqual({ code: 500, message: 'the robot is unavailable' });
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it('an upstream that goes silent fails after idleMs', async () => {
      const warn = logLines();
      upstream.mode = 'silent';
      const { ask } = await relayed(200);
      const text = await (await ask('When will my parcel arrive?', STREAM_ACCEPT)).text();
      expect(text).toContain('data: {"type":"error","errorText":"The assistant could not finish this answer."}');
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/ROBOT_URL .*: no frame for 200 ms$/)]]);
    });

    it('an upstream that cannot be reached', async () => {
      const warn = logLines();
      const { ask } = await robotVisitor({ robotUpstream: { url: 'http://127.0.0.1:9/api/chat' } });
      expect(await (await ask('When will my parcel arrive?')).json()).toEqual({ code: 500, message: 'the robot is unavailable' });
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/^robotAsk: ROBOT_URL http:\/\/127\.0\.0\.1:9\/api\/chat: fetch failed/)]]);
    });
  });

  it('ROBOT_URL and ROBOT_TOKENS_PER_S from the environment; a bad value logs a line and is ignored', () => {
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    expect(robotFromEnv({}, warn)).toEqual({});
    expect(robotFromEnv({ ROBOT_URL: ' https://bot.example/api/chat ', ROBOT_TOKENS_PER_S: '30' }, warn)).toEqual({
      robotUpstream: { url: 'https://bot.example/api/chat' },
      robotTokensPerSecond: 30,
    });
    expect(robotFromEnv({ ROBOT_URL: 'bot.example', ROBOT_TOKENS_PER_S: 'fast' }, warn)).toEqual({});
    expect(lines).toEqual([
      'ROBOT_URL: "bot.example" is not an http(s) URL; the reference robot answers instead',
      'ROBOT_TOKENS_PER_S: "fast" is not a positive number; the robot streams at 45 tokens/s',
    ]);
  });
});
