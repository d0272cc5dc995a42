import { EMPTY, ReplaySubject, ignoreElements, merge, type Observable } from 'rxjs';
import type { Intent } from '#engine/core/intents';
import { eventBatches } from '#engine/features/agentEvents/batches';
import type { EventBatch } from '#engine/transport/visitorApi';
import { ChatStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { type Notice, noticeFallback } from '#engine/model/notice';
import type { ChatState } from '#engine/core/state';
import type { WireChannelInfo } from '#engine/protocol';
import { readyState, runEffect, type SpecContext } from './effectSpec';
import { channel } from './fixtures';

/**
 * Support of the agent-side effect specs (conversation, agentEvents, signals, countdowns, notices):
 * the states they start from, the messages the engine writes, and calls read as marbles.
 */

/** Channel info of an agent-transfer channel (SPEC §4 receive mode 3), `wire` over it. */
export const agentChannel = (wire: Partial<WireChannelInfo> = {}) => channel({ receiveMode: ReceiveMode.Agent, ...wire });

/** SPEC §3 Timeouts on: the agent timeout after 1 minute, the visitor timeout after 2. */
export const TIMEOUTS_WIRE: Partial<WireChannelInfo> = {
  adminTimeoutMode: 1,
  adminTimeoutTime: 1,
  adminTimeoutMsg: 'The agent will be right back',
  userTimeoutMode: 1,
  userTimeoutTime: 2,
  userTimeoutMsg: 'Are you still there?',
};

/** A ready chat on an agent channel (session u-1/s-1/p-1) in chat status `status` (SPEC §4), `fields` over it. */
export function agentState(status: ChatStatus, fields: Partial<ChatState> = {}): ChatState {
  return readyState({ channel: agentChannel(), status, ...fields });
}

/** A system line with a server-provided text, as the engine writes it (centred, plain). */
export function systemLine(id: string, msgContent: string, createdAt: number): ChatMessage {
  return createMessage({ id, senderType: SenderType.System, msgType: MsgType.SystemText, msgContent, createdAt });
}

/** A system line the engine words itself: translated by id, English fallback in msgContent. */
export function noticeLine(id: string, notice: Notice['id'], createdAt: number, values?: Notice['values']): ChatMessage {
  const shown: Notice = values ? { id: notice, values } : { id: notice };
  return { ...systemLine(id, noticeFallback(shown), createdAt), notice: shown };
}

/** A message of the agent (or of the visitor with `senderType`), as shown. */
export function textLine(id: string, msgContent: string, createdAt = 0, senderType: SenderType = SenderType.Agent): ChatMessage {
  return createMessage({ id, senderType, msgType: MsgType.Text, msgContent, createdAt });
}

/** A fake API call answering with `answer`, whose requests are a stream too: read it as a marble aligned with the intents. */
export interface RecordedCall<Req, Res> {
  call: (req: Req) => Observable<Res>;
  /** Each request at the moment it was made (replayed, so that it may be subscribed in any order). */
  requests$: Observable<Req>;
}

export function recorded<Req, Res>(answer: (req: Req) => Observable<Res>): RecordedCall<Req, Res> {
  const requests = new ReplaySubject<Req>();
  return {
    call: (req) => {
      requests.next(req);
      return answer(req);
    },
    requests$: requests.asObservable(),
  };
}

/**
 * The agent-event seam alone: the batches eventBatches hands to dispatch, from `state`, while
 * `intents` are applied (as the other features would).
 */
export function batchesOf(state: ChatState, intents: Observable<Intent>, context: SpecContext): Observable<EventBatch> {
  const run = runEffect(() => EMPTY, state, intents, context);
  return merge(run.output$.pipe(ignoreElements()), eventBatches(run.ctx));
}
