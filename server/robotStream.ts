import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { Reply } from './robotReply.ts';

/**
 * A frame of the AI SDK's UI message stream protocol v1 (docs/protocol.md robotAsk, "Streamed
 * answers"): a JSON object with its `type`; which fields go with which type is the protocol's.
 */
export type UiFrame = { type: string } & Record<string, unknown>;

/** The header that names the protocol (the AI SDK's UI_MESSAGE_STREAM_HEADERS). */
export const UI_STREAM_HEADER = 'x-vercel-ai-ui-message-stream';
/** The stream's last event, after the last frame. */
export const DONE = '[DONE]';
/** What the visitor reads when the robot fails mid-answer: never the cause, which goes to the log. */
const ROBOT_FAILED = 'The assistant could not finish this answer.';

/** The reference robot's pace unless told otherwise: a middling model's (the AI SDK's examples run at 30–60 tokens/s). */
export const DEFAULT_TOKENS_PER_SECOND = 45;
/** The wait before the first token, in tokens' worth of time (a model's time to first token). */
const FIRST_TOKEN_TOKENS = 12;
/** Characters per token, the usual estimate for English text. */
const CHARS_PER_TOKEN = 4;

/**
 * Whether the request asks for a stream: its Accept names text/event-stream (with a q above 0).
 * The widget sends `text/event-stream, application/json`; a client that does not gets JSON.
 */
export function acceptsStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return type === 'text/event-stream' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Writes one frame as an SSE event (`data: <json>`). */
export function send(stream: SSEStreamingApi, frame: UiFrame): Promise<void> {
  return stream.writeSSE({ data: JSON.stringify(frame) });
}

/**
 * Answers with a UI message stream that `write` fills; whatever it throws ends the stream with an
 * `error` frame (its cause logged once), and `[DONE]` always closes it. Proxies are asked not to
 * buffer it (X-Accel-Buffering, as the AI SDK does); nothing here compresses it.
 */
export function uiStream(c: Context, write: (stream: SSEStreamingApi) => Promise<void>): Response {
  c.header(UI_STREAM_HEADER, 'v1');
  c.header('X-Accel-Buffering', 'no');
  c.header('Vary', 'Accept');
  return streamSSE(c, async (stream) => {
    try {
      await write(stream);
    } catch (error) {
      // The visitor left (the widget aborted): nothing to tell, nobody to tell it to.
      if (stream.aborted) return;
      console.warn(`robotAsk: the stream failed: ${error instanceof Error ? error.message : String(error)}`);
      await send(stream, { type: 'error', errorText: ROBOT_FAILED });
    }
    if (!stream.aborted) await stream.writeSSE({ data: DONE });
  });
}

/** Tokens of a text, each a word with the space before it, for the deltas. */
function tokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/**
 * The local robot's reply as a stream at `tokensPerSecond` (Infinity: no waiting): `start` with the
 * stored answer's id and its msgType, the reasoning, then the text, a delta per word (paced by its
 * length in tokens), its sources, and `finish` with the suggestions.
 */
export async function streamReply(stream: SSEStreamingApi, { data, reasoning, sources }: Reply, messageId: string, tokensPerSecond: number): Promise<void> {
  const msPerToken = Number.isFinite(tokensPerSecond) && tokensPerSecond > 0 ? 1000 / tokensPerSecond : 0;
  const pause = async (tokenCount: number) => {
    if (msPerToken > 0 && !stream.aborted) await stream.sleep(tokenCount * msPerToken);
  };
  const part = async (kind: 'reasoning' | 'text', id: string, text: string) => {
    await send(stream, { type: `${kind}-start`, id });
    for (const delta of tokens(text)) {
      if (stream.aborted) return;
      await send(stream, { type: `${kind}-delta`, id, delta });
      await pause(Math.max(1, Math.round(delta.trim().length / CHARS_PER_TOKEN)));
    }
    await send(stream, { type: `${kind}-end`, id });
  };
  const msgType = data.msgType;
  await send(stream, { type: 'start', messageId, ...(msgType !== undefined && { messageMetadata: { msgType } }) });
  await send(stream, { type: 'start-step' });
  await pause(FIRST_TOKEN_TOKENS);
  await part('reasoning', 'reasoning-1', reasoning);
  await part('text', 'text-1', data.msgContent);
  for (const [i, { url, title }] of sources.entries()) await send(stream, { type: 'source-url', sourceId: `source-${i + 1}`, url, title });
  await send(stream, { type: 'finish-step' });
  await send(stream, {
    type: 'finish',
    finishReason: 'stop',
    messageMetadata: { ...(msgType !== undefined && { msgType }), suggestions: data.suggestions ?? [] },
  });
}
