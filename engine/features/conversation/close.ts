import { EMPTY, concat, exhaustMap, from } from 'rxjs';
import { noticeMessage, ofType, settle, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { added } from '../notices/slice';
import { canEnd } from './predicates';

/**
 * SPEC §4, §7 chatClose: the visitor ends the chat — a notice in the conversation says so, it is
 * closed locally at once (status 0, chatClosed), then chatClose.
 */
export const close: Effect = (ctx) => {
  const { intent$, getState, api, log } = ctx;
  return intent$.pipe(
    ofType('closeRequested'),
    exhaustMap(() => {
      const state = getState();
      if (!state.session || !canEnd(state)) return EMPTY;
      return concat(
        from<Intent[]>([added(noticeMessage(ctx, 'visitorEnded')), { type: 'chatClosed' }]),
        api.chatClose({ userId: state.session.userId, pollId: state.session.pollId }).pipe(settle(log, 'chatClose')),
      );
    }),
  );
};
