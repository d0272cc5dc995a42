import { HTTP_TIMEOUT_MS } from '../constants';
import { MsgType } from '../model/codes';
import { count, defineCheck, fail, firstOf, needsRobotQuestion, pass, skip, warn, type Check } from './context';
import { snippet } from './wire';

/** What the widget asks for (docs/protocol.md robotAsk, "Streamed answers"). */
const STREAM_ACCEPT = 'text/event-stream, application/json';
/** The header that names the protocol and its version. */
const UI_STREAM_HEADER = 'x-vercel-ai-ui-message-stream';
/** The longest a whole stream may take before the checker stops reading (a robot may talk long, not forever). */
const MAX_STREAM_MS = 5 * 60_000;
const DOCS = 'docs/protocol.md, robotAsk, "Streamed answers"';

/** How a UI message stream read: its frames by kind, the text, and what is wrong with it. */
interface StreamReading {
  frames: number;
  textDeltas: number;
  reasoningDeltas: number;
  sources: number;
  text: string;
  finished: boolean;
  done: boolean;
  errorText?: string;
  /** Breaks the widget's reading: the check fails. */
  problems: string[];
  /** The widget copes, worse: the check warns. */
  notes: string[];
  /** The stream stalled for the widget's stall time. */
  stalledMs?: number;
}

/** An SSE data line that is a frame: a JSON object with a string `type`. */
function frameOf(data: string): Record<string, unknown> & { type: string } {
  const value: unknown = JSON.parse(data);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') {
    throw new SyntaxError('not a JSON object with a string "type"');
  }
  return value as Record<string, unknown> & { type: string };
}

/**
 * Reads a UI message stream as the widget does: every frame JSON, text and reasoning deltas inside
 * their part (ids opened by *-start, closed by *-end), then `finish` and `[DONE]`. No frame for
 * `stallMs` stops the reading, as the widget's stall time-out would.
 */
async function readStream(body: ReadableStream<Uint8Array<ArrayBuffer>>, stallMs: number): Promise<StreamReading> {
  const { createParser } = await import('eventsource-parser');
  const r: StreamReading = { frames: 0, textDeltas: 0, reasoningDeltas: 0, sources: 0, text: '', finished: false, done: false, problems: [], notes: [] };
  const open = { text: new Set<string>(), reasoning: new Set<string>() };
  const onData = (data: string) => {
    if (r.done) return r.notes.push(`an event after [DONE]: ${snippet(data, 40)}`);
    if (data === '[DONE]') return (r.done = true);
    let frame: Record<string, unknown> & { type: string };
    try {
      frame = frameOf(data);
    } catch (error) {
      return r.problems.push(
        `frame ${r.frames + 1} is ${error instanceof SyntaxError && /type/.test(error.message) ? 'no object with a "type"' : 'not JSON'}: ${snippet(data, 40)}`,
      );
    }
    r.frames += 1;
    if (r.finished) r.notes.push(`a ${frame.type} frame after finish`);
    const [kind, step] = frame.type.split('-') as [string, string | undefined];
    if ((kind === 'text' || kind === 'reasoning') && (step === 'start' || step === 'delta' || step === 'end')) {
      const ids = open[kind];
      const id = typeof frame.id === 'string' ? frame.id : undefined;
      if (id === undefined) return r.problems.push(`a ${frame.type} frame without an id`);
      if (step === 'start') return ids.add(id);
      if (!ids.has(id)) return r.problems.push(`a ${frame.type} frame with id "${id}" that no open ${kind}-start named`);
      if (step === 'end') return ids.delete(id);
      if (typeof frame.delta !== 'string') return r.problems.push(`a ${frame.type} frame without a string delta`);
      if (kind === 'reasoning') return (r.reasoningDeltas += 1);
      r.textDeltas += 1;
      r.text += frame.delta;
    } else if (frame.type === 'source-url') {
      r.sources += 1;
      if (typeof frame.url !== 'string' || !/^https?:\/\//i.test(frame.url))
        r.notes.push(`a source-url whose url is not http(s) (the widget drops it): ${snippet(String(frame.url), 40)}`);
    } else if (frame.type === 'error') r.errorText = typeof frame.errorText === 'string' ? frame.errorText : '';
    else if (frame.type === 'finish') r.finished = true;
    return undefined;
  };
  const parser = createParser({ onEvent: ({ data }) => void onData(data) });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + MAX_STREAM_MS;
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), Math.min(stallMs, deadline - Date.now()))));
      const next = await Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
      if (next === 'stalled') {
        r.stalledMs = stallMs;
        break;
      }
      if (next.done) break;
      parser.feed(next.value);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (open.text.size + open.reasoning.size > 0)
    r.notes.push(`${count(open.text.size + open.reasoning.size, 'part')} never ended (no text-end or reasoning-end)`);
  return r;
}

