import { firstValueFrom, type Observable } from 'rxjs';
import { API_PREFIX, HTTP_TIMEOUT_MS } from '../constants';
import { API_OK } from '../model/codes';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '../transport/errors';

/** One HTTP exchange as the checker saw it: what went out and what came back, for the diagnosis. */
export interface Exchange {
  url: string;
  method: string;
  status?: number;
  contentType?: string;
  headers?: Headers;
  /** The answer's body as text ('' when none came). */
  text: string;
  /** From the request to the whole body, on the checker's clock. */
  ms: number;
  /** The checker's own time limit aborted it after this many ms. */
  abortedAfterMs?: number;
  /** Why no answer came, with the cause Node's fetch keeps apart ("fetch failed: connect ECONNREFUSED …"). */
  failure?: string;
}

/** An error's message and its causes', which is where Node's fetch says what went wrong. */
function reason(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  return parts.length > 0 ? parts.join(': ') : String(error);
}

/** A fetch that keeps the last exchange and aborts a call after the limit of the moment. */
export interface Recorder {
  fetch: typeof fetch;
  /** The exchange of the last request made through `fetch`. */
  last(): Exchange | undefined;
}

/** The outcome of one call through the engine's transport: its decoded data, or what it failed with. */
export type Outcome<T> = { ok: true; data: T; ex: Exchange | undefined } | { ok: false; error: unknown; ex: Exchange | undefined };

/** Statuses that carry no body (a Response made with one must have none). */
const NO_BODY = new Set([101, 204, 205, 304]);

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * Wraps `inner` so that every request is recorded (the transport reads the body once, so it is
 * read here and handed on as a fresh Response) and aborted after `limitMs()` ms of real time.
 */
export function recordingFetch(inner: typeof fetch, now: () => number, limitMs: () => number): Recorder {
  let last: Exchange | undefined;
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const limit = limitMs();
    const timeout = AbortSignal.timeout(limit);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const ex: Exchange = { url: urlOf(input), method: init?.method ?? 'GET', text: '', ms: 0 };
    last = ex;
    const start = now();
    try {
      const response = await inner(input, { ...init, signal });
      ex.text = await response.text();
      ex.ms = now() - start;
      ex.status = response.status;
      ex.headers = response.headers;
      ex.contentType = response.headers.get('content-type') ?? undefined;
      return new Response(NO_BODY.has(response.status) ? null : ex.text, { status: response.status, headers: response.headers });
    } catch (error) {
      ex.ms = now() - start;
      ex.failure = reason(error);
      if (timeout.aborted) ex.abortedAfterMs = limit;
      throw error;
    }
  };
  return { fetch: wrapped as typeof fetch, last: () => last };
}

/**
 * Runs one transport call and settles as an Outcome (never rejects). With `limitMs`, an answer that
 * came later than that on the checker's clock counts as a time-out, as the widget would have aborted it.
 */
export async function attempt<T>(recorder: Recorder, call: string, run: () => Observable<T>, limitMs?: number): Promise<Outcome<T>> {
  try {
    const data = await firstValueFrom(run());
    const ex = recorder.last();
    if (limitMs !== undefined && ex && ex.ms > limitMs) return { ok: false, error: new TimeoutError(call, limitMs), ex };
    return { ok: true, data, ex };
  } catch (error) {
    return { ok: false, error, ex: recorder.last() };
  }
}

