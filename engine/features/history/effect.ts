import { EMPTY, catchError, defer, exhaustMap, filter, first, map, of, switchMap, type Observable } from 'rxjs';
import { HISTORY_PAGE_SIZE } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { decodeMessage } from '../../model/decodeMessage';
import { ChatStatus } from '../../model/codes';
import type { ChatMessage } from '../../model/message';
import { forgotSession } from '../bootstrap/predicates';

/** Messages of a call's answer, decoded, oldest first: one that does not decode is dropped with a log line. */
function decoded({ scheduler, newId, log, apiUrl }: EffectContext, raw: readonly unknown[], label: string): ChatMessage[] {
  const defaults = { now: scheduler.now(), newId, api: apiUrl, warn: (line: string) => log.warn(line) };
  const items: ChatMessage[] = [];
  raw.forEach((item, i) => {
    try {
      items.push(decodeMessage(item, defaults, `${label}[${i}]`));
    } catch (e) {
      log.warn(`dropped a ${label} message: ${errorText(e)}`);
    }
  });
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * One page: the newest (`older` false) or the one before the oldest message shown. A page asked in
 * a session the backend forgot is asked again in the session that replaces it (the new session's
 * own ask may have come while this one was still under way, and been dropped).
 */
function page(ctx: EffectContext, older: boolean): Observable<Intent> {
  return defer(() => {
    const { api, getState, log } = ctx;
    const { session, messages, history: h } = getState();
    if (!session || !h.loading) return EMPTY;
    const oldest = older ? messages.find((m) => m.msgTime !== undefined) : undefined;
    if (older && !oldest) {
      // Without a time to page by, the request would fetch the newest page again.
      log.warn('no message shown has a msgTime: no older history can be asked for');
      return of<Intent>({ type: 'historyLoaded', messages: [], exhausted: true });
    }
    return api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, maxTime: oldest?.createdAt, userId: session.userId }).pipe(
      map((raw): Intent => ({ type: 'historyLoaded', messages: decoded(ctx, raw, 'history'), exhausted: raw.length < HISTORY_PAGE_SIZE })),
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

/**
 * Messages a call answers beyond the history, merged by time with what is shown, once each
 * (messagesMerged, insertByTime) — once the newest history page is in (or failed), so that a page
 * arriving after them cannot put older messages below them. Deferred: a backend of the
 * integrator's that lacks the call throws here, and that is a log line. A failure leaves the list
 * as it was, with a log line.
 */
function merged(ctx: EffectContext, call: 'getSessionMsg' | 'getOfflineMsg', ask: () => Observable<readonly unknown[]>): Observable<Intent> {
  return ctx.state$.pipe(
    first((s) => !s.history.loading),
    switchMap(() => defer(ask)),
    map((raw): Intent => ({ type: 'messagesMerged', messages: decoded(ctx, raw, call) })),
    catchError((e: unknown) => {
      ctx.log.warn(`${call} failed: ${errorText(e)}`);
      return EMPTY;
    }),
  );
}

/**
 * SPEC §7 getSessionMsg {userId, sessionId} (issue 27): a visitor who comes back into a running
 * conversation (chatStart, or a resumed session, in status 2 or 3) sees that session's messages,
 * merged by time with what is shown, once each — also where the history call keeps only older ones.
 */
export const sessionMessages: Effect = (ctx) =>
  ctx.intent$.pipe(
    ofType('sessionStarted', 'sessionResumed'),
    filter((i) => i.status === ChatStatus.InConversation || i.status === ChatStatus.Queued),
    switchMap(({ session }) => merged(ctx, 'getSessionMsg', () => ctx.api.getSessionMsg({ userId: session.userId, sessionId: session.sessionId }))),
  );

/**
 * SPEC §7 getOfflineMsg {userId} (issue 27): the agents' replies to what the visitor left while no
 * agent was there are shown when the visitor comes back — at each start of the chat in a page
 * (not on a session recovery), in time order with the history, once each.
 */
export const offlineMessages: Effect = (ctx) =>
  ctx.intent$.pipe(
    ofType('sessionStarted'),
    switchMap(({ session }) => merged(ctx, 'getOfflineMsg', () => ctx.api.getOfflineMsg({ userId: session.userId }))),
  );
