import { concat, filter, merge, mergeMap, of, throttleTime } from 'rxjs';
import { READ_RECEIPT_THROTTLE_MS } from '../../constants';
import { ofType, settle, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { readReceiptDue } from './predicates';

/**
 * SPEC §4 event 1201 "mark read" and §7 msgComplete (userId, pollId): at most once per 5 s, only
 * while the page is visible and the status is 2. A message that arrives inside the 5 s is marked at
 * its end; one that arrives while hidden is marked when the page shows again.
 */
export const receipts: Effect = ({ intent$, getState, api, scheduler, log }) =>
  merge(
    intent$.pipe(ofType('agentMessages')),
    intent$.pipe(
      ofType('visibilityChanged'),
      filter((i) => i.visible),
    ),
  ).pipe(
    filter(() => readReceiptDue(getState())),
    throttleTime(READ_RECEIPT_THROTTLE_MS, scheduler, { leading: true, trailing: true }),
    filter(() => readReceiptDue(getState())),
    mergeMap(() => {
      const { userId, pollId } = getState().session ?? { userId: '', pollId: '' };
      return concat(of<Intent>({ type: 'readMarked' }), api.msgComplete({ userId, pollId }).pipe(settle(log, 'msgComplete')));
    }),
  );
