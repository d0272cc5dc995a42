import { EMPTY, concat, distinctUntilChanged, map, mergeMap, of, switchMap, timer } from 'rxjs';
import { SYSTEM_QUEUE_BUSY_MS, SYSTEM_QUEUE_IDLE_MS } from '../../constants';
import { MsgType, SYS_MSG_FIXED } from '../../model/codes';
import { settle, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';

/**
 * SPEC §7 system-message queue: one queued message is consumed per tick — shown, and posted with
 * sysMsg (specialMsgFlag 3, clientType 3, notifyAdmin 1). The first tick comes 1000 ms after the
 * queue stops being empty (the idle period), the next ones every 10 ms while it has items; an empty
 * queue has no timer. Empty messages never enter it (isEmptySystemMessage).
 */
export const systemQueue: Effect = ({ state$, getState, api, scheduler, log }) =>
  state$.pipe(
    map((s) => s.sysQueue.length > 0),
    distinctUntilChanged(),
    switchMap((busy) => (busy ? timer(SYSTEM_QUEUE_IDLE_MS, SYSTEM_QUEUE_BUSY_MS, scheduler) : EMPTY)),
    mergeMap(() => {
      const { sysQueue, session } = getState();
      const [head] = sysQueue;
      if (!head) return EMPTY;
      const shown = of<Intent>({ type: 'systemMessageDequeued', id: head.id });
      if (!session) return shown;
      const posted = api.sysMsg({
        msgContent: head.msgContent,
        msgType: typeof head.msgType === 'number' ? head.msgType : MsgType.SystemText,
        senderType: head.senderType,
        senderName: head.senderName,
        ...SYS_MSG_FIXED,
        userId: session.userId,
      });
      return concat(shown, posted.pipe(settle(log, 'sysMsg')));
    }),
  );
