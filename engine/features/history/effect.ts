import { EMPTY, catchError, defer, exhaustMap, first, map, of, switchMap, type Observable } from 'rxjs';
import { HISTORY_PAGE_SIZE } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { decodeMessage } from '../../model/decodeMessage';
import type { ChatMessage } from '../../model/message';
import { forgotSession } from '../bootstrap/predicates';

/**
 * One page: the newest (`older` false) or the one before the oldest message shown. A page asked in
 * a session the backend forgot is asked again in the session that replaces it (the new session's
 * own ask may have come while this one was still under way, and been dropped).
 */
function page(ctx: EffectContext, older: boolean): Observable<Intent> {
  return defer(() => {
    const { api, getState, scheduler, log, newId } = ctx;
    const { session, messages, history: h } = getState();
    if (!session || !h.loading) return EMPTY;
    const oldest = older ? messages.find((m) => m.msgTime !== undefined) : undefined;
    if (older && !oldest) {
      // Without a time to page by, the request would fetch the newest page again.
      log.warn('no message shown has a msgTime: no older history can be asked for');
      return of<Intent>({ type: 'historyLoaded', messages: [], exhausted: true });
    }
    return api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, maxTime: oldest?.createdAt, userId: session.userId }).pipe(
      map((raw): Intent => {
        const now = scheduler.now();
        const items = raw.flatMap((item, i): ChatMessage[] => {
          try {
            return [decodeMessage(item, { now, newId, warn: (line) => log.warn(line) }, `history[${i}]`)];
          } catch (e) {
            log.warn(`dropped a history message: ${errorText(e)}`);
            return [];
          }
        });
        items.sort((a, b) => a.createdAt - b.createdAt);
        return { type: 'historyLoaded', messages: items, exhausted: raw.length < HISTORY_PAGE_SIZE };
      }),
      catchError((e: unknown) => {
        log.warn(`history failed: ${errorText(e)}`);
        if (!forgotSession(e)) return of<Intent>({ type: 'historyFailed' });
        return ctx.state$.pipe(
          first((s) => s.session !== null && s.session !== session && !s.reconnecting),
          switchMap(() => page(ctx, older)),
        );
      }),
    );
  });
}

/**
 * SPEC §7 getHistoryMsg (pageSize 20, maxTime, userId): the newest page when the session starts,
 * then older pages on request (maxTime = the oldest message shown). A message that does not decode
 * is dropped with a log line; a failed page leaves the list as it was.
 */
export const history: Effect = (ctx) =>
  ctx.intent$.pipe(
    // A request the reducer refused (canLoadOlder) did not set `loading`: nothing to load.
    ofType('sessionStarted', 'sessionResumed', 'historyRequested'),
    exhaustMap((intent) => page(ctx, intent.type === 'historyRequested')),
  );
