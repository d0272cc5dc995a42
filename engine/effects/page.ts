import { distinctUntilChanged, map, merge, mergeMap } from 'rxjs';
import type { Intent } from '../state';
import { ofType, type Effect } from './context';

/**
 * The page around the engine, through ports and engine events: the visibility port feeds the state;
 * a new agent message (SPEC §4 event 1201) while the page is hidden asks for the title notice
 * (SPEC §7), and when embedded (from=iframe) for a message to the parent window (SPEC §2).
 */
export const page: Effect = ({ intent$, getState, visibility$ }) =>
  merge(
    visibility$.pipe(
      distinctUntilChanged(),
      map((visible): Intent => ({ type: 'visibilityChanged', visible })),
    ),
    intent$.pipe(
      ofType('agentMessages'),
      mergeMap(() => {
        const { pageVisible, query, channel } = getState();
        const out: Intent[] = [];
        if (!pageVisible) out.push({ type: 'notify', event: { type: 'newMessageWhileHidden' } });
        if (query.embedded && channel) out.push({ type: 'notify', event: { type: 'notifyParent', channel } });
        return out;
      }),
    ),
  );
