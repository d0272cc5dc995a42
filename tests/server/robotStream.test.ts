import { afterEach, describe, expect, it, vi } from 'vitest';
import { MsgType, QuickReplyCode, SenderType } from '#engine/model/codes';
import type { RobotAskData } from '#engine/protocol';
import { acceptsStream } from '../../server/robotStream';
import { partsText, readWithAiSdk, robotVisitor, sourcesOf, STREAM_ACCEPT, type RobotEnvelope } from './aiStream';

/** The reference robot's streamed answers (docs/protocol.md robotAsk, "Streamed answers"), read by the AI SDK's own client. */

afterEach(() => {
  vi.restoreAllMocks();
});

/** Tests run the robot without waiting between tokens. */
const FAST = { robotTokensPerSecond: Number.POSITIVE_INFINITY };

describe('the reference robot streams its answer when the request accepts text/event-stream', () => {
  it('as an AI SDK UI message stream v1: the headers, then frames the AI SDK reads into reasoning, text and sources', async () => {
    const { ask } = await robotVisitor(FAST);
    const response = await ask('When will my parcel arrive?', STREAM_ACCEPT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('vary')).toBe('Accept');
    const { chunks, message } = await readWithAiSdk(response.body as ReadableStream<Uint8Array>);
    // Reasoning first, then the text, then the sources: the order the widget shows them in.
    expect(message?.parts.map((part) => part.type)).toEqual(['step-start', 'reasoning', 'text', 'source-url', 'source-url']);
    expect(partsText(message, 'reasoning')).toMatch(
      /^The visitor asks: “When will my parcel arrive\?”\. That matches the knowledge-base entry “How long does shipping take\?”/,
    );
    expect(partsText(message, 'text')).toBe(
      'Standard shipping takes 3–5 business days, express 1–2. You get a tracking link by email as soon as your order ships.',
    );
    expect(sourcesOf(message)).toEqual([
      { url: 'https://example.com/help/shipping', title: 'Shipping and delivery' },
      { url: 'https://example.com/help/tracking', title: 'Tracking your order' },
    ]);
    // The JSON answer's other fields ride in messageMetadata (start: the kind; finish: the suggestions).
    expect(message?.metadata).toEqual({
      msgType: MsgType.Answer,
      suggestions: ['What are your opening hours?', 'How do I return an item?', 'Which payment methods do you accept?'],
    });
    expect(chunks.at(0)).toMatchObject({ type: 'start', messageMetadata: { msgType: MsgType.Answer } });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop', messageMetadata: expect.objectContaining({ suggestions: expect.any(Array) }) });
  });

  it('one SSE event per frame, a delta per word, and data: [DONE] last', async () => {
    const { ask } = await robotVisitor(FAST);
    const text = await (await ask('What are your opening hours?', STREAM_ACCEPT)).text();
    const events = text.split('\n\n').filter((e) => e !== '');
    expect(events.every((e) => /^data: \S.*$/.test(e))).toBe(true);
    expect(events.at(-1)).toBe('data: [DONE]');
    const frames = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)) as { type: string; delta?: string });
    expect(frames.map((f) => f.type).filter((t) => !t.endsWith('-delta'))).toEqual([
      'start',
      'start-step',
      'reasoning-start',
      'reasoning-end',
      'text-start',
      'text-end',
      'source-url',
      'finish-step',
      'finish',
    ]);
    const deltas = frames.filter((f) => f.type === 'text-delta').map((f) => f.delta);
    expect(deltas.slice(0, 3)).toEqual(['We', ' are', ' open']);
  });

  it('stores the answer once, under the id the stream names in start (a reload shows it)', async () => {
    const { ask, history, userId } = await robotVisitor(FAST);
    const { chunks } = await readWithAiSdk((await ask('Do you sell unicorns?', STREAM_ACCEPT)).body as ReadableStream<Uint8Array>);
    const stored = await history(userId);
    expect(stored).toEqual([
      expect.objectContaining({ senderType: SenderType.Robot, senderName: 'Robo', msgType: MsgType.Faq, msgContent: expect.stringMatching(/don't know/) }),
    ]);
    expect(chunks[0]).toEqual({ type: 'start', messageId: stored[0]?.id, messageMetadata: { msgType: MsgType.Faq } });
  });

  it('answers JSON as before when Accept does not name the stream (absent, JSON only, or q=0)', async () => {
    const { ask } = await robotVisitor(FAST);
    for (const accept of [undefined, 'application/json', '*/*', 'text/event-stream;q=0, application/json']) {
      const response = await ask('When will my parcel arrive?', accept);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const envelope = (await response.json()) as RobotEnvelope;
      expect(envelope).toMatchObject({ code: 200, data: { msgType: MsgType.Answer, msgContent: expect.stringMatching(/business days/) } });
    }
  });

  it('refuses a bad request in the JSON envelope even when the stream is accepted', async () => {
    const { ask } = await robotVisitor(FAST);
    const response = await ask('', STREAM_ACCEPT);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: 400, message: 'question is required' });
  });

  it('reads Accept as a list of media ranges', () => {
    expect(acceptsStream('text/event-stream, application/json')).toBe(true);
    expect(acceptsStream('application/json;q=0.9, Text/Event-Stream;q=0.5')).toBe(true);
    expect(acceptsStream('text/event-stream;q=0')).toBe(false);
    expect(acceptsStream('text/*')).toBe(false);
    expect(acceptsStream(undefined)).toBe(false);
  });

  it('paces tokens at robotTokensPerSecond: the answer takes at least its tokens over the pace', async () => {
    const { ask } = await robotVisitor({ robotTokensPerSecond: 400 });
    const started = performance.now();
    const response = await ask('What are your opening hours?', STREAM_ACCEPT);
    const { message } = await readWithAiSdk(response.body as ReadableStream<Uint8Array>);
    const took = performance.now() - started;
    const chars = partsText(message, 'reasoning').length + partsText(message, 'text').length;
    // About 4 characters a token; timers never fire early, so this is a floor (with rounding per word).
    expect(took).toBeGreaterThan(((chars / 4) * 0.8 * 1000) / 400);
  });

  it('stops when the client goes away, quietly', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { ask } = await robotVisitor({ robotTokensPerSecond: 50 });
    const controller = new AbortController();
    const response = await ask('What are your opening hours?', STREAM_ACCEPT, {}, controller.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('every kind of visitor message gets a sensible answer (robotAsk msgType)', () => {
  const transfer = { name: 'Human agent', code: QuickReplyCode.TransferToHuman, isHighlight: true };

  it.each([
    [MsgType.Image, '/api/chat/visitor/files/abc.png', /^Thanks for the photo — I can't look at images myself/],
    [MsgType.Audio, '/api/chat/visitor/files/abc.webm', /^Thanks for the voice message — I can't listen to recordings yet/],
    [MsgType.Video, '/api/chat/visitor/files/abc.mp4', /^Thanks for the video — I can't watch videos myself/],
    [MsgType.File, '/api/chat/visitor/files/abc.pdf', /^Thanks, I've got your file “abc\.pdf”\. I can't open attachments myself/],
  ])('msgType %s answers as that kind, offering a human agent first', async (msgType, question, text) => {
    const { data, userId } = await robotVisitor(FAST);
    const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question, msgType });
    expect(reply.msgContent).toMatch(text);
    expect(reply.msgType).toBe(MsgType.Text);
    expect(reply.suggestions?.[0]).toEqual(transfer);
  });

  it('names an uploaded file by the name it was uploaded with; a numeric string msgType counts', async () => {
    const { post, data, userId } = await robotVisitor(FAST);
    const form = new FormData();
    form.set('userId', userId);
    form.set('file', new File(['%PDF-1.4'], 'invoice 2024-03.pdf', { type: 'application/pdf' }));
    const { envelope } = await post<{ url: string }>('/api/chat/visitor/upload', form, {});
    const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question: envelope.data?.url, msgType: '4' });
    expect(reply.msgContent).toContain('“invoice 2024-03.pdf”');
  });

  it('streams a media answer too, with reasoning about what was sent', async () => {
    const { ask } = await robotVisitor(FAST);
    const { message } = await readWithAiSdk(
      (await ask('/api/chat/visitor/files/x.png', STREAM_ACCEPT, { msgType: MsgType.Image })).body as ReadableStream<Uint8Array>,
    );
    expect(partsText(message, 'reasoning')).toMatch(/^The visitor sent a photo \(“x\.png”\), not a question in words/);
    expect(partsText(message, 'text')).toMatch(/^Thanks for the photo/);
    expect(sourcesOf(message)).toEqual([]);
  });

  it('answers a card the visitor shared (msgType "card": the question its fallback, the card beside it) by asking what they would like to know of it', async () => {
    const { data, userId } = await robotVisitor(FAST);
    const card = JSON.stringify({ code: 'goods', data: { name: 'Alpine boots' }, fallback: 'Alpine boots, EUR 129.90' });
    const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question: 'Alpine boots, EUR 129.90', msgType: MsgType.Card, card });
    expect(reply.msgContent).toMatch(/^Thanks for sharing “Alpine boots, EUR 129\.90”\. What would you like to know about it\?/);
    expect(reply.msgType).toBe(MsgType.Text);
  });

  it('answers an unknown msgType as text, with one log line; absent is text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { data, userId } = await robotVisitor(FAST);
    const odd = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question: 'When will my parcel arrive?', msgType: 'sticker' });
    expect(odd.msgType).toBe(MsgType.Answer);
    expect(warn.mock.calls).toEqual([['robotAsk: msgType "sticker" is no kind of visitor message (1, 2, 4, 5, 6, "card"); answered as text']]);
    const plain = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question: 'When will my parcel arrive?', msgType: MsgType.Text });
    expect(plain.msgContent).toBe(odd.msgContent);
  });
});
