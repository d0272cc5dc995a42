import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { MsgType } from '#engine/model/codes';
import { ApiError, MalformedResponseError, NetworkError } from '#engine/transport/errors';
import { createVisitorApi, type RobotFrame } from '#engine/transport/visitorApi';
import { answerChunks, modelStreamResponse, uiStreamResponse } from '../../support/robotStreams';

/** robotAsk's answer read frame by frame (docs/protocol.md "Streamed answers"), from streams the AI SDK itself makes. */

const REQUEST = { userId: 'u-1', channelId: 'demo', question: 'When do you open?', msgType: MsgType.Text };

/** A transport whose fetch answers each robotAsk with `answer()`, recording the requests. */
function transport(answer: () => Response | Promise<Response>) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const warn = vi.fn<(line: string) => void>();
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    return Promise.resolve(answer());
  };
  const api = createVisitorApi({ apiBase: 'https://chat.example', fetch: fetch as typeof globalThis.fetch, warn });
  return { api, requests, warn, frames: () => lastValueFrom(api.robotAsk(REQUEST).pipe(toArray())) };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('robotAsk: the JSON answer or the UI message stream', () => {
  it("POSTs the question with its msgType, accepting the stream first and JSON as before; a JSON answer is one 'answer' frame", async () => {
    const t = transport(() => json({ code: 200, data: { msgContent: 'We open at nine.', msgType: 'answermsg', suggestions: ['And close?'] } }));
    expect(await t.frames()).toEqual([{ type: 'answer', answer: { msgContent: 'We open at nine.', msgType: 'answermsg', suggestions: ['And close?'] } }]);
    expect(t.requests[0]?.url).toBe('https://chat.example/api/chat/visitor/robotAsk');
    expect(t.requests[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
    });
    expect(JSON.parse(String(t.requests[0]?.init?.body))).toEqual(REQUEST);
  });

  it('robotStream: false asks for the JSON answer only', async () => {
    const requests: (RequestInit | undefined)[] = [];
    const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(init);
      return Promise.resolve(json({ code: 200, data: { msgContent: 'Hi' } }));
    };
    const api = createVisitorApi({ fetch: fetch as typeof globalThis.fetch, robotStream: false });
    expect(await lastValueFrom(api.robotAsk(REQUEST).pipe(toArray()))).toEqual([{ type: 'answer', answer: { msgContent: 'Hi' } }]);
    expect(requests[0]?.headers).toMatchObject({ accept: 'application/json' });
  });

  it("a stream's parts as frames, in order: metadata, reasoning and text deltas, http(s) sources, finish; starts, ends and unknown types only keep it alive", async () => {
    const t = transport(() =>
      uiStreamResponse([
        { type: 'start', messageId: 'a-1', messageMetadata: { msgType: 'answermsg' } },
        { type: 'start-step' },
        { type: 'reasoning-start', id: 'r-1' },
        { type: 'reasoning-delta', id: 'r-1', delta: 'The hours are ' },
        { type: 'reasoning-delta', id: 'r-1', delta: 'in the FAQ.' },
        { type: 'reasoning-end', id: 'r-1' },
        { type: 'data-weather', data: { sunny: true } },
        { type: 'text-start', id: 't-1' },
        { type: 'text-delta', id: 't-1', delta: 'We open ' },
        { type: 'text-delta', id: 't-1', delta: 'at nine.' },
        { type: 'text-end', id: 't-1' },
        { type: 'source-url', sourceId: 's-1', url: 'https://shop.example/hours', title: 'Opening hours' },
        { type: 'source-url', sourceId: 's-2', url: 'javascript:alert(1)' },
        { type: 'source-url', sourceId: 's-3', url: 'http://shop.example/faq' },
        { type: 'finish-step' },
        { type: 'finish', messageMetadata: { suggestions: ['And close?'] } },
      ]),
    );
    const frames = await t.frames();
    expect(frames.filter((f) => f.type !== 'alive')).toEqual<RobotFrame[]>([
      { type: 'metadata', metadata: { msgType: 'answermsg' } },
      { type: 'reasoning', part: 'r-1', delta: 'The hours are ' },
      { type: 'reasoning', part: 'r-1', delta: 'in the FAQ.' },
      { type: 'text', part: 't-1', delta: 'We open ' },
      { type: 'text', part: 't-1', delta: 'at nine.' },
      { type: 'source', source: { url: 'https://shop.example/hours', title: 'Opening hours' } },
      { type: 'source', source: { url: 'http://shop.example/faq' } },
      { type: 'metadata', metadata: { suggestions: ['And close?'] } },
      { type: 'finish' },
    ]);
    // start-step, reasoning-start/-end, data-weather, text-start/-end, the dropped source, finish-step and [DONE].
    expect(frames.filter((f) => f.type === 'alive')).toHaveLength(9);
    expect(t.warn.mock.calls.map(([line]) => line)).toEqual(['robotAsk stream: source-url "javascript:alert(1)" is not an http(s) URL; dropped']);
  });

  it('reads a stream made by streamText over a model (the mock of ai/test): reasoning, text and sources', async () => {
    const t = transport(() =>
      modelStreamResponse({ reasoning: 'Looking it up.', text: ['Nine ', 'to six.'], sources: ['https://a.example/', 'https://b.example/'] }),
    );
    const frames = (await t.frames()).filter((f) => f.type !== 'alive');
    expect(frames).toEqual<RobotFrame[]>([
      { type: 'reasoning', part: expect.any(String) as string, delta: 'Looking it up.' },
      { type: 'text', part: expect.any(String) as string, delta: 'Nine ' },
      { type: 'text', part: expect.any(String) as string, delta: 'to six.' },
      { type: 'source', source: { url: 'https://a.example/', title: 'Source 1' } },
      { type: 'source', source: { url: 'https://b.example/', title: 'Source 2' } },
      { type: 'finish' },
    ]);
  });

  it('an error frame and an abort frame are handed over; so are a frame that is not JSON (with a log line) and a delta without text (dropped)', async () => {
    const body =
      'data: {"type":"text-delta","id":"t","delta":"Half"}\n\ndata: not json\n\ndata: {"type":"text-delta","id":"t"}\n\ndata: {"type":"error","errorText":"model overloaded"}\n\ndata: {"type":"abort"}\n\n';
    const t = transport(() => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    expect((await t.frames()).filter((f) => f.type !== 'alive')).toEqual<RobotFrame[]>([
      { type: 'text', part: 't', delta: 'Half' },
      { type: 'error', errorText: 'model overloaded' },
      { type: 'abort' },
    ]);
    expect(t.warn.mock.calls.map(([line]) => line)).toEqual([
      'robotAsk stream: a frame that is not a JSON object; ignored',
      'robotAsk stream: a text-delta without its delta; ignored',
    ]);
  });

  it('metadata of the wrong shape is ignored with one log line', async () => {
    const t = transport(() => uiStreamResponse([{ type: 'message-metadata', messageMetadata: 'answermsg' }, ...answerChunks({ deltas: ['Hi'] })]));
    expect((await t.frames()).filter((f) => f.type === 'metadata')).toEqual([]);
    expect(t.warn.mock.calls.map(([line]) => line)).toEqual(['robotAsk stream.messageMetadata: expected an object; the metadata is ignored']);
  });

  it("the UI message stream's header alone makes an answer a stream (either reading of the contract)", async () => {
    const body = 'data: {"type":"text-delta","id":"t","delta":"Hi"}\n\ndata: {"type":"finish"}\n\n';
    const t = transport(() => new Response(body, { headers: { 'content-type': 'text/plain', 'x-vercel-ai-ui-message-stream': 'v1' } }));
    expect((await t.frames()).map((f) => f.type)).toEqual(['text', 'finish']);
  });

  it('a refusal is an ApiError, a JSON answer without msgContent is malformed, as any call', async () => {
    await expect(transport(() => json({ code: 500, message: 'robot offline' })).frames()).rejects.toEqual(new ApiError('robotAsk', 500, 'robot offline'));
    await expect(transport(() => json({ code: 200, data: {} })).frames()).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('a stream cut mid-way is a NetworkError after the frames that came', async () => {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const t = transport(() => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const frames: RobotFrame[] = [];
    const ended = new Promise<unknown>((resolve) => t.api.robotAsk(REQUEST).subscribe({ next: (f) => frames.push(f), error: resolve }));
    await vi.waitFor(() => expect(controller).toBeDefined());
    controller?.enqueue(new TextEncoder().encode('data: {"type":"text-delta","id":"t","delta":"We open"}\n\n'));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    controller?.error(new TypeError('terminated'));
    // What happened and where, the call named once (by the error's call).
    expect(await ended).toEqual(new NetworkError('robotAsk', 'terminated', 'https://chat.example/api/chat/visitor/robotAsk'));
    expect(await ended).toMatchObject({ message: 'terminated (https://chat.example/api/chat/visitor/robotAsk)' });
  });

  it('unsubscribing aborts the request and stops reading the stream', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) });
    const t = transport(() => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const subscription = t.api.robotAsk(REQUEST).subscribe();
    await vi.waitFor(() => expect(t.requests).toHaveLength(1));
    subscription.unsubscribe();
    expect((t.requests[0]?.init?.signal as AbortSignal).aborted).toBe(true);
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });
});
