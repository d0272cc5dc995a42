import {
  EMPTY,
  Observable,
  catchError,
  concat,
  concatMap,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  first,
  from,
  map,
  merge,
  mergeMap,
  of,
  Subject,
  switchMap,
  take,
  tap,
  takeUntil,
  timer,
} from 'rxjs';
import { DELIVERY_LOADING_DELAY_MS, DELIVERY_MAX_MS, DELIVERY_RETRY_MS, HTTP_TIMEOUT_MS, RESEND_FOR_MS, resendWaitMs } from '../../constants';
import { errorText, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import type { ChatState } from '../../core/state';
import { MsgType, SEND_OK } from '../../model/codes';
import { fileAddress } from '../../model/decode';
import type { SendMsgData } from '../../protocol';
import type { UploadRequest } from '../../transport/visitorApi';
import { toWire } from '../../model/message';
import { findMessage } from '../../model/timeline';
import type { ChatSession } from '../bootstrap/slice';
import { forgotSession } from '../bootstrap/predicates';
import { agentWaitEndedSince, heldForAgent } from '../conversation/predicates';
import { ApiError, MalformedResponseError, TransportError } from '../../transport/errors';
import { canRetry, isPendingVisitorMessage, multipartRefused } from './predicates';
import { dataUrl } from './dataUrl';

const PERCENT = 100;

/** Whole percents, so that a fast stream of progress frames re-renders little. */
const wholePercent = (fraction: number): number => Math.round(Math.min(1, Math.max(0, fraction)) * PERCENT) / PERCENT;

/**
 * SPEC §4 Sending, §7 upload (multipart, 60 s): the transport's frames as `uploadProgressed` at
 * each new whole percent, then `uploaded` with the file's address (a relative one resolved against
 * the API, fileAddress). An image the backend refuses as multipart (multipartRefused) goes again
 * with §7 uploadBase64 (60 s), as a `data:` URL.
 */
function upload({ api, apiUrl, log }: EffectContext, id: string, req: UploadRequest, image: boolean): Observable<Intent> {
  const uploaded = (url: string): Intent => ({ type: 'uploaded', id, fileUrl: fileAddress(url, apiUrl) });
  return api.upload(req).pipe(
    map((frame): Intent => (frame.kind === 'done' ? uploaded(frame.data.url) : { type: 'uploadProgressed', id, progress: wholePercent(frame.fraction) })),
    distinctUntilChanged((a, b) => a.type === 'uploadProgressed' && b.type === 'uploadProgressed' && a.progress === b.progress),
    catchError((e: unknown) => {
      if (!image || !multipartRefused(e)) throw e;
      log.warn(`upload refused (${errorText(e)}): the image goes with uploadBase64`);
      return from(dataUrl(req.file)).pipe(
        switchMap((imgData) => api.uploadBase64({ userId: req.userId, imgData })),
        map((data) => uploaded(data.url)),
      );
    }),
  );
}

/** Until when the server asked (Retry-After) not to be sent to again, per engine (its effects' one context). */
const askedToWaitUntil = new WeakMap<EffectContext, number>();

/** Keeps the wait a failed sendMsg's answer asked for (TransportError.retryAfterMs), for the background resends. */
function noteRetryAfter(ctx: EffectContext, error: unknown): void {
  if (error instanceof TransportError && error.retryAfterMs)
    askedToWaitUntil.set(ctx, Math.max(askedToWaitUntil.get(ctx) ?? 0, ctx.scheduler.now() + error.retryAfterMs));
}

/**
 * One sendMsg attempt (SPEC §7): the server's answer, or nothing when the transport fails (logged
 * with `failed`'s line; the next attempt, or the fail, follows) or when no answer came within the HTTP time-out (20 s) of its start,
 * whatever the transport does. Every attempt carries the message's local id as clientMsgId
 * (docs/protocol.md "Extensions"), so that a server that knows it stores the message once.
 */
function attempt(
  ctx: EffectContext,
  id: string,
  session: ChatSession,
  failed = (e: unknown) => `sendMsg failed, next attempt within ${DELIVERY_RETRY_MS} ms: ${errorText(e)}`,
): Observable<SendMsgData> {
  const { api, scheduler, log, getState } = ctx;
  return defer(() => {
    const message = findMessage(getState().messages, id);
    return message ? api.sendMsg({ ...toWire(message, session.userId), clientMsgId: message.id }) : EMPTY;
  }).pipe(
    takeUntil(timer(HTTP_TIMEOUT_MS, scheduler)),
    catchError((e: unknown) => {
      log.warn(failed(e));
      noteRetryAfter(ctx, e);
      return EMPTY;
    }),
  );
}

/**
 * SPEC §4 Delivery indicator, one cycle: an attempt now and another every 5 s until the fail at
 * 12 s; `sendSlow` at 800 ms shows the loading indicator. The first answer of any attempt ends the
 * cycle: sent when data.status is 1, else fail. Attempts overlap rather than replace each other, so
 * that a slow answer (say 7 s) to an earlier attempt is not thrown away, and a late confirmation
 * wins over the timeout: an attempt still in flight at 12 s may turn the fail into sent until its
 * HTTP time-out is up (30 s after the first attempt at most); a late status other than 1
 * changes nothing. Nothing outlives that bound, the answer, a retry or dispose.
 */
function deliveryCycle(ctx: EffectContext, id: string, session: ChatSession): Observable<Intent> {
  const { scheduler } = ctx;
  return defer(() => {
    let failShown = false;
    const answered$ = new Subject<void>();
    const verdict$ = timer(0, DELIVERY_RETRY_MS, scheduler).pipe(
      takeUntil(timer(DELIVERY_MAX_MS, scheduler)),
      mergeMap(() => attempt(ctx, id, session)),
      take(1),
      // The indicator's timers stop before the verdict is emitted.
      tap(() => answered$.next()),
      mergeMap((data) => {
        if (data.status === SEND_OK) return of<Intent>({ type: 'sendSucceeded', id, ...(data.id && { serverId: data.id }) });
        return failShown ? EMPTY : of<Intent>({ type: 'sendFailed', id });
      }),
    );
    const indicator$ = merge(
      timer(DELIVERY_LOADING_DELAY_MS, scheduler).pipe(map((): Intent => ({ type: 'sendSlow', id }))),
      timer(DELIVERY_MAX_MS, scheduler).pipe(
        map((): Intent => {
          failShown = true;
          return { type: 'sendFailed', id };
        }),
      ),
    ).pipe(takeUntil(answered$));
    return merge(indicator$, verdict$);
  });
}

/**
 * SPEC §4 Sending: once a state may send (a session, and in mode 3 with msgToTransferFlag an agent
 * session — SPEC §4 Receive mode), one delivery cycle; when the wait for an agent ends without one,
 * the message fails (kept, for a retry). `waitedFrom` is the count of ended waits when the message
 * set out (agentWaitEndedSince).
 */
function send(ctx: EffectContext, id: string, waitedFrom: number): Observable<Intent> {
  const mayPost = (s: ChatState): boolean => s.session !== null && !heldForAgent(s);
  return defer(() => {
    const now = ctx.getState();
    // The transfer this message started may have ended while its file was uploading.
    if (agentWaitEndedSince(now, waitedFrom) && heldForAgent(now) && !now.transferring) return of<Intent>({ type: 'sendFailed', id });
    const ended = now.agentWait.ended;
    return ctx.state$.pipe(
      first((s) => mayPost(s) || s.agentWait.ended > ended),
      switchMap((s) => (mayPost(s) && s.session ? deliveryCycle(ctx, id, s.session) : of<Intent>({ type: 'sendFailed', id }))),
    );
  });
}

/**
 * One visitor message from the outbox to the server: once a session exists, its file is uploaded
 * first when it has one (a failure marks it fail: SPEC §8, unless the backend had forgotten the
 * session: then it starts over on the new one), then the message is sent. A wait for an agent that
 * ends without one while a held file uploads fails the message when its upload is done, unless
 * another transfer is under way (send).
 */
function deliver(ctx: EffectContext, id: string): Observable<Intent> {
  return defer(() => {
    const waitedFrom = ctx.getState().agentWait.ended;
    const once = (after: ChatSession | null): Observable<Intent> =>
      ctx.state$.pipe(
        // The first session; after a forgotten one, the session that replaced it.
        first((s) => s.session !== null && s.session !== after && !s.reconnecting),
        switchMap((s) => {
          const message = findMessage(s.messages, id);
          if (!message || !s.session) return EMPTY;
          if (!message.upload) return send(ctx, id, waitedFrom);
          const used = s.session;
          const req = { userId: used.userId, file: message.upload.file, fileName: message.fileName ?? '' };
          return upload(ctx, id, req, message.msgType === MsgType.Image).pipe(
            concatMap((i) => (i.type === 'uploaded' ? concat(of(i), send(ctx, id, waitedFrom)) : of(i))),
            catchError((e: unknown) => {
              ctx.log.warn(`upload failed: ${errorText(e)}`);
              // Not the file's fault when the backend had forgotten the session: it goes again on the next one.
              return forgotSession(e) ? once(used) : of<Intent>({ type: 'uploadFailed', id });
            }),
          );
        }),
      );
    return once(null);
  });
}

/**
 * SPEC §4 Sending and §7 sendMsg, as one pipeline per visitor message: upload (files), then the
 * delivery cycle. A message typed before the session is ready, or even before start(), waits and is
 * never lost. A retry (the visitor's, on fail) starts the message's pipeline over — a file not yet
 * uploaded is uploaded again — and replaces any run still going (attempts still in flight after the
 * fail included); its attempts carry the same clientMsgId, so a server answers them with the first result.
 */
export const delivery: Effect = (ctx) => {
  const { intent$, getState } = ctx;
  // Messages typed before start() were added while no effect listened: their pipelines start now.
  const typedBefore$ = defer(() =>
    from(
      getState()
        .messages.filter(isPendingVisitorMessage)
        .map((m) => m.id),
    ),
  );
  const sent$ = intent$.pipe(
    ofType('visitorSent'),
    map((i) => i.message.id),
  );
  // Messages of an earlier page load, from the outbox.
  const restored$ = intent$.pipe(
    ofType('outboxRestored'),
    mergeMap((i) => i.messages.map((m) => m.id)),
  );
  // The engine dispatches a retry only for a message that may be retried (canRetry); the outbox
  // sends failed ones again by itself.
  const retried$ = merge(
    intent$.pipe(
      ofType('retry'),
      map((i) => i.id),
    ),
    intent$.pipe(
      ofType('outboxFlushed'),
      mergeMap((i) => i.ids),
    ),
  );
  return merge(typedBefore$, sent$, restored$, retried$).pipe(
    mergeMap((id) => deliver(ctx, id).pipe(takeUntil(retried$.pipe(filter((again) => again === id))))),
  );
};

/**
 * A failure worth sending again later by itself: the server was away or overloaded (an answer of
 * 5xx or 429, a page that is no chat API — a proxy's error page), the network, or no answer in time.
 * A refusal in the chat API's own envelope (another code) is not: the visitor's Retry stays.
 */
export function worthResending(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 429 || error.code >= 500;
  return error instanceof TransportError && !(error instanceof MalformedResponseError && error.enveloped);
}

/**
 * What goes on after SPEC §4's fail at 12 s (issue 27; docs/protocol.md "Outbox"): the failed
 * messages stay "Not delivered" with their Retry, and are sent again by themselves in the background,
 * oldest first, one attempt each per round (the same clientMsgId: the server stores each once) —
 * after 5 s, 10 s, 20 s … at most 60 s (resendWaitMs), or later when the server's Retry-After (to any
 * attempt of the message's cycle or of these) asks for longer — until the server takes them (sendSucceeded) or refuses them (a status other than 1, or
 * a failure not worthResending: they wait for the visitor's Retry), for at most RESEND_FOR_MS (30 min)
 * from the fail that started them (then the outbox's own occasions: the network back, the page shown
 * again, a new session). A file whose upload failed waits for the visitor's Retry, which uploads it again.
 */
export const resend: Effect = (ctx) => {
  const { intent$, getState, scheduler } = ctx;
  /** Messages the server refused: not sent again by themselves. */
  const refused = new Set<string>();
  const due = () =>
    getState()
      .messages.filter((m) => canRetry(m) && !m.upload && !refused.has(m.id))
      .map((m) => m.id);
  const rounds = (round: number, since: number): Observable<Intent> =>
    defer(() => {
      const wait = Math.max(resendWaitMs(round + 1), (askedToWaitUntil.get(ctx) ?? 0) - scheduler.now());
      if (!due().length || scheduler.now() + wait - since > RESEND_FOR_MS) return EMPTY;
      const one = (id: string): Observable<Intent> =>
        defer(() => {
          const { session, reconnecting, messages } = getState();
          if (!session || reconnecting || !canRetry(findMessage(messages, id))) return EMPTY;
          return attempt(ctx, id, session, (e) => {
            if (!worthResending(e)) refused.add(id);
            return `resending ${id} failed: ${errorText(e)}`;
          }).pipe(
            mergeMap((data): Observable<Intent> => {
              if (data.status === SEND_OK) return of({ type: 'sendSucceeded', id, ...(data.id && { serverId: data.id }) });
              refused.add(id);
              return EMPTY;
            }),
          );
        });
      return timer(wait, scheduler).pipe(
        concatMap(() => from(due()).pipe(concatMap(one))),
        (sent$) =>
          concat(
            sent$,
            defer(() => rounds(round + 1, since)),
          ),
      );
    });
  // One background run at a time: a message that fails meanwhile joins its next round.
  return intent$.pipe(
    ofType('sendFailed'),
    exhaustMap(() => rounds(0, scheduler.now())),
  );
};
