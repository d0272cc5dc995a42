import { catchError, concat, exhaustMap, map, mergeMap, of, tap, type Observable } from 'rxjs';
import { visitorIdKey } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import type { ChannelInfo } from '../../model/channel';
import type { ChatStartData } from '../../protocol';
import type { ChatError, ChatSession } from './slice';

const fail = (error: ChatError) => of<Intent>({ type: 'failed', error });

/** The session a chatStart answer opens. */
export const sessionOf = (data: ChatStartData): ChatSession => ({ userId: data.userId, sessionId: data.sessionId, pollId: data.pollId });

/**
 * SPEC §7 chatStart with the query, for the given visitor (the stored one when none is given); the
 * returned userId is stored under `chat-{tenantId}-uid` (SPEC §3).
 */
export function chatStart({ getState, api, storage, previousUrl, visitorId }: EffectContext, channelId: string, channel: ChannelInfo, userId?: string): Observable<ChatStartData> {
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
 * SPEC §2, §7, §8 bootstrap: channel id required ('unknown channel id') → channelInfo ('unknown
 * channel, {message}') → visitor id from `chat-{tenantId}-uid` → chatStart ('failed to create
 * session, {message}'). Failures become the page error state.
 */
export const bootstrap: Effect = (ctx) =>
  ctx.intent$.pipe(
    ofType('start'),
    exhaustMap(() => {
      const channelId = ctx.getState().query.channelId;
      if (!channelId) return fail({ code: 'unknownChannelId' });
      return ctx.api.channelInfo({ id: channelId }).pipe(
        mergeMap((channel) =>
          concat(
            of<Intent>({ type: 'channelLoaded', channel }),
            chatStart(ctx, channelId, channel).pipe(
              map((data): Intent => ({ type: 'sessionStarted', session: sessionOf(data), status: data.status })),
              catchError((e: unknown) => fail({ code: 'sessionFailed', detail: errorText(e) })),
            ),
          ),
        ),
        catchError((e: unknown) => fail({ code: 'unknownChannel', detail: errorText(e) })),
      );
    }),
  );
