import { EMPTY, filter, map, merge, mergeMap, switchMap, takeUntil, throttleTime, timer } from 'rxjs';
import { AGENT_TYPING_MS, TYPING_THROTTLE_MS } from '../../constants';
import { ofType, settle, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { sendsTyping } from './predicates';

/**
 * Typing, both ways. SPEC §7 typing (userId, msgContent): the visitor's typing notice at most once
 * per 500 ms (the latest text goes out at the end of the period), only in status 2. SPEC §4 event
 * 1204: the agent-typing flag, cleared by the next agent message, the end of the session, or after
 * AGENT_TYPING_MS without a new 1204.
 */
export const typing: Effect = ({ intent$, getState, api, scheduler, log }) => {
  const notices$ = intent$.pipe(
    ofType('visitorTyping'),
    filter(() => sendsTyping(getState())),
    throttleTime(TYPING_THROTTLE_MS, scheduler, { leading: true, trailing: true }),
    mergeMap(({ text }) => {
      const state = getState();
      if (!state.session || !sendsTyping(state)) return EMPTY;
      return api.typing({ userId: state.session.userId, msgContent: text }).pipe(settle(log, 'typing'));
    }),
  );
  // What ends the agent's typing is listened to only while a wait runs: an agent message while
  // nobody types reaches no listener here (one a pushed frame: issue 30).
  const ended$ = intent$.pipe(ofType('agentMessages', 'chatClosed', 'agentRefused'));
  const agentTyping$ = intent$.pipe(
    ofType('agentTyping'),
    switchMap(() =>
      timer(AGENT_TYPING_MS, scheduler).pipe(
        takeUntil(ended$),
        map((): Intent => ({ type: 'agentTypingStopped' })),
      ),
    ),
  );
  return merge(notices$, agentTyping$);
};
