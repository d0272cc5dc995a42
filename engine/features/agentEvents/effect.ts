import { concatMap, distinctUntilChanged, ignoreElements, map, merge, tap, type Observable } from 'rxjs';
import { EventCode, OutType, SenderType } from '../../model/codes';
import { DecodeError, base64Utf8, optNumber, optString } from '../../model/decode';
import { decodeAgentMessage } from '../../model/agentMessage';
import type { ChatMessage } from '../../model/message';
import { listIndex, type ListIndex } from '../../model/listIndex';
import { findMessage, wireIds } from '../../model/timeline';
import type { WireEvent } from '../../protocol';
import { errorText, noticeMessage, ofType, systemMessage, type Effect, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { inConversation, isQueued, queuePlace, withAgent } from '../conversation/predicates';
import { evaluatesAfterClose } from '../evaluation/predicates';
import { added } from '../notices/slice';
import type { EventBatch } from '../../transport/visitorApi';
import { eventBatches } from './batches';
import { remember } from './remember';
import { sentEvent, tabScope } from './tabs';

/** How many message identities the dispatch remembers to drop a repeat (a message is one or two). */
const REMEMBERED_MESSAGE_KEYS = 4_000;

/** SPEC §4 event 1202: the end message of the outType, then close locally, then the evaluation when evaluateMode is on. */
function sessionEnded(ctx: EffectContext, outType: number | undefined): Intent[] {
  const channel = ctx.getState().channel;
  let message: ChatMessage | null = null;
  if (outType === OutType.UserOver) message = systemMessage(ctx, channel?.userOverMsg ?? '');
  else if (outType === OutType.AgentClosed && channel?.adminCloseMsg != null) message = systemMessage(ctx, channel.adminCloseMsg);
  else if (outType === OutType.NewWindow) message = noticeMessage(ctx, 'openedInNewWindow');
  const evaluation: Intent[] = evaluatesAfterClose(ctx.getState()) ? [{ type: 'evaluationRequested' }] : [];
  return [...(message ? [added(message)] : []), { type: 'chatClosed' }, ...evaluation];
}

/**
 * What makes two agent messages the same one (SPEC §4 1201, delivered at least once): the ids it is
 * known by (its own, and the backend's for a visitor message confirmed under another); and, when
 * the backend gave no msgId, the sender, time and content when the message carries a time. A
 * message with neither is never taken for another (two "ok" in a row are two).
 */
function identities(message: ChatMessage, hasMsgId: boolean): string[] {
  const ids = wireIds(message).map((id) => `id:${id}`);
  if (hasMsgId || message.msgTime === undefined) return ids;
  return [...ids, `at:${message.senderType}|${message.msgTime}|${message.msgContent}|${message.fileUrl ?? ''}`];
}

/**
 * A run of consecutive 1201 events → one intent with all their messages, so that a poll carrying a
 * thousand messages is one state change, not a thousand. Bad ones are dropped with a log line; one
 * already shown (identity, asked of `shown`, the index of the messages shown) is not shown again.
 * The visitor's own messages sent from another tab (docs/protocol.md "Several tabs") are
 * `sentElsewhere`: shown, but not news from the agent.
 */
function agentMessages(ctx: EffectContext, run: readonly WireEvent[], seen: Set<string>, shown: ListIndex): Intent[] {
  shown.of(ctx.getState().messages);
  const out: { type: 'agentMessages' | 'sentElsewhere'; messages: ChatMessage[] }[] = [];
  for (const event of run) {
    try {
      const message = decodeAgentMessage(event, { now: ctx.scheduler.now(), newId: ctx.newId, api: ctx.apiUrl, warn: (line) => ctx.log.warn(line) });
      const keys = identities(message, Boolean(optString(event.msgId, 'msgId')));
      if (keys.some((key) => seen.has(key) || shown.has(key))) continue;
      for (const key of keys) remember(seen, key, REMEMBERED_MESSAGE_KEYS);
      const type = message.senderType === SenderType.Visitor ? 'sentElsewhere' : 'agentMessages';
      const last = out.at(-1);
      if (last?.type === type) last.messages.push(message);
      else out.push({ type, messages: [message] });
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      ctx.log.warn(`dropped event ${String(event.event_type)}: ${errorText(e)}`);
    }
  }
  return out;
}

const isAgentMessage = (event: WireEvent | undefined) => event !== undefined && Number(event.event_type) === EventCode.AgentMessage;

/** Splits a batch into runs: consecutive 1201 events together, every other event alone. */
function runs(events: readonly WireEvent[]): WireEvent[][] {
  const out: WireEvent[][] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (isAgentMessage(event) && isAgentMessage(last?.[0])) last?.push(event);
    else out.push([event]);
  }
  return out;
}

