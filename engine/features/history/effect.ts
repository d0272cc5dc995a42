import { EMPTY, catchError, exhaustMap, map, of } from 'rxjs';
import { HISTORY_PAGE_SIZE } from '../../constants';
import { errorText, ofType, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { decodeMessage, type ChatMessage } from '../../model/message';

/**
 * SPEC §7 getHistoryMsg (pageSize 20, maxTime, userId): the newest page when the session starts,
 * then older pages on request (maxTime = the oldest message shown). A message that does not decode
 * is dropped with a log line; a failed page leaves the list as it was.
 */
export const history: Effect = ({ intent$, getState, api, scheduler, log, newId }) =>
  intent$.pipe(
    // A request the reducer refused (canLoadOlder) did not set `loading`: nothing to load.
    ofType('sessionStarted', 'sessionResumed', 'historyRequested'),
    exhaustMap((intent) => {
      const { session, messages, history: h } = getState();
      if (!session || !h.loading) return EMPTY;
      const oldest = intent.type === 'historyRequested' ? messages.find((m) => m.msgTime !== undefined) : undefined;
      if (intent.type === 'historyRequested' && !oldest) {
        // Without a time to page by, the request would fetch the newest page again.
        log.warn('no message shown has a msgTime: no older history can be asked for');
        return of<Intent>({ type: 'historyLoaded', messages: [], exhausted: true });
      }
      return api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, maxTime: oldest?.createdAt, userId: session.userId }).pipe(
        map((raw): Intent => {
          const now = scheduler.now();
          const page = raw.flatMap((item, i): ChatMessage[] => {
            try {
              return [decodeMessage(item, { now, newId, warn: (line) => log.warn(line) }, `history[${i}]`)];
            } catch (e) {
              log.warn(`dropped a history message: ${errorText(e)}`);
              return [];
            }
          });
          page.sort((a, b) => a.createdAt - b.createdAt);
          return { type: 'historyLoaded', messages: page, exhausted: raw.length < HISTORY_PAGE_SIZE };
        }),
        catchError((e: unknown) => {
          log.warn(`history failed: ${errorText(e)}`);
          return of<Intent>({ type: 'historyFailed' });
        }),
      );
    }),
  );
