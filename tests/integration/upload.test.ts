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
  it('an image is uploaded, then sent with the url the server returned; the file is served there', async () => {
    const engine = await readyEngine();

    const result = engine.sendFile(new Blob([PNG], { type: 'image/png' }), 'cat.png');

    expect(result).toHaveProperty('id');
    const id = 'id' in result ? result.id : '';
    await vi.waitFor(() => expect(engine.getSnapshot().messages.find((m) => m.id === id)?.status).toBe(MessageStatus.Sent));
    const message = engine.getSnapshot().messages.find((m) => m.id === id);
    expect(message).toMatchObject({ msgType: MsgType.Image, fileName: 'cat.png', fileSize: PNG.length });
    expect(message?.fileUrl).toMatch(/^\/api\/chat\/visitor\/files\/.+\.png$/);
    const served = await fetch(API_BASE + (message?.fileUrl ?? ''));
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
