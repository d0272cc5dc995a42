import { EMPTY, catchError, distinctUntilChanged, map, of, switchMap, timer } from 'rxjs';
import { TIPS_DEBOUNCE_MS } from '../../constants';
import { errorText, ofType, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { tipsQuestion } from './predicates';

/**
 * Suggestions while the visitor types (SPEC §7 robotTips, issue 25). Each change of the draft
 * (visitorTyping, also sent when no typing notice goes out) or a sent message settles the question
 * (tipsQuestion); after TIPS_DEBOUNCE_MS without another change robotTips is asked. switchMap keeps
 * one request at most: a newer question, a blank draft or a send cancels the pending pause and
 * aborts the request in flight, so an older answer never lands (the reducer drops a stale one too).
 * A failure is one log line and clears the suggestions; the visitor is not told (SPEC §8).
 */
export const tips: Effect = ({ intent$, getState, api, scheduler, log }) =>
  intent$.pipe(
    ofType('visitorTyping', 'visitorSent'),
    map(() => tipsQuestion(getState())),
    distinctUntilChanged(),
    switchMap((question) => {
      const { session, query } = getState();
      if (question === null || !session || !query.channelId) return EMPTY;
      const request = { userId: session.userId, channelId: query.channelId, question };
      return timer(TIPS_DEBOUNCE_MS, scheduler).pipe(
        switchMap(() => api.robotTips(request)),
        map((data): Intent => ({ type: 'tipsLoaded', question, tips: data.tips })),
        catchError((e: unknown) => {
          log.warn(`robotTips failed: ${errorText(e)}`);
          return of<Intent>({ type: 'tipsFailed' });
        }),
      );
    }),
  );
