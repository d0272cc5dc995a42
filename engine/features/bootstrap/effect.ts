import { EMPTY, catchError, concat, defer, exhaustMap, map, merge, mergeMap, of, switchMap, take, tap, timer, type Observable } from 'rxjs';
import { retryWaitMs, visitorIdKey } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import type { ChannelInfo } from '../../model/channel';
import type { ChatStartData } from '../../protocol';
import { unreachable } from './predicates';
import type { ChatError, ChatSession } from './slice';

const fail = (error: ChatError) => of<Intent>({ type: 'failed', error });

/** The session a chatStart answer opens. */
export const sessionOf = (data: ChatStartData): ChatSession => ({ userId: data.userId, sessionId: data.sessionId, pollId: data.pollId });

/**
 * SPEC §7 chatStart with the query, for the given visitor (the stored one when none is given); the
 * returned userId is stored under `chat-{tenantId}-uid` (SPEC §3).
 */
export function chatStart(
  { getState, api, storage, previousUrl, visitorId }: EffectContext,
  channelId: string,
  channel: ChannelInfo,
  userId?: string,
): Observable<ChatStartData> {
  const { query } = getState();
  const key = visitorIdKey(channel.tenantId);
  return api
    .chatStart({
      channelId,
      pid: query.pid,
      params: query.params,
      userName: query.userName,
      userId: userId ?? storage.get(key) ?? visitorId,
      email: query.email,
      phone: query.phone,
      groupId: query.groupId,
      adminId: query.adminId,
      previousUrl,
    })
    .pipe(tap((data) => storage.set(key, data.userId)));
}

/**
 * One try at the start: channelInfo ('unknown channel, {message}') → chatStart ('failed to create
 * session, {message}'); `onUnreachable` hears when no chat backend answered instead (unreachable).
 */
function startOnce(ctx: EffectContext, channelId: string, onUnreachable: () => void): Observable<Intent> {
  const failed = (call: 'channelInfo' | 'chatStart', refused: (detail: string) => ChatError) => (e: unknown) => {
    if (!unreachable(e)) return fail(refused(errorText(e)));
    onUnreachable();
    return fail({ code: 'unreachable', call, detail: errorText(e) });
  };
  return ctx.api.channelInfo({ id: channelId }).pipe(
    mergeMap((channel) =>
      concat(
        of<Intent>({ type: 'channelLoaded', channel }),
        chatStart(ctx, channelId, channel).pipe(
          map((data): Intent => ({ type: 'sessionStarted', session: sessionOf(data), status: data.status })),
          catchError(failed('chatStart', (detail) => ({ code: 'sessionFailed', detail }))),
        ),
      ),
    ),
    catchError(failed('channelInfo', (detail) => ({ code: 'unknownChannel', detail }))),
  );
}

/**
 * Tries the start until it is not for want of a backend: after an unreachable one, again when the
 * visitor asks (startRetried), when the network comes back, or after 1 s, 2 s, 4 s … (at most 30 s).
 */
function tries(ctx: EffectContext, channelId: string, attempt: number): Observable<Intent> {
  let again = false;
  return concat(
    startOnce(ctx, channelId, () => (again = true)),
    defer(() => {
      if (!again) return EMPTY;
      const wait = retryWaitMs(attempt);
      ctx.log.warn(`the chat backend cannot be reached; the start is tried again within ${wait} ms`);
      return merge(ctx.intent$.pipe(ofType('startRetried')), ctx.online$, timer(wait, ctx.scheduler)).pipe(
        take(1),
        switchMap(() => tries(ctx, channelId, attempt + 1)),
      );
    }),
  );
}

/**
 * SPEC §2, §7, §8 bootstrap: channel id required ('unknown channel id') → channelInfo ('unknown
 * channel, {message}') → visitor id from `chat-{tenantId}-uid` → chatStart ('failed to create
 * session, {message}'). Failures become the page error state; a backend that cannot be reached is
 * tried again (tries).
 */
export const bootstrap: Effect = (ctx) =>
  ctx.intent$.pipe(
    ofType('start'),
    exhaustMap(() => {
      const channelId = ctx.getState().query.channelId;
      if (!channelId) return fail({ code: 'unknownChannelId' });
      return tries(ctx, channelId, 1);
    }),
  );
