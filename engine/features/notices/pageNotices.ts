import { mergeMap } from 'rxjs';
import { ofType, type Effect } from '../../core/effect';
import { notify, type Notify } from '../../core/intents';

/**
 * A new agent message (SPEC §4 event 1201) while the page is hidden asks the UI for the title
 * notice (SPEC §7); when embedded (from=iframe), for a message to the parent window (SPEC §2).
 */
export const pageNotices: Effect = ({ intent$, getState }) =>
  intent$.pipe(
    ofType('agentMessages'),
    mergeMap(() => {
      const { pageVisible, query, channel } = getState();
      const out: Notify[] = [];
      if (!pageVisible) out.push(notify({ type: 'newMessageWhileHidden' }));
      if (query.embedded && channel) out.push(notify({ type: 'notifyParent', channel }));
      return out;
    }),
  );
