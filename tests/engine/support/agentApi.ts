import { Buffer } from 'node:buffer';
import { map, distinctUntilChanged, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { createChatEngine, type ChatEngine } from '#engine/engine';
import { ChatStatus, EventCode } from '#engine/model/codes';
import { memoryStorage, type ConnectivityPort, type StoragePort, type TabsPort, type VisibilityPort } from '#engine/ports';
import type { WireChannelInfo, WireEvent, WireMessage } from '#engine/protocol';
import type { ChatState } from '#engine/core/state';
import type { EventBatch, VisitorApi } from '#engine/transport/visitorApi';
import { agentChannel } from './agentSide';
import { fakeApi, type FakeApi } from './fakeApi';
import { CHANNEL_ID, logSpy, sequentialIds, session, wireMessage, type RunHelpers } from './fixtures';

/** base64 of the UTF-8 bytes of `text` (SPEC §3 msgContentEnc). */
export const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** Wire events of SPEC §4, one builder per code. */
export const ev = {
  established: (adminNick?: string): WireEvent => ({ event_type: EventCode.SessionEstablished, adminNick }),
  message: (msgId: string, fields: Partial<WireMessage> = {}): WireEvent => ({
    event_type: EventCode.AgentMessage,
    msgId,
    msgContentEnc: b64(JSON.stringify(wireMessage(fields))),
  }),
  ended: (outType: number): WireEvent => ({ event_type: EventCode.SessionEnded, outType }),
  evaluate: (): WireEvent => ({ event_type: EventCode.EvaluationRequested }),
  typing: (): WireEvent => ({ event_type: EventCode.AgentTyping }),
  deleted: (msgId: string): WireEvent => ({ event_type: EventCode.MessageDeleted, msgId }),
  ignored: (): WireEvent => ({ event_type: EventCode.Ignored }),
  refused: (text?: string): WireEvent => ({ event_type: EventCode.AgentRefused, msgContentEnc: text === undefined ? undefined : b64(text) }),
};

/** A poll answer with these events. */
export const batch = (...events: WireEvent[]): EventBatch => ({ events });

/** getEventMsg answering the given batches immediately, in order, then empty batches. */
export function pollAnswers(cold: RunHelpers['cold'], ...batches: EventBatch[]): () => Observable<EventBatch> {
  let i = 0;
  return () => {
    const next = batches[i] ?? batch();
    i += 1;
    return cold('(b|)', { b: next });
  };
}

export interface AgentSetup {
  /** chatStart status (default 0). */
  status?: ChatStatus;
  /** Channel wire fields (over an agent-transfer channel). */
  wire?: Partial<WireChannelInfo>;
  overrides?: Partial<VisitorApi>;
  /** Extra query string, e.g. '&from=iframe'. */
  query?: string;
  visibility?: VisibilityPort;
  storage?: StoragePort;
  online?: ConnectivityPort;
  /** The visitor's other tabs (a tab alone by default). */
  tabs?: TabsPort;
  /** Message id prefix (two engines of one visitor make different ids, as two page loads do). */
  idPrefix?: string;
  /** The engine's apiBase (the fake API answers whatever it is; relative file addresses resolve against it). */
  apiBase?: string;
}

/** An engine on a fake API that answers at once; every agent-side call has a quiet default. */
export function agentEngine(cold: RunHelpers['cold'], scheduler: TestScheduler, setup: AgentSetup = {}) {
  const done = () => cold('(a|)', { a: undefined });
  const log = logSpy();
  const storage = setup.storage ?? memoryStorage();
  const fake: FakeApi = fakeApi({
    channelInfo: () => cold('(c|)', { c: agentChannel(setup.wire) }),
    chatStart: () => cold('(s|)', { s: session({ status: setup.status ?? ChatStatus.NotStarted }) }),
    getHistoryMsg: () => cold('(h|)', { h: [] }),
    getEventMsg: pollAnswers(cold),
    getAdminCard: () => cold('(a|)', { a: {} }),
    sysMsg: done,
    msgComplete: done,
    typing: done,
    chatClose: done,
    sendMsg: () => cold('(r|)', { r: { status: 1 } }),
    ...setup.overrides,
  });
  const engine = createChatEngine({
    query: `?channelid=${CHANNEL_ID}${setup.query ?? ''}`,
    api: fake.api,
    apiBase: setup.apiBase,
    scheduler,
    log,
    storage,
    newId: sequentialIds(setup.idPrefix),
    visibility: setup.visibility,
    online: setup.online,
    tabs: setup.tabs,
  });
  return { engine, fake, log, storage };
}

/** A state field as a stream of its distinct values. */
export function field<T>(engine: ChatEngine, pick: (s: ChatState) => T): Observable<T> {
  return engine.state$.pipe(map(pick), distinctUntilChanged());
}

/** Subscription marble of a call from `from` until `to` (ms). */
export function sub(from: number, to: number): string {
  const start = from ? `${from}ms ` : '';
  return to === from ? `${start}(^!)` : `${start}^ ${to - from - 1}ms !`;
}
