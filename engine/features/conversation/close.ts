import { EMPTY, concat, exhaustMap, of } from 'rxjs';
import { ofType, settle, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { canEnd } from './predicates';

/** SPEC §4, §7 chatClose: the visitor ends the chat — closed locally at once (status 0, chatClosed), then chatClose. */
export const close: Effect = ({ intent$, getState, api, log }) =>
  intent$.pipe(
    ofType('closeRequested'),
    exhaustMap(() => {
      const state = getState();
      if (!state.session || !canEnd(state)) return EMPTY;
      return concat(of<Intent>({ type: 'chatClosed' }), api.chatClose({ userId: state.session.userId, pollId: state.session.pollId }).pipe(settle(log, 'chatClose')));
    }),
  );
