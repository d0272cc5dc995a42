import { catchError, concat, exhaustMap, map, mergeMap, of } from 'rxjs';
import { visitorIdKey } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import type { ChannelInfo } from '../../model/channel';
import type { ChatError } from './slice';

const fail = (error: ChatError) => of<Intent>({ type: 'failed', error });

/** chatStart with the query and the stored visitor id; the returned userId is stored (SPEC §7). */
function startSession({ getState, api, storage, previousUrl }: EffectContext, channelId: string, channel: ChannelInfo) {
  const { query } = getState();
  const key = visitorIdKey(channel.tenantId);
  return api
    .chatStart({
      channelId,
      pid: query.pid,
      params: query.params,
      userName: query.userName,
      userId: storage.get(key) ?? undefined,
      email: query.email,
      phone: query.phone,
      groupId: query.groupId,
      adminId: query.adminId,
      previousUrl,
    })
    .pipe(
      map((data): Intent => {
        storage.set(key, data.userId);
        return { type: 'sessionStarted', session: { userId: data.userId, sessionId: data.sessionId, pollId: data.pollId }, status: data.status };
      }),
      // SPEC §8: 'failed to create session, {message}'.
      catchError((e: unknown) => fail({ code: 'sessionFailed', detail: errorText(e) })),
    );
}

/**
 * SPEC §2, §7, §8 bootstrap: channel id required ('unknown channel id') → channelInfo ('unknown
 * channel, {message}') → visitor id from `chat-{tenantId}-uid` → chatStart. Failures become the
 * page error state.
 */
export const bootstrap: Effect = (ctx) =>
  ctx.intent$.pipe(
    ofType('start'),
    exhaustMap(() => {
      const channelId = ctx.getState().query.channelId;
      if (!channelId) return fail({ code: 'unknownChannelId' });
      return ctx.api.channelInfo({ id: channelId }).pipe(
        mergeMap((channel) => concat(of<Intent>({ type: 'channelLoaded', channel }), startSession(ctx, channelId, channel))),
        catchError((e: unknown) => fail({ code: 'unknownChannel', detail: errorText(e) })),
      );
    }),
  );
