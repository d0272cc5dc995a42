import { EMPTY, catchError, defer, filter, first, from, map, merge, mergeMap, of, race, switchMap, takeUntil, takeWhile, timer } from 'rxjs';
import { DELIVERY_LOADING_DELAY_MS, DELIVERY_MAX_MS, DELIVERY_RETRY_MS } from '../constants';
import { MessageStatus, SEND_OK, SenderType } from '../model/codes';
import { toWire } from '../model/message';
import type { ChatSession, Intent } from '../state';
import { describe, ofType, type Effect, type EffectContext } from './context';
import { heldForAgent } from './transfer';

/** The wait for an agent ended without one: the transfer gave up, the agent refused, or the chat closed. */
const noAgent = (i: Intent): boolean => (i.type === 'transferEnded' && !i.waiting) || i.type === 'agentRefused' || i.type === 'chatClosed';

/**
 * SPEC §4 Delivery indicator, one cycle: an attempt now and a fresh one every 5 s while unconfirmed
 * (a transport error waits for the next attempt); `sendSlow` at 800 ms shows the loading indicator;
 * fail at 12 s. The server's answer ends the cycle: sent when data.status is 1, else fail.
 */
function deliveryCycle({ api, scheduler, log, getState }: EffectContext, id: string, session: ChatSession) {
  const attempt$ = defer(() => {
    const message = getState().messages.find((m) => m.id === id);
    return message ? api.sendMsg(toWire(message, session.userId)) : EMPTY;
  }).pipe(
    map((data): Intent => (data.status === SEND_OK ? { type: 'sendSucceeded', id } : { type: 'sendFailed', id })),
    catchError((e: unknown) => {
      log.warn(`sendMsg failed, next attempt within ${DELIVERY_RETRY_MS} ms: ${describe(e)}`);
      return EMPTY;
    }),
  );
  return merge(
    timer(0, DELIVERY_RETRY_MS, scheduler).pipe(switchMap(() => attempt$)),
    timer(DELIVERY_LOADING_DELAY_MS, scheduler).pipe(map((): Intent => ({ type: 'sendSlow', id }))),
    timer(DELIVERY_MAX_MS, scheduler).pipe(map((): Intent => ({ type: 'sendFailed', id }))),
  ).pipe(takeWhile((i) => i.type === 'sendSlow', true));
}

/**
 * SPEC §4 Sending and §7 sendMsg: a visitor message is sent (without its id) once a session exists —
 * typed before the session is ready, or even before start(), it waits, never lost; in mode 3 with
 * msgToTransferFlag it also waits for the agent session (SPEC §4 Receive mode), and fails (kept, for
 * a retry) if none comes. A retry (the visitor's, on fail) starts a new cycle and replaces the old.
 * A file message starts its cycle once uploaded (SPEC §4 Sending: upload first; effects/upload.ts).
 */
export const delivery: Effect = (ctx) => {
  const { intent$, state$, getState } = ctx;
  // Messages typed before start() were added while no effect listened: pick them up once.
  const waiting$ = defer(() =>
    from(
      getState()
        .messages.filter((m) => m.senderType === SenderType.Visitor && m.status === MessageStatus.Pending)
        .map((m): Intent => ({ type: 'retry', id: m.id })),
    ),
  );
  const sends$ = intent$.pipe(
    ofType('visitorSent', 'retry', 'uploaded'),
    map((intent) => (intent.type === 'visitorSent' ? intent.message.id : intent.id)),
    // A file not yet uploaded is the upload effect's; its `uploaded` brings it back here.
    filter((id) => !getState().messages.some((m) => m.id === id && m.upload)),
    mergeMap((id) => {
      const again$ = intent$.pipe(filter((i) => i.type === 'retry' && i.id === id));
      // Whichever comes first: a state to send in, or the end of the wait for an agent (null).
      const ready$ = race(
        state$.pipe(first((s) => s.session !== null && !heldForAgent(s))),
        intent$.pipe(
          first(noAgent),
          map(() => null),
        ),
      );
      return ready$.pipe(
        switchMap((s) => (s?.session ? deliveryCycle(ctx, id, s.session) : of<Intent>({ type: 'sendFailed', id }))),
        takeUntil(again$),
      );
    }),
  );
  // sends$ first, so that it listens before the picked-up retries are dispatched.
  return merge(sends$, waiting$);
};
