import { EMPTY, defer, distinctUntilChanged, map, merge, switchMap, tap, type Observable } from 'rxjs';
import type { EffectContext } from '../../core/effect';
import type { ChatState } from '../../core/state';
import type { EventBatch } from '../../transport/visitorApi';
import type { ChatSession } from '../bootstrap/slice';
import { withAgent } from '../conversation/predicates';
import { newCursor, receive, type Cursor } from './cursor';
import { poll } from './polling';
import { pushAddress } from './predicates';
import { pushed } from './push';
import { tabScope } from './tabs';

/** The session to listen on: while with an agent or in the queue (SPEC §4 status 2/3), else none. */
const listening = (s: ChatState): ChatSession | null => (withAgent(s) ? s.session : null);

/**
 * The agent-event seam (DESIGN "The engine"): one stream of event batches, while the status is 2
 * or 3 — it stops when the status leaves them (1202, 1208, close) and on dispose. Pushed when the
 * backend offers it and the transport can (pushAddress), else polled; either way through the
 * session's one cursor, so dispatch, de-duplication and acknowledgement do not depend on the
 * transport. The cursor belongs to the session: listening to it again later (a chat closed, then an
 * agent again) goes on from where it was.
 *
 * Of the visitor's tabs (docs/protocol.md "Several tabs") only the one the tabs port names listens,
 * and shares each batch it receives; the others hear those batches, while they too are with an agent
 * or queued, through the same cursor: an event heard there is acknowledged, and not taken again, when
 * this tab takes over.
 */
export function eventBatches(ctx: EffectContext): Observable<EventBatch> {
  return defer(() => {
    const cursors = new Map<string, Cursor>();
    const cursorOf = ({ userId, pollId }: ChatSession): Cursor => {
      const key = `${userId} ${pollId}`;
      const cursor = cursors.get(key) ?? newCursor();
      cursors.set(key, cursor);
      return cursor;
    };
    const listen = (session: ChatSession): Observable<EventBatch> => {
      const url = pushAddress(ctx.getState(), ctx.push);
      const stream = ctx.api.eventStream;
      return url === null || !stream ? poll(ctx, session, cursorOf(session)) : pushed(ctx, session, cursorOf(session), url, stream.bind(ctx.api));
    };
    return ctx.state$.pipe(
      map(listening),
      distinctUntilChanged((a, b) => a?.pollId === b?.pollId && a?.userId === b?.userId),
      switchMap((session) => {
        if (!session) return EMPTY;
        const scope = tabScope(ctx.getState(), session);
        const own = ctx.tabs.listener(scope).pipe(
          distinctUntilChanged(),
          switchMap((listens) => (listens ? listen(session).pipe(tap((batch) => ctx.tabs.share(scope, batch))) : EMPTY)),
        );
        return merge(own, ctx.tabs.shared(scope).pipe(map((batch) => receive(cursorOf(session), batch))));
      }),
    );
  });
}
