import { EMPTY, catchError, concatMap, defer, filter, first, from, ignoreElements, switchMap } from 'rxjs';
import { toWire } from '../../model/message';
import { errorText, ofType, type Effect } from '../../core/effect';
import { robotConversation } from './predicates';

/**
 * SPEC §7 addSessionMsg, when a robot conversation is handed to an agent (issue 27): once a transfer
 * connects or queues the visitor, what the visitor and the robot said in this page's conversation
 * before the visitor asked for an agent (robotConversation, since the session started in this page) is added to the agent's session,
 * one call per message, oldest first, so the agent sees why the visitor came — once per handoff (a
 * later 1200 of the queue, or a session recovery, adds nothing). Each carries its message's id as
 * `clientMsgId`, by which a backend that stored it already (the visitor's own messages, sent with
 * sendMsg) recognises it. A failure is one log line; the rest are still added.
 */
export const handoff: Effect = (ctx) =>
  ctx.intent$.pipe(
    // A session recovery starts a new session: what was said before it went with the forgotten one.
    ofType('sessionStarted', 'sessionResumed'),
    switchMap(() => {
      const since = ctx.scheduler.now();
      return ctx.intent$.pipe(
        ofType('transferStarted'),
        switchMap(() => {
          const asked = ctx.scheduler.now();
          return ctx.intent$.pipe(
            first((i) => i.type === 'agentConnected' || i.type === 'queued' || (i.type === 'transferEnded' && !i.waiting)),
            filter((i) => i.type !== 'transferEnded'),
            // Read at the connection: a message still on its way, an answer still arriving when the
            // visitor asked, are complete by then more often than not.
            switchMap(() => from(robotConversation(ctx.getState(), since, asked))),
            concatMap((m) => {
              const userId = ctx.getState().session?.userId ?? '';
              return defer(() => ctx.api.addSessionMsg({ ...toWire(m, userId), clientMsgId: m.id })).pipe(
                catchError((e: unknown) => {
                  ctx.log.warn(`addSessionMsg failed: ${errorText(e)}`);
                  return EMPTY;
                }),
              );
            }),
            ignoreElements(),
          );
        }),
      );
    }),
  );
