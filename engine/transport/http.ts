import { Observable, type SchedulerLike } from 'rxjs';
import { API_PREFIX, HTTP_TIMEOUT_MS, RETRY_AFTER_MAX_MS } from '../constants';
import { API_OK } from '../model/codes';
import { DecodeError, object, optNumber, type Json } from '../model/decode';
import type { CallName } from '../protocol';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError, TransportError } from './errors';

const PREFIX_PATH = /* @__PURE__ */ API_PREFIX.replace(/\/+$/, '');

/**
 * `apiBase` as the engine reads it: without trailing slashes and without the API prefix when it was
 * given too (`https://chat.example.com/api/chat/visitor` is meant as `https://chat.example.com`).
 */
export function trimApiBase(apiBase: string): string {
  const base = apiBase.replace(/\/+$/, '');
  return base.endsWith(PREFIX_PATH) ? base.slice(0, -PREFIX_PATH.length) : base;
}

/** A call of SPEC §7 to `base`: POST JSON (or a form), time-out on `scheduler`, the answer's envelope checked and its data decoded. */
export type Call = <T>(name: CallName, body: BodyInit | object, decode: (data: Json) => T, timeoutMs?: number) => Observable<T>;

/** The HTTP call of the transport: a cold Observable per call; unsubscribing aborts; code ≠ 200 → ApiError. */
export function httpCall(base: string, fetcher: () => typeof fetch, scheduler: SchedulerLike): Call {
  return function call<T>(name: CallName, body: BodyInit | object, decode: (data: Json) => T, timeoutMs = HTTP_TIMEOUT_MS): Observable<T> {
    return new Observable<T>((subscriber) => {
      const controller = new AbortController();
      let timedOut = false;
      const timer = scheduler.schedule(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
      const url = base + name;
      fetcher()(url, {
        method: 'POST',
        headers: isForm ? undefined : { 'content-type': 'application/json' },
        body: isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      })
        .then(
          (res) =>
            res
              .text()
              .then((text) => unwrap(name, res.status, text, decode, url))
              .catch((error: unknown) => {
                // A 503 or a 429 may say when to come back (an HTML page of a proxy too).
                const wait = retryAfterMs(res.headers?.get('retry-after') ?? null, Date.now());
                if (error instanceof TransportError && wait !== undefined) error.retryAfterMs = wait;
                throw error;
              }),
          (cause: unknown) => {
            if (timedOut) throw new TimeoutError(name, timeoutMs, url);
            throw new NetworkError(name, cause instanceof Error ? cause.message : 'network failure', url);
          },
        )
        .then(
          (value) => {
            timer.unsubscribe();
            subscriber.next(value);
            subscriber.complete();
          },
          (error: unknown) => {
            timer.unsubscribe();
            // A body read aborted by the time-out surfaces here too.
            subscriber.error(timedOut && !(error instanceof TimeoutError) ? new TimeoutError(name, timeoutMs, url) : error);
          },
        );
      return () => {
        timer.unsubscribe();
        controller.abort();
      };
    });
  };
}

/**
 * A `Retry-After` header as a wait in ms (RFC 9110: delay-seconds, or an HTTP date, `now` being the
 * wall clock), at most RETRY_AFTER_MAX_MS; undefined when there is none or it cannot be read.
 */
function retryAfterMs(header: string | null, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1_000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(ms, 0), RETRY_AFTER_MAX_MS);
}

/** Checks a response envelope (JSON, code 200) and decodes its data; throws a TransportError. */
export function unwrap<T>(name: string, status: number, text: string, decode: (data: Json) => T, url?: string): T {
  let envelope: Record<string, unknown>;
  try {
    envelope = object(JSON.parse(text) as Json, name);
  } catch {
    throw new MalformedResponseError(name, `HTTP ${status}, the answer is not a JSON envelope`, false, url);
  }
  return decodeData(name, accepted(name, status, envelope), decode);
}

/** An envelope's data when its code is 200; else the server's refusal as an ApiError. */
export function accepted(name: string, status: number, envelope: Record<string, unknown>): Json {
  const code = optNumberSafe(envelope.code);
  if (code !== API_OK) {
    const message = typeof envelope.message === 'string' ? envelope.message : `HTTP ${status}`;
    throw new ApiError(name, code ?? status, message);
  }
  return envelope.data;
}

/** Decodes a call's data; data of the wrong shape is a MalformedResponseError of an envelope that came. */
export function decodeData<T>(name: string, data: Json, decode: (data: Json) => T): T {
  try {
    return decode(data);
  } catch (e) {
    if (e instanceof DecodeError) throw new MalformedResponseError(name, e.message, true);
    throw e;
  }
}

function optNumberSafe(value: Json): number | undefined {
  try {
    return optNumber(value, 'code');
  } catch {
    return undefined;
  }
}