/**
 * SPEC §4 event codes 1200–1208 but 1201 (see agentMessages) → intents. msgContentEnc is base64 of
 * UTF-8 text; a decoding failure throws DecodeError.
 */
function eventIntents(ctx: EffectContext, event: WireEvent): Intent[] {
  const code = optNumber(event.event_type, 'event_type');
  const msgId = optString(event.msgId, 'msgId');
  const text = event.msgContentEnc === undefined || event.msgContentEnc === null ? undefined : base64Utf8(event.msgContentEnc, 'msgContentEnc');
  const state = ctx.getState();
  switch (code) {
    case EventCode.SessionEstablished:
      // As transfer success (SPEC §4), once: a session already established is not announced again.
      return inConversation(state) ? [] : [{ type: 'agentConnected', adminNick: optString(event.adminNick, 'adminNick') }];
    case EventCode.SessionEnded:
      return sessionEnded(ctx, optNumber(event.outType, 'outType'));
    case EventCode.EvaluationRequested:
      return [{ type: 'evaluationRequested' }];
    case EventCode.AgentTyping:
      return [{ type: 'agentTyping' }];
    case EventCode.MessageDeleted: {
      const id = msgId || text;
      return id ? [{ type: 'messageDeleted', id }] : [];
    }
    case EventCode.Ignored:
      return [];
    case EventCode.AgentRefused:
      // A system message (the event's own text when it carries one), then polling stops.
      return [added(text?.trim() ? systemMessage(ctx, text) : noticeMessage(ctx, 'agentRefused')), { type: 'agentRefused' }];
    default:
      ctx.log.warn(`ignored an event with unknown code ${String(event.event_type)}`);
      return [];
  }
}

/** SPEC §4 transfer 3: while queued, the position follows waitIndex (at the front, the 1200 in the same batch connects). */
function queuePosition({ getState }: EffectContext, batch: EventBatch): Intent[] {
  const state = getState();
  const position = queuePlace(batch.waitIndex);
  if (!isQueued(state) || position === null || position === state.queue?.position) return [];
  return [{ type: 'queueMoved', position }];
}

/**
 * A visitor message this tab delivered while with an agent or queued, given to the visitor's other
 * tabs (docs/protocol.md "Several tabs"): whatever the backend, they show it (as `sentElsewhere`).
 */
function sentToOtherTabs(ctx: EffectContext): Observable<never> {
  return ctx.intent$.pipe(
    ofType('sendSucceeded'),
    tap(({ id }) => {
      const state = ctx.getState();
      const { session } = state;
      const message = findMessage(state.messages, id);
      if (message && session && withAgent(state)) ctx.tabs.share(tabScope(state, session), { events: [sentEvent(message, session.userId)] });
    }),
    ignoreElements(),
  );
}

/**
 * Dispatch of agent event batches (SPEC §4 event codes), one event at a time so each sees the state
 * the previous one produced: those this tab received, and those another tab received or sent. Wire data is untrusted: an event that does not decode is dropped with a
 * log line, unknown codes are ignored.
 */
export const agentEvents: Effect = (ctx) => {
  const seen = new Set<string>();
  const shown = listIndex((m) => identities(m, false));
  // The index is made when the first agent message comes: a conversation that has none (a history
  // read, a robot's answers) does not hold a key for each of its messages.
  let indexing = false;
  const one = (event: WireEvent): Intent[] => {
    try {
      return eventIntents(ctx, event);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      ctx.log.warn(`dropped event ${String(event.event_type)}: ${errorText(e)}`);
      return [];
    }
  };
  const run = (events: WireEvent[]): Intent[] => {
    if (!isAgentMessage(events[0])) return one(events[0] as WireEvent);
    indexing = true;
    return agentMessages(ctx, events, seen, shown);
  };
  // A batch's intents, each run's made when the previous run's were applied (a generator: no
  // observable of each run, each batch, a pushed frame a message is one batch; issue 30).
  function* intents(batch: EventBatch): Generator<Intent> {
    yield* queuePosition(ctx, batch);
    for (const events of runs(batch.events)) yield* run(events);
  }
  const dispatched = eventBatches(ctx).pipe(concatMap(intents));
  // Once made, the index follows every change of the messages as it happens (each reads the messages it touched).
  const following = ctx.state$.pipe(
    map((s) => s.messages),
    distinctUntilChanged(),
    tap((messages) => indexing && shown.of(messages)),
    ignoreElements(),
  );
  return merge(following, dispatched, sentToOtherTabs(ctx));
};
