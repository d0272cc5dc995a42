import { EMPTY, catchError, concat, defer, exhaustMap, filter, first, from, merge, mergeMap, of, switchMap, takeUntil, type Observable } from 'rxjs';
import { GROUP_ID_KEY } from '../../constants';
import { MsgType, SenderType, TransferStatus } from '../../model/codes';
import { flag } from '../../model/decode';
import { createMessage } from '../../model/message';
import { queueText } from '../../model/notice';
import type { TransferAgentData, TransferAgentRequest } from '../../protocol';
import { errorText, noticeMessage, ofType, systemMessage, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { added } from '../notices/slice';
import { forgotSession } from '../bootstrap/predicates';
import { userFormRequired } from '../forms/predicates';
import { canRequestHuman, endsAgentSide, heldForAgent, joinedQueueAt, messageStartsNewChat, rememberedGroup, transfersAutomatically } from './predicates';

/** SPEC §4 Transfer result 0–6: the intents each result status leads to. */
function outcome(ctx: EffectContext, { status, adminNick, waitIndex }: TransferAgentData): Intent[] {
  const channel = ctx.getState().channel;
  const ended = (waiting: boolean): Intent => ({ type: 'transferEnded', waiting });
  switch (status) {
    case TransferStatus.Close:
      return [ended(false), { type: 'chatClosed' }];
    case TransferStatus.Offline: {
      const text = channel?.adminOfflineMsg;
      // SPEC §2: the leave-message form is offered while agents are offline, with or without the text.
      const offer: Intent = { type: 'leaveMessageOffered', reason: 'offline' };
      if (text === null || text === undefined) return [ended(false), offer];
      const leave = createMessage({
        id: ctx.newId(),
        senderType: SenderType.System,
        msgType: MsgType.LeaveMessage,
        msgContent: text,
        createdAt: ctx.scheduler.now(),
      });
      return [ended(false), added(leave), offer];
    }
    case TransferStatus.Success:
      return [ended(true), { type: 'agentConnected', adminNick }];
    case TransferStatus.Queued: {
      const position = joinedQueueAt(waitIndex);
      const template = channel?.userQueueMsg;
      const message = template === null || template === undefined ? null : systemMessage(ctx, queueText(template, position));
      return [ended(true), { type: 'queued', position, message }];
    }
    case TransferStatus.Failure:
      return [ended(false), added(noticeMessage(ctx, 'transferFailed'))];
    case TransferStatus.OutsideHours: {
      const text = channel?.unWorkingMsg;
      const offer: Intent = { type: 'leaveMessageOffered', reason: 'outsideHours' };
      return text === null || text === undefined ? [ended(false), offer] : [ended(false), added(systemMessage(ctx, text)), offer];
    }
    default:
      // 6 (nothing), and any code the spec does not know.
      return [ended(false)];
  }
}

/**
 * transferAgent for `target`; a failed call counts as result 4 (failure) — but for one that found the
 * session forgotten: the wait for an agent goes on, and the same transfer is asked again on the
 * session that replaces it (this transfer still holds the one-at-a-time slot meanwhile).
 */
function call(ctx: EffectContext, target: Omit<TransferAgentRequest, 'userId'>): Observable<Intent> {
  return defer(() => {
    const used = ctx.getState().session;
    return concat(
      of<Intent>({ type: 'transferStarted' }),
      ctx.api.transferAgent({ ...target, userId: used?.userId ?? '' }).pipe(
        mergeMap((result) => outcome(ctx, result)),
        catchError((e: unknown) => {
          ctx.log.warn(`transferAgent failed: ${errorText(e)}`);
          if (!forgotSession(e)) return outcome(ctx, { status: TransferStatus.Failure });
          const again$ = ctx.state$.pipe(
            first((s) => s.session !== null && s.session !== used && !s.reconnecting),
            switchMap(() => (canRequestHuman(ctx.getState()) ? call(ctx, target) : EMPTY)),
          );
          return concat(of<Intent>({ type: 'transferEnded', waiting: true }), again$);
        }),
      ),
    );
  });
}

/** A transfer to a group, remembered in chat-groupId (SPEC §3, §4). */
function toGroup(ctx: EffectContext, groupId: string): Observable<Intent> {
  return defer(() => {
    ctx.storage.set(GROUP_ID_KEY, groupId);
    return call(ctx, { groupId });
  });
}

/**
 * SPEC §4 groups: an adminid/groupid of the query, or a channel without group mode, transfers
 * directly; otherwise no groups → 'No agent online' and the leave-message offer, one group → chosen automatically, several →
 * the group the visitor chose before when the channel still offers it (chat-groupId,
 * rememberedGroup), else the group-selection form, and the transfer waits for the choice — until
 * the agent side is over (the form is withdrawn: a later message asks again).
 */
function attempt(ctx: EffectContext): Observable<Intent> {
  const { query, channel } = ctx.getState();
  const groups = channel?.groups;
  if (query.adminId || query.groupId || !groups) return call(ctx, { adminId: query.adminId, groupId: query.groupId });
  const [only] = groups;
  if (!only) {
    // Issue 28: no agent can answer, so leaving a message is offered, as for agents offline.
    const offer: Intent = { type: 'leaveMessageOffered', reason: 'noAgentOnline' };
    return from<Intent[]>([added(noticeMessage(ctx, 'noAgentOnline')), { type: 'transferEnded', waiting: false }, offer]);
  }
  if (groups.length === 1) return toGroup(ctx, only.id);
  const remembered = rememberedGroup(groups, ctx.storage.get(GROUP_ID_KEY));
  if (remembered) return toGroup(ctx, remembered.id);
  return concat(
    of<Intent>({ type: 'groupChoiceRequired', groups }),
    ctx.intent$.pipe(
      ofType('groupChosen'),
      first((i) => groups.some((g) => g.id === i.groupId)),
      takeUntil(ctx.intent$.pipe(filter(endsAgentSide))),
      switchMap((i) => toGroup(ctx, i.groupId)),
    ),
  );
}

/**
 * SPEC §4 transfer to a human: started automatically after chatStart (or a new session after a loss) in mode 3 (after the user form
 * when one is owed; skipped while msgToTransferFlag is set and no message is pending), by a visitor
 * message held for an agent (sent, retried, or restored or re-sent by the outbox), or on request (a robot-mode visitor asking for a human). One at a time.
 * Once connected (result 2 or event 1200): the 'session established' notice, getAdminCard, and the
 * agent welcome message through the system-message queue when adminWelcomeMode is on.
 */
export const transfer: Effect = (ctx) => {
  const { intent$, getState, api, log } = ctx;
  const auto$ = intent$.pipe(
    ofType('sessionStarted', 'sessionResumed'),
    switchMap(() => (userFormRequired(getState()) ? intent$.pipe(ofType('userFormDone'), first()) : of(null))),
    filter(() => transfersAutomatically(getState())),
  );
  // A file is sent once uploaded: its upload's end asks for an agent again, in case the transfer its
  // message started has ended meanwhile.
  const byMessage$ = intent$.pipe(
    ofType('visitorSent', 'retry', 'uploaded', 'outboxRestored', 'outboxFlushed'),
    filter(() => heldForAgent(getState()) || messageStartsNewChat(getState())),
  );
  const requested$ = intent$.pipe(ofType('humanRequested'));
  const transfers$ = merge(auto$, byMessage$, requested$).pipe(exhaustMap(() => (canRequestHuman(getState()) ? attempt(ctx) : EMPTY)));

  const connected$ = intent$.pipe(
    ofType('agentConnected'),
    mergeMap(({ adminNick }) => {
      const notice = of(added(noticeMessage(ctx, 'sessionEstablished', adminNick ? { agent: adminNick } : undefined)));
      const session = getState().session;
      if (!session) return notice;
      const welcome$ = api.getAdminCard({ userId: session.userId }).pipe(
        mergeMap((card) => {
          if (!flag(card.adminWelcomeMode) || !card.adminWelcomeMsg?.trim()) return EMPTY;
          const message = createMessage({
            id: ctx.newId(),
            senderType: SenderType.Agent,
            senderName: card.adminNick ?? getState().agentNick ?? undefined,
            senderAvatar: card.adminAvatar,
            msgType: MsgType.Text,
            msgContent: card.adminWelcomeMsg,
            createdAt: ctx.scheduler.now(),
          });
          return of<Intent>({ type: 'systemMessageQueued', message });
        }),
        catchError((e: unknown) => {
          log.warn(`getAdminCard failed: ${errorText(e)}`);
          return EMPTY;
        }),
      );
      return concat(notice, welcome$);
    }),
  );

  return merge(transfers$, connected$);
};
