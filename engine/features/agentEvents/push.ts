import { EMPTY, catchError, concat, defer, filter, map, repeat, takeUntil, throwError, timeout, timer, type Observable } from 'rxjs';
import { PUSH_SILENCE_MS, PUSH_STABLE_MS, pushRetryWaitMs } from '../../constants';
import { errorText } from '../../core/effect';
import type { EventBatch, PushFrame, VisitorApi } from '../../transport/visitorApi';
import type { ChatSession } from '../bootstrap/slice';
import { receive, type Cursor } from './cursor';
import { poll, type Listening } from './polling';

/**
 * Push (docs/protocol.md "Push") with SPEC §7 polling as the fallback. The stream resumes after the
 * cursor's last event; when it cannot open, fails, ends, or stays silent for PUSH_SILENCE_MS,
 * polling takes over at once (its first poll acknowledges the same cursor, so what the stream lost
 * comes again, and what came twice is dropped) and push is tried again after pushRetryWaitMs of the
 * failures in a row — counted from one again after a stream that stayed up PUSH_STABLE_MS.
 */
export function pushed(
  ctx: Listening,
  session: ChatSession,
  cursor: Cursor,
  url: string,
  stream: NonNullable<VisitorApi['eventStream']>,
): Observable<EventBatch> {
  const { scheduler, log } = ctx;
  const { userId, pollId } = session;
  let failures = 0;
  const silent = () => throwError(() => new Error(`nothing for ${PUSH_SILENCE_MS} ms`));
  return defer(() => {
    const openedAt = scheduler.now();
    let why = 'ended';
    const batches = defer(() => stream({ userId, pollId, lastEventId: cursor.lastEventId, url })).pipe(
      timeout({ each: PUSH_SILENCE_MS, with: silent, scheduler }),
      filter((frame): frame is Extract<PushFrame, { kind: 'batch' }> => frame.kind === 'batch'),
      map(({ batch }) => receive(cursor, batch)),
      catchError((e: unknown) => {
        why = `failed: ${errorText(e)}`;
        return EMPTY;
      }),
    );
    const fallback = defer(() => {
      failures = scheduler.now() - openedAt >= PUSH_STABLE_MS ? 1 : failures + 1;
      const wait = pushRetryWaitMs(failures);
      log.warn(`event stream ${why}; polling, push again in ${wait} ms`);
      return poll(ctx, session, cursor).pipe(takeUntil(timer(wait, scheduler)));
    });
    return concat(batches, fallback);
  }).pipe(repeat());
}
