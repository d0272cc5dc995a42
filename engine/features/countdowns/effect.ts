import { EMPTY, concat, concatMap, defer, distinctUntilChanged, filter, from, interval, map, merge, of, switchMap, type Observable } from 'rxjs';
import { COUNTDOWN_TICK_MS, SECONDS_PER_MINUTE } from '../../constants';
import type { ChannelInfo } from '../../model/channel';
import { ofType, systemMessage, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import type { ChatState } from '../../core/state';
import { COUNTDOWN_OFF, SenderType } from '../../model/codes';
import { inConversation } from '../conversation/predicates';
import { findMessage } from '../../model/timeline';
import { showsCountdowns } from './predicates';
import type { CountdownsState } from './slice';

const set = (agent: number, visitor: number): Intent & { type: 'countdownSet' } => ({ type: 'countdownSet', agent, visitor });
const OFF = set(COUNTDOWN_OFF, COUNTDOWN_OFF);

/** A configured timeout in seconds (minutes × 60), or off. */
const seconds = (timeout: ChannelInfo['adminTimeout'] | undefined): number => (timeout ? timeout.minutes * SECONDS_PER_MINUTE : COUNTDOWN_OFF);

/** Whether a countdown runs among these. */
const running = ({ agent, visitor }: CountdownsState['countdown']): boolean => agent > 0 || visitor > 0;
const active = ({ countdown }: ChatState): boolean => running(countdown);

/**
 * Whether `set` is news: it changes the countdowns, or starts one (a countdown set again to the same
 * time restarts). Both off while both are off already (a channel without timeouts, at every message)
 * is not.
 */
const isNews = (set: Intent & { type: 'countdownSet' }, state: ChatState): boolean => !showsCountdowns(state, set) || running(set);

/** At 0: the matching timeout message (through the system-message queue), and both countdowns off. */
function expired(ctx: EffectContext): Observable<Intent> {
  const { countdown, channel } = ctx.getState();
  const timeout = countdown.agent === 0 ? channel?.adminTimeout : countdown.visitor === 0 ? channel?.userTimeout : null;
  if (!timeout) return EMPTY;
  const out: Intent[] = [{ type: 'systemMessageQueued', message: systemMessage(ctx, timeout.msg) }, OFF];
  return from(out);
}

/**
 * SPEC §4 Timeouts, while in conversation: after a visitor message the agent countdown starts
 * (adminTimeoutTime × 60 s) and the visitor one is cleared; after an agent message — or the
 * connection, when the visitor is expected to speak — the reverse. Leaving the conversation clears
 * both. The 1 s tick runs only while a countdown is active and restarts with each new countdown.
 */
export const countdowns: Effect = (ctx) => {
  const { intent$, state$, getState, scheduler } = ctx;
  const visitorSpoke$ = intent$.pipe(
    ofType('sendSucceeded'),
    filter(({ id }) => inConversation(getState()) && findMessage(getState().messages, id)?.senderType === SenderType.Visitor),
    map(() => set(seconds(getState().channel?.adminTimeout), COUNTDOWN_OFF)),
    filter((intent) => isNews(intent, getState())),
  );
  const agentSpoke$ = intent$.pipe(
    ofType('agentMessages', 'agentConnected'),
    filter(() => inConversation(getState())),
    map(() => set(COUNTDOWN_OFF, seconds(getState().channel?.userTimeout))),
    filter((intent) => isNews(intent, getState())),
  );
  const left$ = state$.pipe(
    map(inConversation),
    distinctUntilChanged(),
    filter((inConversation) => !inConversation && active(getState())),
    map(() => OFF),
  );
  // Each tick reads the time left from the clock rather than counting ticks, so that a throttled
  // timer (a background tab, a sleeping phone) still times out when it is due.
  const ticks$ = intent$.pipe(
    ofType('countdownSet'),
    switchMap(({ agent, visitor }) => {
      if (!active(getState())) return EMPTY;
      const start = scheduler.now();
      const left = (total: number) => (total > 0 ? Math.max(0, total - Math.floor((scheduler.now() - start) / COUNTDOWN_TICK_MS)) : total);
      return interval(COUNTDOWN_TICK_MS, scheduler).pipe(
        concatMap(() =>
          concat(
            of<Intent>({ type: 'countdownTick', agent: left(agent), visitor: left(visitor) }),
            defer(() => expired(ctx)),
          ),
        ),
      );
    }),
  );
  return merge(visitorSpoke$, agentSpoke$, left$, ticks$);
};
