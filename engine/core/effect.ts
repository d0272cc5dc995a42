import { EMPTY, catchError, filter, ignoreElements, type Observable, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { MsgType, SenderType } from '../model/codes';
import { type ChatMessage, createMessage } from '../model/message';
import { type Notice, noticeFallback } from '../model/notice';
import type { ConnectivityPort, Logger, StoragePort, TabsPort, VisibilityPort } from '../ports';
import type { VisitorApi } from '../transport/visitorApi';
import type { EffectOutput, EngineEvent, Intent, Notify } from './intents';
import { routedOfTypes } from './intentHub';
import type { ChatState } from './state';

/** What every effect is given: the streams of intents and states, and the injected dependencies. */
export interface EffectContext {
  /** Every intent, after it was reduced (the state already shows it). */
  intent$: Observable<Intent>;
  /** Replays the current state to each subscriber, then every change. */
  state$: Observable<ChatState>;
  /** The current state, read synchronously. */
  getState: () => ChatState;
  api: VisitorApi;
  /** The visitor API's URL, `{apiBase}/api/chat/visitor/`: relative file addresses resolve against it (fileAddress). */
  apiUrl: string;
  scheduler: SchedulerLike;
  storage: StoragePort;
  log: Logger;
  newId: () => string;
  /** A number in [0, 1), as Math.random: the random lengths of SPEC §9's title-typing phases. */
  random: () => number;
  /** Whether the page is visible. */
  visibility$: VisibilityPort;
  /** Emits when the network comes back. */
  online$: ConnectivityPort;
  /** The visitor's other tabs of the chat: which one listens, and what they share. */
  tabs: TabsPort;
  /** The pollId of a session that a call found the backend had forgotten (see watchSession). */
  sessionLost$: Observable<string>;
  /** The page the visitor came from, sent with chatStart (SPEC §7 previousUrl). */
  previousUrl: string | undefined;
  /** The visitor id to start with when the storage has none (ChatEngineOptions.visitorId). */
  visitorId: string | undefined;
  /** Whether to listen for pushed events (ChatEngineOptions.push): undefined follows the channel. */
  push: boolean | undefined;
}

/**
 * An effect turns intents and states into more intents (SPEC rules that talk to time or the
 * server). Effects hear only intents and states, never each other, so their order does not matter.
 */
export type Effect = (ctx: EffectContext) => Observable<EffectOutput>;

/**
 * Narrows the intent stream to the given types: on the store's stream, a listener that the other
 * types never reach (core/intentHub.ts); on any other, a filter.
 */
export function ofType<T extends Intent['type']>(...types: T[]): OperatorFunction<Intent, Extract<Intent, { type: T }>> {
  const kept = filter((i: Intent): i is Extract<Intent, { type: T }> => (types as string[]).includes(i.type));
  return (source) => routedOfTypes(source, types) ?? source.pipe(kept);
}

/** The text of a failure, for the log and the error details. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A centred system message with a server-provided text (plain content, SPEC §4). */
export function systemMessage({ newId, scheduler }: EffectContext, msgContent: string): ChatMessage {
  return createMessage({ id: newId(), senderType: SenderType.System, msgType: MsgType.SystemText, msgContent, createdAt: scheduler.now() });
}

/** A system message the engine writes: translated by the UI by id, English fallback in msgContent. */
export function noticeMessage(ctx: EffectContext, id: Notice['id'], values?: Notice['values']): ChatMessage {
  const notice: Notice = values ? { id, values } : { id };
  return { ...systemMessage(ctx, noticeFallback(notice)), notice };
}

/** Ignores a call's answer and logs its failure (SPEC §8: other errors are only logged). */
export function settle(log: Logger, call: string): OperatorFunction<unknown, never> {
  return (source) =>
    source.pipe(
      ignoreElements(),
      catchError((e: unknown) => {
        log.warn(`${call} failed: ${errorText(e)}`);
        return EMPTY;
      }),
    );
}

/** Wraps an engine event for an effect to emit. */
export const notify = (event: EngineEvent): Notify => ({ type: 'notify', event });
