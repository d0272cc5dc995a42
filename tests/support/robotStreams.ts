import { createUIMessageStream, createUIMessageStreamResponse, streamText, type UIMessageChunk } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';

/**
 * Streamed robot answers made by the real producer, the AI SDK (docs/protocol.md "Streamed
 * answers": its UI message stream v1), for the engine's transport to read in tests. The engine
 * itself never imports `ai`.
 */

/** A UI message stream response writing `chunks` in order, as a backend built on the AI SDK answers. */
export function uiStreamResponse(chunks: readonly UIMessageChunk[], init?: ResponseInit): Response {
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      for (const chunk of chunks) writer.write(chunk);
    },
  });
  return createUIMessageStreamResponse({ stream, ...init });
}

/** The chunks of a whole answer: reasoning, the text in `deltas`, sources, metadata, finish. */
export function answerChunks({
  reasoning = [],
  deltas,
  sources = [],
  metadata,
}: {
  reasoning?: readonly string[];
  deltas: readonly string[];
  sources?: readonly { url: string; title?: string }[];
  metadata?: Record<string, unknown>;
}): UIMessageChunk[] {
  return [
    { type: 'start', messageId: 'a-1' },
    ...(reasoning.length
      ? [
          { type: 'reasoning-start', id: 'r-1' } as const,
          ...reasoning.map((delta) => ({ type: 'reasoning-delta', id: 'r-1', delta }) as const),
          { type: 'reasoning-end', id: 'r-1' } as const,
        ]
      : []),
    { type: 'text-start', id: 't-1' },
    ...deltas.map((delta) => ({ type: 'text-delta', id: 't-1', delta }) as const),
    { type: 'text-end', id: 't-1' },
    ...sources.map(({ url, title }, i) => ({ type: 'source-url', sourceId: `s-${i}`, url, ...(title && { title }) }) as const),
    ...(metadata ? [{ type: 'message-metadata', messageMetadata: metadata } as const] : []),
    { type: 'finish' },
  ];
}

/**
 * A model's answer streamed through `streamText` and `toUIMessageStreamResponse` with its reasoning
 * and sources, as a backend that puts a real model behind robotAsk answers (the model is the AI
 * SDK's mock, its chunks `delayMs` apart).
 */
export function modelStreamResponse({ reasoning, text, sources, delayMs = 0 }: { reasoning: string; text: string[]; sources: string[]; delayMs?: number }) {
  const model = new MockLanguageModelV3({
    doStream: () =>
      Promise.resolve({
        stream: simulateReadableStream({
          chunkDelayInMs: delayMs,
          chunks: [
            { type: 'stream-start', warnings: [] },
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: reasoning },
            { type: 'reasoning-end', id: 'r' },
            { type: 'text-start', id: 't' },
            ...text.map((delta) => ({ type: 'text-delta', id: 't', delta }) as const),
            { type: 'text-end', id: 't' },
            ...sources.map((url, i) => ({ type: 'source', sourceType: 'url', id: `s${i}`, url, title: `Source ${i + 1}` }) as const),
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
          ],
        }),
      }),
  });
  return streamText({ model, prompt: 'question' }).toUIMessageStreamResponse({ sendReasoning: true, sendSources: true });
}

const USAGE = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
