import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { RobotAskData } from '../engine/protocol.ts';
import { DONE, UI_STREAM_HEADER, type UiFrame } from './robotStream.ts';

/** An AI SDK-compatible chat endpoint that answers robotAsk in place of the reference robot (ROBOT_URL). */
export interface RobotUpstream {
  /** POSTed the AI SDK's chat request; answers a UI message stream (`toUIMessageStreamResponse()`). */
  url: string;
  /** The fetch to call it with (default: the global one). */
  fetch?: typeof fetch;
  /** No frame for this long fails the answer (default 15 s: inside the widget's 20 s stall time-out, so the cause is ours to log). */
  idleMs?: number;
}

const DEFAULT_IDLE_MS = 15_000;

/** A message of the AI SDK's chat (its UIMessage), as DefaultChatTransport sends it: text parts only here. */
export interface UiMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: Array<{ type: 'text'; text: string }>;
}

/** The body DefaultChatTransport (ai@6) POSTs: the chat's id, its messages, and what triggered the request. */
export interface ChatRequest {
  id: string;
  messages: UiMessage[];
  trigger: 'submit-message';
}

/** The upstream failed; the message is for the log, never for the visitor. */
export class UpstreamError extends Error {}

/** A text message of the chat. */
export function uiMessage(id: string, role: UiMessage['role'], text: string): UiMessage {
  return { id, role, parts: [{ type: 'text', text }] };
}

/** The first line of a text, for a log line. */
function head(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line || '(empty body)';
}

/** A frame from its SSE data, or undefined when it is no JSON object with a string `type`. */
function parseFrame(data: string): UiFrame | undefined {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string') return value as UiFrame;
  } catch {
    // Not JSON: dropped below, counted.
  }
  return undefined;
}

/** One read, or an UpstreamError when nothing comes for `ms`. */
async function readWithin<T>(reader: ReadableStreamDefaultReader<T>, ms: number): Promise<ReadableStreamReadResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamError(`no frame for ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([reader.read(), idle]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The upstream's frames as they come (its `[DONE]` ends them). Refusals (HTTP ≥ 400), answers that
 * are no UI message stream, network failures and silence throw an UpstreamError; frames that are no
 * JSON object with a `type` are dropped, with one log line for the answer. Ending early (`return`
 * from the loop, or `signal`) cancels the upstream request.
 */
export async function* upstreamFrames(upstream: RobotUpstream, request: ChatRequest, signal?: AbortSignal): AsyncGenerator<UiFrame> {
  const where = `ROBOT_URL ${upstream.url}`;
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let response: Response;
  try {
    response = await (upstream.fetch ?? globalThis.fetch)(upstream.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: controller.signal,
    });
  } catch (error) {
    signal?.removeEventListener('abort', abort);
    throw new UpstreamError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const type = response.headers.get('content-type') ?? '';
  const streams = type.toLowerCase().includes('text/event-stream') || response.headers.has(UI_STREAM_HEADER);
  if (!response.ok || !streams || !response.body) {
    signal?.removeEventListener('abort', abort);
    const body = await response.text().catch(() => '');
    const what = response.ok ? ` ${type || 'without a Content-Type'}, not a UI message stream` : '';
    throw new UpstreamError(`${where}: HTTP ${response.status}${what}: ${head(body)}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  let dropped = 0;
  try {
    for (;;) {
      const next = await readWithin(reader, upstream.idleMs ?? DEFAULT_IDLE_MS);
      if (next.done || next.value.data === DONE) return;
      const frame = parseFrame(next.value.data);
      if (frame) yield frame;
      else dropped += 1;
    }
  } catch (error) {
    throw error instanceof UpstreamError ? new UpstreamError(`${where}: ${error.message}`) : error;
  } finally {
    signal?.removeEventListener('abort', abort);
    if (dropped > 0) console.warn(`robotAsk: ${where} sent ${dropped} frame(s) that are no JSON object with a "type"; dropped`);
    controller.abort();
    reader.cancel().catch(() => undefined);
  }
}

/** The fields of RobotAskData that `messageMetadata` may carry (docs/protocol.md robotAsk). */
type AnswerMetadata = Pick<RobotAskData, 'msgType' | 'robotAskMsgType' | 'suggestions'>;

/** What an answer's frames add up to: its text, its metadata, and how it ended. */
export class Answer {
  private readonly parts = new Map<string, string>();
  private metadata: AnswerMetadata = {};
  /** `finish` came. */
  finished = false;
  /** An `error` frame's text, or `abort`. */
  failure: string | undefined;

  /** Takes in one frame; a bad messageMetadata is ignored with one log line. */
  add(frame: UiFrame): void {
    const { type } = frame;
    if (type === 'text-delta' && typeof frame.id === 'string' && typeof frame.delta === 'string') {
      this.parts.set(frame.id, (this.parts.get(frame.id) ?? '') + frame.delta);
    } else if (type === 'error') this.failure = typeof frame.errorText === 'string' ? frame.errorText : 'error';
    else if (type === 'abort') this.failure = 'abort';
    else if (type === 'finish') this.finished = true;
    if ((type === 'start' || type === 'message-metadata' || type === 'finish') && frame.messageMetadata !== undefined) this.meta(frame.messageMetadata);
  }

  /** The text parts in order, a blank line between them (docs/protocol.md robotAsk). */
  get text(): string {
    return [...this.parts.values()].filter((part) => part.trim() !== '').join('\n\n');
  }

  /** The answer as robotAsk's JSON data. */
  get data(): RobotAskData {
    return { msgContent: this.text, ...this.metadata };
  }

  private meta(value: unknown): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      console.warn('robotAsk: ROBOT_URL sent a messageMetadata that is not an object; ignored');
      return;
    }
    const { msgType, robotAskMsgType, suggestions } = value as Record<string, unknown>;
    const kind = (v: unknown) => typeof v === 'string' || typeof v === 'number';
    const reply = (s: unknown) => typeof s === 'string' || (typeof s === 'object' && s !== null && typeof (s as { name?: unknown }).name === 'string');
    const bad: string[] = [];
    const next: AnswerMetadata = { ...this.metadata };
    if (kind(msgType)) next.msgType = msgType as string | number;
    else if (msgType !== undefined) bad.push('msgType');
    if (kind(robotAskMsgType)) next.robotAskMsgType = robotAskMsgType as string | number;
    else if (robotAskMsgType !== undefined) bad.push('robotAskMsgType');
    if (Array.isArray(suggestions) && suggestions.every(reply)) next.suggestions = suggestions as RobotAskData['suggestions'];
    else if (suggestions !== undefined) bad.push('suggestions');
    if (bad.length > 0) console.warn(`robotAsk: ROBOT_URL sent messageMetadata with a bad ${bad.join(', ')}; ignored`);
    this.metadata = next;
  }
}
