/** Typed failures of the transport: each cause is its own class so callers can tell them apart. */

/**
 * Base of every transport failure. `call` is the SPEC §7 call that failed, `url` the address it went
 * to when the failure is no answer of the server's: the message says what happened without the
 * call's name (whoever shows it names the call once) and ends with that address, so that
 * "channelInfo: Failed to fetch (https://chat.example.com/api/chat/visitor/channelInfo)" says which one failed.
 */
export abstract class TransportError extends Error {
  abstract readonly kind: 'api' | 'network' | 'timeout' | 'malformed';
  /** The wait the server asked for before the next try (its `Retry-After`, on any answer that failed), in ms. */
  retryAfterMs?: number;
  constructor(
    readonly call: string,
    message: string,
    readonly url?: string,
  ) {
    super(url === undefined ? message : `${message} (${url})`);
  }
}

/** The server answered with code ≠ 200 (SPEC §7); `message` is the server's. */
export class ApiError extends TransportError {
  readonly kind = 'api';
  override readonly name = 'ApiError';
  constructor(
    call: string,
    readonly code: number,
    message: string,
  ) {
    super(call, message);
  }
}

/** The request never got an HTTP answer (offline, DNS, CORS, connection reset). */
export class NetworkError extends TransportError {
  readonly kind = 'network';
  override readonly name = 'NetworkError';
}

/** No answer within the call's time-out (20 s, uploads 60 s; SPEC §7). */
export class TimeoutError extends TransportError {
  readonly kind = 'timeout';
  override readonly name = 'TimeoutError';
  constructor(
    call: string,
    readonly timeoutMs: number,
    url?: string,
  ) {
    super(call, `no answer within ${timeoutMs} ms`, url);
  }
}

/**
 * The answer was not JSON, not an envelope, or its data had the wrong shape. `enveloped`: a chat
 * API envelope with code 200 came, and its data was unusable (the backend's bug, not a page that is
 * no chat API at all).
 */
export class MalformedResponseError extends TransportError {
  readonly kind = 'malformed';
  override readonly name = 'MalformedResponseError';
  constructor(
    call: string,
    message: string,
    readonly enveloped = false,
    url?: string,
  ) {
    super(call, message, url);
  }
}
