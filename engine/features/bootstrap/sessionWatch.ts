import { Subject, tap, type Observable } from 'rxjs';
import type { VisitorApi } from '../../transport/visitorApi';
import { forgotSession } from './predicates';

/**
 * Calls whose failure says nothing about the session to go on with: those that make it, those about
 * the channel alone, chatClose, which ends it (a session forgotten by then is over anyway), and the
 * push stream, whose refusal only means polling instead (the polls then tell whether it was forgotten).
 */
const UNWATCHED_CALLS: ReadonlySet<PropertyKey> = new Set<keyof VisitorApi>(['channelInfo', 'chatStart', 'getEvaluateInfo', 'robotTips', 'chatClose', 'eventStream']);

/**
 * The transport, watched: when a call made within a session (any but the unwatched ones) fails in a way that means the backend
 * forgot it (forgotSession), `lost$` emits the pollId of the session the call was made in, so that
 * one place hears of it whichever feature made the call. The call's own error goes on to its caller.
 */
export function watchSession(api: VisitorApi, currentPollId: () => string | undefined): { api: VisitorApi; lost$: Observable<string> } {
  const lost$ = new Subject<string>();
  const watched = new Proxy(api, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      if (UNWATCHED_CALLS.has(key)) return value.bind(target) as unknown;
      return (request: unknown) => {
        // The session the call is made in (calls are made when their Observable is needed).
        const pollId = currentPollId();
        return (value as (r: unknown) => Observable<unknown>).call(target, request).pipe(
          tap({
            error: (e: unknown) => {
              if (pollId !== undefined && forgotSession(e)) lost$.next(pollId);
            },
          }),
        );
      };
    },
  });
  return { api: watched, lost$: lost$.asObservable() };
}
