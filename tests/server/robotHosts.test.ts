import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { createServer, preview } from 'vite';
import { describe, expect, it } from 'vitest';
import type { ApiEnvelope, ChatStartData } from '#engine/protocol';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';
import { startServer } from '../../server/node';
import { referenceServer } from '../../server/vite';
import { STREAM_ACCEPT } from './aiStream';

/**
 * Every host passes robotAsk's stream through as it is written: nothing buffers it (a proxy's
 * buffering, or compression that waits for a block, would show the answer all at once at the end).
 */

/** Slow enough that the whole answer takes about a second, so buffering would show. */
const PACE = { robotTokensPerSecond: 120 };

/** How a streamed answer arrived: when its first frame came, when it ended, in how many reads, and its headers. */
interface Arrival {
  firstFrameMs: number;
  totalMs: number;
  reads: number;
  headers: Headers;
  text: string;
}

/** Starts a chat at `origin` and reads robotAsk's stream the way the widget does, asking for compression as a browser would. */
async function arrival(origin: string): Promise<Arrival> {
  const post = (call: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/chat/visitor/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const start = (await (await post('chatStart', { channelId: 'demo' })).json()) as ApiEnvelope<ChatStartData>;
  const began = performance.now();
  const response = await post(
    'robotAsk',
    { userId: start.data?.userId, channelId: 'demo', question: 'What are your opening hours?' },
    { accept: STREAM_ACCEPT, 'accept-encoding': 'gzip, deflate, br' },
  );
  if (!response.body) throw new Error('robotAsk answered no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let reads = 0;
  let firstFrameMs = Number.NaN;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    reads += 1;
    text += chunk.value;
    if (Number.isNaN(firstFrameMs) && text.includes('"type":"start"')) firstFrameMs = performance.now() - began;
  }
  return { firstFrameMs, totalMs: performance.now() - began, reads, headers: response.headers, text };
}

/** The stream came as it was written: the first frame long before the end, in many reads, uncompressed. */
function expectUnbuffered({ firstFrameMs, totalMs, reads, headers, text }: Arrival): void {
  expect(headers.get('content-type')).toBe('text/event-stream');
  expect(headers.get('content-encoding')).toBeNull();
  expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  expect(totalMs).toBeGreaterThan(500);
  expect(firstFrameMs).toBeLessThan(totalMs / 3);
  expect(reads).toBeGreaterThan(20);
}

describe("robotAsk's stream through each host", () => {
  it('the Node host (npm start): unbuffered and uncompressed, its header readable across origins', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, distDir: tmpdir(), devControls: false, corsOrigins: ['*'], ...PACE });
    try {
      const got = await arrival(server.url);
      expectUnbuffered(got);
      expect(got.headers.get('access-control-expose-headers')).toBe('x-vercel-ai-ui-message-stream');
    } finally {
      await server.close();
    }
  });

  it('the Vite plugin, in the dev server and in vite preview (whose compression middleware comes after it)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vite-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>vite</title>');
    const dev = await createServer({ configFile: false, root, logLevel: 'silent', plugins: [referenceServer(PACE)], server: { port: 0 } });
    await dev.listen();
    const previewed = await preview({ configFile: false, root, logLevel: 'silent', plugins: [referenceServer(PACE)], preview: { port: 0 } });
    try {
      for (const url of [dev.resolvedUrls?.local[0], previewed.resolvedUrls?.local[0]]) expectUnbuffered(await arrival(url?.replace(/\/$/, '') ?? ''));
    } finally {
      await dev.close();
      await previewed.close();
    }
  });

  it('the MSW handlers the integration tests use', async () => {
    const server = setupServer(...createHandlers(createApp(PACE)));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      expectUnbuffered(await arrival('https://widget.example'));
    } finally {
      server.close();
    }
  });
});
