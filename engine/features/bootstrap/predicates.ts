import type { ChatState } from '../../core/state';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '../../transport/errors';

/** The "not found" envelope code (the reference server's, and the HTTP one). */
const NOT_FOUND = 404;
/** A message that names a visitor, session or poll the backend does not know (any backend's wording). */
const UNKNOWN_SESSION =
  /\b(visitor|user|session|poll)(\s?id)?\s+(not found|unknown|expired|does not exist)\b|\b(unknown|expired|invalid) (visitor|user|session|poll)(\s?id)?\b/i;

/**
 * Whether a failure of a call made within a session means that the backend forgot the visitor or
 * the session (a restart, an expiry): code 404, or a message naming an unknown visitor, session or
 * poll (docs/protocol.md "Session recovery"). The engine then starts a new session for the same
 * visitor. A network failure or another server error is not that: it is retried as it is.
 */
export function forgotSession(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NOT_FOUND || UNKNOWN_SESSION.test(error.message));
}

/**
 * No chat backend answered: the request failed (offline, DNS, CORS), timed out, or what answered
 * was no chat API envelope (a proxy's error page, a wrong address). Not the server's refusal (an
 * envelope with code ≠ 200) nor its unusable data (an envelope whose data lacks what SPEC §3
 * requires), which keep SPEC §8's texts: trying again would not help.
 */
export function unreachable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || (error instanceof MalformedResponseError && !error.enveloped);
}

/** The start may be tried again: it failed because the backend could not be reached. */
export function canRetryStart(s: Pick<ChatState, 'phase' | 'error'>): boolean {
  return s.phase === 'error' && s.error?.code === 'unreachable';
}
