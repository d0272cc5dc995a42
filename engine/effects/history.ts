import { catchError, exhaustMap, map, of } from 'rxjs';
import { HISTORY_PAGE_SIZE } from '../constants';
import { decodeMessage, type ChatMessage } from '../model/message';
import type { Intent } from '../state';
import { describe, ofType, type Effect } from './context';

/**
 * SPEC §7 getHistoryMsg (pageSize 20, maxTime, userId): the newest page when the session starts,
 * then older pages on request (maxTime = the oldest message shown). A message that does not decode
 * is dropped with a log line; a failed page leaves the list as it was.
 */
export const history: Effect = ({ intent$, getState, api, scheduler, log, newId }) =>
  intent$.pipe(
    ofType('sessionStarted', 'historyRequested'),
    exhaustMap((intent) => {
      const { session, messages, history: h } = getState();
      if (!session || (intent.type === 'historyRequested' && (h.exhausted || !h.loading))) return of();
      const oldest = intent.type === 'historyRequested' ? messages.find((m) => m.msgTime !== undefined) : undefined;
      return api.getHistoryMsg({ pageSize: HISTORY_PAGE_SIZE, maxTime: oldest?.createdAt, userId: session.userId }).pipe(
        map((raw): Intent => {
          const now = scheduler.now();
          const page = raw.flatMap((item, i): ChatMessage[] => {
            try {
              return [decodeMessage(item, { now, newId }, `history[${i}]`)];
            } catch (e) {
              log.warn(`dropped a history message: ${describe(e)}`);
              return [];
            }
          });
          page.sort((a, b) => a.createdAt - b.createdAt);
          return { type: 'historyLoaded', messages: page, exhausted: raw.length < HISTORY_PAGE_SIZE };
        }),
        catchError((e: unknown) => {
          log.warn(`history failed: ${describe(e)}`);
          return of<Intent>({ type: 'historyFailed' });
        }),
      );
    }),
  );
