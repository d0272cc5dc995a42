import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MessageStatus, MsgType, createChatEngine, memoryStorage, type ChatEngine } from '@visitor-chat/chat-engine';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';

/** The reference server behind MSW at an absolute origin. */
const server = setupServer(...createHandlers(createApp()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const API_BASE = 'http://widget.test';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function readyEngine(): Promise<ChatEngine> {
  const engine = createChatEngine({ apiBase: API_BASE, query: '?channelid=demo', storage: memoryStorage(), log: { warn: () => undefined } });
  onTestFinished(() => engine.dispose());
  engine.start();
  await vi.waitFor(() => expect(engine.getSnapshot().phase).toBe('ready'));
  return engine;
}

describe('SPEC §4 Sending against the reference server', () => {
  it('an image is uploaded, then sent with the url the server returned (absolute, on the API origin); the file is served there', async () => {
    const engine = await readyEngine();

    const result = engine.sendFile(new Blob([PNG], { type: 'image/png' }), 'cat.png');

    expect(result).toHaveProperty('id');
    const id = 'id' in result ? result.id : '';
    await vi.waitFor(() => expect(engine.getSnapshot().messages.find((m) => m.id === id)?.status).toBe(MessageStatus.Sent));
    const message = engine.getSnapshot().messages.find((m) => m.id === id);
    expect(message).toMatchObject({ msgType: MsgType.Image, fileName: 'cat.png', fileSize: PNG.length });
    expect(message?.fileUrl).toMatch(/^http:\/\/widget\.test\/api\/chat\/visitor\/files\/.+\.png$/);
    const served = await fetch(message?.fileUrl ?? '');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('a failing upload (fail.png) marks the message fail and sends nothing', async () => {
    const engine = await readyEngine();
    const sent = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/sendMsg')) sent();
    });

    const result = engine.sendFile(new Blob([PNG], { type: 'image/png' }), 'fail.png');
    const id = 'id' in result ? result.id : '';

    await vi.waitFor(() => expect(engine.getSnapshot().messages.find((m) => m.id === id)?.status).toBe(MessageStatus.Fail));
    expect(engine.getSnapshot().messages.find((m) => m.id === id)?.fileUrl).toBeUndefined();
    expect(sent).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });
});

describe('uploadBase64 (issue 27): a backend that takes no multipart upload', () => {
  /** The upload call answers as a backend without multipart support would: envelope code `code`. */
  const refusingMultipart = (code: number) =>
    server.use(http.post(`${API_BASE}/api/chat/visitor/upload`, () => HttpResponse.json({ code, message: 'multipart is not supported here' })));

  it.each([405, 415, 501])('an upload refused with %i sends the image again as base64; the server keeps the very bytes', async (code) => {
    refusingMultipart(code);
    const engine = await readyEngine();
    const result = engine.sendFile(new Blob([PNG], { type: 'image/png' }), 'cat.png');
    const id = 'id' in result ? result.id : '';

    await vi.waitFor(() => expect(engine.getSnapshot().messages.find((m) => m.id === id)?.status).toBe(MessageStatus.Sent));
    const message = engine.getSnapshot().messages.find((m) => m.id === id);
    expect(message).toMatchObject({ msgType: MsgType.Image, fileName: 'cat.png' });
    const served = await fetch(message?.fileUrl ?? '');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('a file that is no image, or an upload failing for another reason (500), fails as before: nothing goes as base64', async () => {
    const base64 = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/uploadBase64')) base64();
    });
    onTestFinished(() => server.events.removeAllListeners());
    refusingMultipart(415);
    const engine = await readyEngine();
    const pdf = engine.sendFile(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'invoice.pdf');
    await vi.waitFor(() => expect(engine.getSnapshot().messages.find((m) => 'id' in pdf && m.id === pdf.id)?.status).toBe(MessageStatus.Fail));

    refusingMultipart(500);
    const image = engine.sendFile(new Blob([PNG], { type: 'image/png' }), 'cat.png');
    await vi.waitFor(() => expect(engine.getSnapshot().messages.find((m) => 'id' in image && m.id === image.id)?.status).toBe(MessageStatus.Fail));
    expect(base64).not.toHaveBeenCalled();
  });
});