const robotStream = defineCheck('robot-stream', async (run) => {
  const missing = needsRobotQuestion(run);
  const sent = run.sent;
  if (missing || !sent) return missing ?? skip('sendMsg delivered no message');
  const body = { userId: sent.body.userId, channelId: run.channelId, question: sent.body.msgContent, msgType: MsgType.Text };
  const opened = await run.open('robotAsk', {
    headers: { 'content-type': 'application/json', accept: STREAM_ACCEPT },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(MAX_STREAM_MS),
  });
  if ('error' in opened) {
    return fail(`POST ${opened.url} failed: ${opened.error instanceof Error ? opened.error.message : String(opened.error)}`, 'see the robotAsk row above');
  }
  const { response } = opened;
  const type = response.headers.get('content-type') ?? '';
  const header = response.headers.get(UI_STREAM_HEADER);
  const streams = /^\s*text\/event-stream/i.test(type);
  const toStream = `answer a request whose Accept names text/event-stream with the AI SDK's UI message stream v1 (${DOCS}); a backend built with the AI SDK's toUIMessageStreamResponse() does`;
  if (!streams && header === null) {
    const got = snippet(await response.text().catch(() => ''), 60);
    return warn(
      `answered ${type || 'no Content-Type'} to Accept: ${STREAM_ACCEPT} (${got}): the widget types the answer out at once; streaming is optional`,
      toStream,
    );
  }
  if (!response.ok || !response.body) return fail(`HTTP ${response.status} with the stream's headers: the widget shows the robot as unavailable`, toStream);
  const reading = await readStream(response.body, run.limits.callTimeoutMs);
  const problems = [...reading.problems];
  const notes = [...reading.notes];
  if (!streams) problems.push(`Content-Type "${type}", not text/event-stream (proxies and clients may buffer or refuse it)`);
  if (header !== 'v1') notes.push(header === null ? `no ${UI_STREAM_HEADER} header` : `${UI_STREAM_HEADER}: "${header}", not v1`);
  if (reading.errorText !== undefined) problems.push(`an error frame: "${snippet(reading.errorText, 60)}"; the widget marks the answer failed`);
  if (reading.stalledMs !== undefined)
    problems.push(`no frame for ${reading.stalledMs.toLocaleString('en-US')} ms: the widget fails the answer (it waits ${HTTP_TIMEOUT_MS / 1000} s)`);
  else if (!reading.finished) problems.push('it ended without a finish frame: the widget reads a cut stream and marks the answer failed');
  if (reading.text.trim() === '' && reading.errorText === undefined) problems.push('no text-delta carried any text: the robot seems unavailable');
  if (!reading.done && reading.stalledMs === undefined) notes.push('no data: [DONE] at the end (the AI SDK ends every stream with it)');
  const summary = `${count(reading.frames, 'frame')}: ${count(reading.reasoningDeltas, 'reasoning delta')}, ${count(reading.textDeltas, 'text delta')}, ${count(reading.sources, 'source')}; "${snippet(reading.text, 40)}"`;
  const fix = `send each frame as data: <JSON>, text and reasoning deltas between their -start and -end with the same id, then finish and data: [DONE] (${DOCS})`;
  if (problems.length > 0) return fail(`${firstOf(problems)}${reading.frames > 0 ? ` (${summary})` : ''}`, fix);
  if (notes.length > 0)
    return warn(`${summary}; but ${firstOf(notes)}`, `send Content-Type: text/event-stream, ${UI_STREAM_HEADER}: v1, and the frames of ${DOCS}`);
  return pass(`streamed ${summary}`);
});

/** The check of a streamed robot answer (optional: a JSON answer warns). */
export const ROBOT_STREAM_CHECKS: Record<'robotStream', Check> = { robotStream };
