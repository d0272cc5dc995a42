import { describe, expect, it } from 'vitest';
import { canRetryStart, forgotSession, unreachable } from '#engine/features/bootstrap/predicates';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '#engine/transport/errors';

describe('forgotSession: the backend forgot the visitor or the session (docs/protocol.md "Session recovery")', () => {
  it('an ApiError with code 404 is a forgotten session, whatever its message', () => {
    expect(forgotSession(new ApiError('getEventMsg', 404, 'not found'))).toBe(true);
    expect(forgotSession(new ApiError('sendMsg', 404, ''))).toBe(true);
  });

  it.each(['visitor not found, call chatStart first', 'Unknown session', 'pollId expired', 'userId not found', 'session does not exist', 'Invalid poll'])(
    'an ApiError of another code whose message names an unknown visitor, session or poll: %j',
    (message) => {
      expect(forgotSession(new ApiError('getEventMsg', 500, message))).toBe(true);
      expect(forgotSession(new ApiError('getEventMsg', 400, message))).toBe(true);
    },
  );

  it('any other server error is not: it is retried as it is', () => {
    expect(forgotSession(new ApiError('sendMsg', 500, 'internal error'))).toBe(false);
    expect(forgotSession(new ApiError('sendMsg', 503, 'session store unavailable'))).toBe(false);
    expect(forgotSession(new ApiError('sendMsg', 401, 'forbidden'))).toBe(false);
  });

  it('a failure without a server answer is not, even when its text names a forgotten visitor: the network, the time-out, a malformed answer', () => {
    expect(forgotSession(new NetworkError('getEventMsg', 'offline'))).toBe(false);
    expect(forgotSession(new NetworkError('getEventMsg', 'visitor not found'))).toBe(false);
    expect(forgotSession(new TimeoutError('getEventMsg', 20_000))).toBe(false);
    expect(forgotSession(new MalformedResponseError('getEventMsg', 'unknown session'))).toBe(false);
  });

  it('what is not an error is not: a string, an object with a code, nothing', () => {
    expect(forgotSession('visitor not found')).toBe(false);
    expect(forgotSession({ code: 404, message: 'visitor not found' })).toBe(false);
    expect(forgotSession(new Error('Unknown session'))).toBe(false);
    expect(forgotSession(undefined)).toBe(false);
    expect(forgotSession(null)).toBe(false);
    expect(forgotSession(404)).toBe(false);
  });

  // A validation error about a user field must not read as a forgotten session (sessionLost → a new chatStart).
  it('a validation error about a user field is not a forgotten session: "invalid userName", "user phone invalid"', () => {
    expect(forgotSession(new ApiError('submitUserForm', 400, 'invalid userName'))).toBe(false);
    expect(forgotSession(new ApiError('submitUserForm', 400, 'user phone invalid'))).toBe(false);
  });
});

describe('unreachable: no chat backend answered (not SPEC §8: the server said nothing)', () => {
  it('a failed request, a time-out, or an answer that is no API envelope (a proxy page, a wrong address) is unreachable; the server’s refusal is not', () => {
    expect(unreachable(new NetworkError('channelInfo', 'Failed to fetch'))).toBe(true);
    expect(unreachable(new TimeoutError('channelInfo', 20_000))).toBe(true);
    expect(unreachable(new MalformedResponseError('channelInfo', 'channelInfo: HTTP 502, the answer is not a JSON envelope'))).toBe(true);
    expect(unreachable(new ApiError('channelInfo', 404, 'channel does not exist'))).toBe(false);
    // An envelope whose data is unusable came from a chat backend: its bug, shown with SPEC §8's text.
    expect(unreachable(new MalformedResponseError('channelInfo', 'channelInfo.tenantId: expected a string', true))).toBe(false);
    expect(unreachable(new Error('bug'))).toBe(false);
  });

  it('canRetryStart: only a start that failed for want of a backend', () => {
    expect(canRetryStart({ phase: 'error', error: { code: 'unreachable', call: 'channelInfo', detail: '' } })).toBe(true);
    expect(canRetryStart({ phase: 'error', error: { code: 'unknownChannel', detail: 'nope' } })).toBe(false);
    expect(canRetryStart({ phase: 'ready', error: null })).toBe(false);
  });
});
