import { EMPTY, concat, defer, exhaustMap, filter, merge, mergeMap, of, timer } from 'rxjs';
import { READ_RECEIPT_THROTTLE_MS } from '../../constants';
import { ofType, settle, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { readReceiptDue } from './predicates';

/**
 * SPEC §4 event 1201 "mark read" and §7 msgComplete (userId, pollId): at most once per 5 s, only
 * while the page is visible and the status is 2. A message that arrives within 5 s of the last
 * receipt is marked when they are up; one that arrives while hidden is marked when the page shows
 * again (at once when no receipt went out in the last 5 s).
 */
export const receipts: Effect = ({ intent$, getState, api, scheduler, log }) =>
  defer(() => {
    let lastSent = Number.NEGATIVE_INFINITY;
    const mark = () => {
      const { session } = getState();
      if (!session || !readReceiptDue(getState())) return EMPTY;
      lastSent = scheduler.now();
      return concat(of<Intent>({ type: 'readMarked' }), api.msgComplete({ userId: session.userId, pollId: session.pollId }).pipe(settle(log, 'msgComplete')));
    };
    return merge(
      intent$.pipe(ofType('agentMessages')),
      intent$.pipe(
        ofType('visibilityChanged'),
        filter((i) => i.visible),
      ),
    ).pipe(
      filter(() => readReceiptDue(getState())),
      // One receipt waits at a time; it marks every message that came meanwhile.
      exhaustMap(() => timer(Math.max(0, lastSent + READ_RECEIPT_THROTTLE_MS - scheduler.now()), scheduler).pipe(mergeMap(mark))),
    );
  });
