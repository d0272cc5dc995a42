import { catchError, filter, first, map, mergeMap, of, switchMap, takeUntil } from 'rxjs';
import { SEND_OK } from '../model/codes';
import { toWire } from '../model/message';
import type { Intent } from '../state';
import { describe, ofType, type Effect } from './context';

/**
 * SPEC §4 Sending and §7 sendMsg: a visitor message is sent (without its id) once a session exists —
 * typed before the session is ready it waits, never lost; pending → sent when data.status is 1,
 * fail otherwise or when the call fails. A retry sends it again; a newer attempt for the same
 * message replaces an older one still in flight.
 */
export const delivery: Effect = ({ intent$, state$, getState, api, log }) =>
  intent$.pipe(
    ofType('visitorSent', 'retry'),
    mergeMap((intent) => {
      const id = intent.type === 'visitorSent' ? intent.message.id : intent.id;
      const again$ = intent$.pipe(filter((i) => i.type === 'retry' && i.id === id));
      return state$.pipe(
        first((s) => s.session !== null),
        switchMap((s) => {
          const message = getState().messages.find((m) => m.id === id);
          if (!message || !s.session) return of();
          return api.sendMsg(toWire(message, s.session.userId)).pipe(
            map((data): Intent => (data.status === SEND_OK ? { type: 'sendSucceeded', id } : { type: 'sendFailed', id })),
            catchError((e: unknown) => {
              log.warn(`sendMsg failed: ${describe(e)}`);
              return of<Intent>({ type: 'sendFailed', id });
            }),
          );
        }),
        takeUntil(again$),
      );
    }),
  );
