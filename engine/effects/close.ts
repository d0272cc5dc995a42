import { EMPTY, concat, exhaustMap, of } from 'rxjs';
import type { Intent } from '../state';
import { ofType, settle, type Effect } from './context';

/** SPEC §4, §7 chatClose: the visitor ends the chat — closed locally at once (status 0, chatClosed), then chatClose. */
export const close: Effect = ({ intent$, getState, api, log }) =>
  intent$.pipe(
    ofType('closeRequested'),
    exhaustMap(() => {
      const { session, chatClosed } = getState();
      if (!session || chatClosed) return EMPTY;
      return concat(of<Intent>({ type: 'chatClosed' }), api.chatClose({ userId: session.userId }).pipe(settle(log, 'chatClose')));
    }),
  );
