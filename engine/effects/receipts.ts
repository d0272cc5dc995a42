import { concat, filter, merge, mergeMap, of, throttleTime } from 'rxjs';
import { READ_RECEIPT_THROTTLE_MS } from '../constants';
import { ChatStatus } from '../model/codes';
import type { ChatState, Intent } from '../state';
import { ofType, settle, type Effect } from './context';

/** An agent message is unread while the page is visible and the agent session runs. */
const due = (s: ChatState): boolean => s.unread && s.pageVisible && s.status === ChatStatus.InConversation && s.session !== null;

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
    filter(() => due(getState())),
    throttleTime(READ_RECEIPT_THROTTLE_MS, scheduler, { leading: true, trailing: true }),
    filter(() => due(getState())),
    mergeMap(() => {
      const { userId, pollId } = getState().session ?? { userId: '', pollId: '' };
      return concat(of<Intent>({ type: 'readMarked' }), api.msgComplete({ userId, pollId }).pipe(settle(log, 'msgComplete')));
    }),
  );
