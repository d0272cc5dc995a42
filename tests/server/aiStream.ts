import { serve, type ServerType } from '@hono/node-server';
import {
  createUIMessageStreamResponse,
  parseJsonEventStream,
  readUIMessageStream,
  streamText,
  uiMessageChunkSchema,
  validateUIMessages,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { Hono } from 'hono';
import type { RobotAskData } from '#engine/protocol';
import { setup } from './helpers';

/** robotAsk's request headers when the widget asks for a stream (docs/protocol.md robotAsk). */
export const STREAM_ACCEPT = 'text/event-stream, application/json';

/** The reference app and a visitor of the demo channel, with robotAsk called the way a client does. */
export async function robotVisitor(options: Parameters<typeof setup>[0] = {}) {
  const server = setup(options);
  const { userId } = await server.start('demo');
  /** robotAsk with the given Accept (none: no header), as a raw Response. */
  const ask = (question: string, accept?: string, extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
    server.app.fetch(
      new Request('http://localhost/api/chat/visitor/robotAsk', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(accept !== undefined && { accept }) },
        body: JSON.stringify({ userId, channelId: 'demo', question, ...extra }),
        signal,
      }),
    );
  return { ...server, userId, ask };
}

/** What the AI SDK's own client reads from a UI message stream: every chunk, checked by its schema, and the message they build. */
export async function readWithAiSdk(body: ReadableStream<Uint8Array>): Promise<{ chunks: UIMessageChunk[]; message: UIMessage | undefined }> {
  const chunks: UIMessageChunk[] = [];
  const parsed = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream<{ success: true; value: UIMessageChunk } | { success: false; error: Error }, UIMessageChunk>({
      transform(result, controller) {
        // A frame the AI SDK cannot read fails the test, as DefaultChatTransport would fail the chat.
        if (!result.success) throw result.error;
        chunks.push(result.value);
        controller.enqueue(result.value);
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const next of readUIMessageStream({ stream: parsed })) message = next;
  return { chunks, message };
}

/** The text of a message's parts of one type, in order. */
export function partsText(message: UIMessage | undefined, type: 'text' | 'reasoning'): string {
  return (message?.parts ?? []).flatMap((part) => (part.type === type ? [part.text] : [])).join('');
}

/** The sources a message cites. */
export function sourcesOf(message: UIMessage | undefined): Array<{ url: string; title?: string }> {
  return (message?.parts ?? []).flatMap((part) => (part.type === 'source-url' ? [{ url: part.url, title: part.title }] : []));
}

/** How an upstream chat endpoint behaves. */
type UpstreamMode = 'answer' | 'error' | 'refuse' | 'cut' | 'silent' | 'json';

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 15, reasoning: 5 },
};

/** A part of a language model's stream (the AI SDK's LanguageModelV3StreamPart). */
type ModelPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** A model (the AI SDK's mock) that thinks, answers in three deltas and cites a page. */
function model(fails: boolean) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream<ModelPart>({
        chunks: fails
          ? [
              { type: 'stream-start' as const, warnings: [] },
              { type: 'error' as const, error: new Error('the model is overloaded') },
            ]
          : [
              { type: 'stream-start' as const, warnings: [] },
              { type: 'reasoning-start' as const, id: 'r' },
              { type: 'reasoning-delta' as const, id: 'r', delta: 'Shipping question.' },
              { type: 'reasoning-end' as const, id: 'r' },
              { type: 'text-start' as const, id: 't' },
              { type: 'text-delta' as const, id: 't', delta: 'Parcels ' },
              { type: 'text-delta' as const, id: 't', delta: 'arrive in ' },
              { type: 'text-delta' as const, id: 't', delta: '3–5 days.' },
              { type: 'text-end' as const, id: 't' },
              { type: 'source' as const, sourceType: 'url' as const, id: 's', url: 'https://shop.example/shipping', title: 'Shipping' },
              { type: 'finish' as const, usage: USAGE, finishReason: { unified: 'stop' as const, raw: 'stop' } },
            ],
      }),
    }),
  });
}

/** An AI SDK chat endpoint on a port of this machine, built with the AI SDK's own server helpers. */
export interface Upstream {
  url: string;
  /** The request bodies it got, as parsed JSON. */
  bodies: unknown[];
  mode: UpstreamMode;
  close: () => Promise<void>;
}

/** Starts an upstream chat endpoint (POST /api/chat) that answers as `mode` says. */
export async function startUpstream(): Promise<Upstream> {
  const app = new Hono();
  const upstream: Omit<Upstream, 'url' | 'close'> = { bodies: [], mode: 'answer' };
  app.post('/api/chat', async (c) => {
    const body = (await c.req.json()) as { messages: unknown };
    upstream.bodies.push(body);
    // The body must be what the AI SDK's server side accepts as its chat.
    const messages = await validateUIMessages({ messages: body.messages });
    const { mode } = upstream;
    if (mode === 'refuse') return c.text('model quota exceeded', 500);
    if (mode === 'json') return c.json({ answer: 'not a stream' });
    if (mode === 'cut' || mode === 'silent') {
      const stream = new ReadableStream<UIMessageChunk>({
        start(controller) {
          controller.enqueue({ type: 'start' });
          if (mode === 'silent') return;
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: 'Parcels arr' });
          controller.close();
        },
      });
      return createUIMessageStreamResponse({ stream });
    }
    // onError: the failure is the test's subject; the AI SDK would log it too.
    const result = streamText({ model: model(mode === 'error'), prompt: `${messages.length} messages`, onError: () => undefined });
    return result.toUIMessageStreamResponse({
      sendReasoning: true,
      sendSources: true,
      messageMetadata: ({ part }) =>
        part.type === 'start' ? { msgType: 'answermsg' } : part.type === 'finish' ? { suggestions: ['How do I return an item?'] } : undefined,
    });
  });
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  return Object.assign(upstream, {
    url: `http://127.0.0.1:${port}/api/chat`,
    close: () => new Promise<void>((resolve) => server?.close(() => resolve())),
  });
}

/** robotAsk's JSON envelope. */
export type RobotEnvelope = { code: number; message?: string; data?: RobotAskData };
