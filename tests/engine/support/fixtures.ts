import { distinctUntilChanged, map, type OperatorFunction } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { expect, vi } from 'vitest';
import { decodeChannelInfo, type ChannelInfo } from '#engine/model/channel';
import type { ChatEngine } from '#engine/engine';
import { MessageStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import type { Logger } from '#engine/ports';
import type { ChatStartData, RobotAskData, WireChannelInfo, WireMessage } from '#engine/protocol';
import type { RobotFrame, VisitorApi } from '#engine/transport/visitorApi';
import { fakeApi, type FakeApi } from './fakeApi';

/** A fresh TestScheduler comparing with vitest's deep equality (one per test). */
export function newScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/** Runs `fn` at virtual time `ms` of the scheduler (inside `run()`). */
export function at(scheduler: TestScheduler, ms: number, fn: () => void): void {
  scheduler.schedule(fn, ms);
}

export const TENANT = 't1';
export const CHANNEL_ID = 'demo';
export const USER_ID = 'u-1';
export const ROBOT_NAME = 'Robo';

/** SPEC §2: a query with every parameter chatStart carries. */
export const EVERY_FIELD_QUERY = `?channelid=${CHANNEL_ID}&pid=p9&params=x%3D1&username=Ann&email=ann@example.com&phone=13800000000&groupid=g1&adminid=a1`;
/** The visitor id stored for TENANT and the page the visitor came from, in the chatStart below. */
export const STORED_VISITOR_ID = 'visitor-7';
export const PREVIOUS_URL = 'https://shop.example/cart';
/** SPEC §7 chatStart: the body EVERY_FIELD_QUERY makes, with the stored visitor id and previousUrl. */
export const EVERY_FIELD_CHAT_START = {
  channelId: CHANNEL_ID,
  pid: 'p9',
  params: 'x=1',
  userName: 'Ann',
  userId: STORED_VISITOR_ID,
  email: 'ann@example.com',
  phone: '13800000000',
  groupId: 'g1',
  adminId: 'a1',
  previousUrl: PREVIOUS_URL,
};

/** Channel info as the transport hands it over: decoded from wire fields (robot-first by default). */
export function channel(wire: Partial<WireChannelInfo> = {}): ChannelInfo {
  return decodeChannelInfo({ tenantId: TENANT, receiveMode: ReceiveMode.RobotFirst, robotName: ROBOT_NAME, ...wire });
}

/** chatStart data of a new session (status 0: not started). */
export function session(fields: Partial<ChatStartData> = {}): ChatStartData {
  return { userId: USER_ID, sessionId: 's-1', pollId: 'p-1', status: 0, ...fields };
}

/** A wire message as history delivers it. */
export function wireMessage(fields: Partial<WireMessage> = {}): WireMessage {
  return { senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: 'hi', ...fields };
}

/** robotAsk's JSON answer as the transport hands it over: one frame. */
export function answerFrame(answer: RobotAskData): RobotFrame {
  return { type: 'answer', answer };
}

/** JSON answers as robotAsk's frames (for a Subject or an `of` of answers). */
export const asAnswerFrames = (): OperatorFunction<RobotAskData, RobotFrame> => map(answerFrame);

/** Deterministic message ids: m1, m2, … */
export function sequentialIds(prefix = 'm'): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `${prefix}${n}`;
  };
}

/** A Logger whose `warn` is a spy. */
export function logSpy(): Logger & { warn: ReturnType<typeof vi.fn<Logger['warn']>> } {
  return { warn: vi.fn<Logger['warn']>() };
}

/** The log lines (first arguments) a spy received. */
export function logLines(log: { warn: ReturnType<typeof vi.fn<Logger['warn']>> }): string[] {
  return log.warn.mock.calls.map(([message]) => message);
}

/**
 * Runs commands at the frames of a marble (inside `run()`): each value is an action, e.g.
 * `act(cold, 'S 9ms t', { S: () => engine.start(), t: () => engine.sendText('hi') })`, so that the
 * commands can be written on a line aligned with the expected marble.
 */
export function act(cold: RunHelpers['cold'], marble: string, actions: Record<string, () => void>): void {
  cold(marble, actions).subscribe((action) => action());
}

/** The helpers `TestScheduler.run()` hands its callback. */
export type RunHelpers = Parameters<Parameters<TestScheduler['run']>[0]>[0];

/**
 * A fake API for an engine that becomes ready at once (robot-first channel, empty history);
 * `overrides` replace or add calls.
 */
export function readyApi(cold: RunHelpers['cold'], overrides: Partial<VisitorApi> = {}, wire: Partial<WireChannelInfo> = {}): FakeApi {
  return fakeApi({
    channelInfo: () => cold('(c|)', { c: channel(wire) }),
    chatStart: () => cold('(s|)', { s: session() }),
    getHistoryMsg: () => cold('(h|)', { h: [] }),
    ...overrides,
  });
}

/** The delivery indicator of message m1 as a marble value: u none, p pending, l loading (pending and slow), s sent, f fail. */
export const indicatorOf = (engine: ChatEngine) =>
  engine.state$.pipe(
    map((s) => {
      const m = s.messages.find((x) => x.id === 'm1');
      if (!m) return 'u';
      if (m.status === MessageStatus.Pending) return m.slow ? 'l' : 'p';
      return m.status === MessageStatus.Sent ? 's' : 'f';
    }),
    distinctUntilChanged(),
  );
/** The marble values of indicatorOf. */
export const IND = { u: 'u', p: 'p', l: 'l', s: 's', f: 'f' };