/** The answer's body as a JSON object, when it is one. */
function bodyObject(ex: Exchange | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(ex?.text ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The `data` of the answer's envelope as it came on the wire (before the engine normalised it). */
export function rawData(ex: Exchange | undefined): Record<string, unknown> {
  const data = bodyObject(ex)?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The start of a text on one line, for "got …" in a report. */
export function snippet(text: string, max = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return '(empty body)';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A success envelope with `data`, as JSON text, for "send …" in a fix. */
export function envelope(data: string): string {
  return `{"code":${API_OK},"data":${data}}`;
}

/** What happened to a failed call and what the backend should do, for a person. */
export interface Diagnosis {
  detail: string;
  fix: string;
}

/** A network failure, a time-out or an answer that is no envelope: the same fix for every call. */
function unusable(error: unknown, ex: Exchange | undefined): Diagnosis | undefined {
  if (error instanceof TimeoutError || ex?.abortedAfterMs !== undefined) {
    const limit = error instanceof TimeoutError ? error.timeoutMs : (ex?.abortedAfterMs ?? HTTP_TIMEOUT_MS);
    return {
      detail: `no answer within ${limit.toLocaleString('en-US')} ms${ex && ex.ms > limit ? ` (it took ${ex.ms.toLocaleString('en-US')} ms)` : ''}`,
      fix: `answer within ${HTTP_TIMEOUT_MS.toLocaleString('en-US')} ms: the widget aborts a call after that and counts it as failed (§7, §9)`,
    };
  }
  if (error instanceof NetworkError) {
    return {
      detail: `the request failed: ${ex?.failure ?? error.message}`,
      fix: `make POST ${ex?.url ?? `<url>${API_PREFIX}<call>`} reach the visitor API (is the URL right, is the backend up?)`,
    };
  }
  if (error instanceof MalformedResponseError && !error.enveloped) {
    return {
      detail: `HTTP ${ex?.status ?? '?'}${ex?.contentType ? ` ${ex.contentType}` : ''}, not a JSON envelope: ${snippet(ex?.text ?? '')}`,
      fix: `answer every call with a JSON envelope {"code":${API_OK},"message":"…","data":…} (§7); the widget reads anything else as an unreachable backend`,
    };
  }
  return undefined;
}

/**
 * Explains a failed call: what came (expected vs got, briefly) and what to send instead. `expected`
 * is the success envelope the call should have answered, for refusals and unusable data.
 */
export function diagnose(error: unknown, ex: Exchange | undefined, expected: string): Diagnosis {
  const plain = unusable(error, ex);
  if (plain) return plain;
  if (error instanceof MalformedResponseError) {
    return { detail: `code ${API_OK}, but ${error.message}; got ${snippet(ex?.text ?? '')}`, fix: `send ${expected}` };
  }
  if (error instanceof ApiError) {
    const body = bodyObject(ex);
    if (body && !('code' in body)) {
      return {
        detail: `the envelope has no "code" (HTTP ${ex?.status ?? '?'}): ${snippet(ex?.text ?? '')}`,
        fix: `put "code": ${API_OK} in every successful answer — without it the widget reads a refusal (§7): send ${expected}`,
      };
    }
    return { detail: `refused: code ${error.code}, "${error.message}"`, fix: `answer ${expected} when the call succeeds` };
  }
  return { detail: `unexpected failure: ${error instanceof Error ? error.message : String(error)}`, fix: `send ${expected}` };
}

/**
 * Explains the answer to a request that must be refused (an unknown id, a missing field): `refused`
 * when it came as an envelope with a code other than 200, else what is wrong. Not-an-envelope and
 * network failures carry their diagnosis.
 */
export function refusal(outcome: Outcome<unknown>): { refused: true; code: number; message: string } | { refused: false; diagnosis?: Diagnosis } {
  if (outcome.ok) return { refused: false };
  const { error, ex } = outcome;
  if (error instanceof ApiError) {
    const body = bodyObject(ex);
    if (body && !('code' in body)) {
      return {
        refused: false,
        diagnosis: {
          detail: `the envelope has no "code" (HTTP ${ex?.status ?? '?'}): ${snippet(ex?.text ?? '')}`,
          fix: 'put the refusal\'s code in the envelope, e.g. {"code":404,"message":"…"} (§7)',
        },
      };
    }
    return { refused: true, code: error.code, message: typeof body?.message === 'string' ? body.message : '' };
  }
  const plain = unusable(error, ex);
  if (plain) return { refused: false, diagnosis: plain };
  // Code 200 with data the widget cannot use: neither a success nor a refusal.
  return { refused: false };
}
