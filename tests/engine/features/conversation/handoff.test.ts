import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { handoff } from '#engine/features/conversation/handoff';
import { HANDOFF_MESSAGES_MAX } from '#engine/features/conversation/predicates';
import { ChatStatus, MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage, type ChatMessage } from '#engine/model/message';
import { ApiError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { SESSION, readyState, runEffect } from '../../support/effectSpec';
import { noticeLine, systemLine, textLine } from '../../support/agentSide';

const visitor = (id: string, text: string, createdAt: number, status: MessageStatus = MessageStatus.Sent): ChatMessage => ({
  ...textLine(id, text, createdAt, SenderType.Visitor),
  status,
});
const robot = (id: string, text: string, createdAt: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  ...createMessage({ id, senderType: SenderType.Robot, senderName: 'Robo', msgType: MsgType.Answer, msgContent: text, createdAt }),
  ...extra,
});

/**
 * A robot conversation as shown when the visitor asks for a human, with what a handoff must leave
 * out. The chat starts at 10 ms in every test: what was shown before (the history) is not of it.
 */
const SHOWN: ChatMessage[] = [
  visitor('yesterday', 'An older question, from the history', 2),
  robot('welcome', 'Hello, I am Robo', 11),
  createMessage({ id: 'faq', senderType: SenderType.Robot, msgType: MsgType.Faq, msgContent: '[]', createdAt: 12 }),
  visitor('q1', 'Where is my order?', 13),
  robot('a1', 'It ships tomorrow', 14),
  visitor('q2', 'Can I pay by invoice?', 15),
  robot('a2', 'Invoices are for', 16, { interrupted: true }),
  systemLine('sys', 'Session note', 17),
  noticeLine('note', 'transferFailed', 18),
  visitor('failed', 'This one never arrived', 19, MessageStatus.Fail),
  visitor('pending', 'Still on its way', 20, MessageStatus.Pending),
  robot('awaited', '', 21, { awaiting: true }),
];

const v: Record<string, Intent> = {
  S: { type: 'sessionStarted', session: SESSION, status: ChatStatus.NotStarted },
  t: { type: 'transferStarted' },
  w: { type: 'transferEnded', waiting: true },
  n: { type: 'transferEnded', waiting: false },
  c: { type: 'agentConnected', adminNick: 'Alice' },
  q: { type: 'queued', position: 2, message: null },
};

describe('handoff effect: SPEC §7 addSessionMsg when a robot conversation goes to an agent (issue 27)', () => {
  it('once the transfer connects, what the visitor and the robot said in this chat is added to the session, oldest first, one call at a time, each with its id as clientMsgId', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const at: number[] = [];
      const api = fakeApi({
        addSessionMsg: () => {
          at.push(scheduler.now());
          return cold('5ms (r|)', { r: undefined });
        },
      });
      const run = runEffect(handoff, readyState({ messages: SHOWN }), cold('10ms S 19ms t 99ms (wc)', v), { api: api.api, scheduler });
      expectObservable(run.output$).toBe('', {});
      flush();
      const bodies = api.bodies('addSessionMsg');
      expect(bodies.map((b) => [b.clientMsgId, b.senderType, b.msgContent])).toEqual([
        ['welcome', SenderType.Robot, 'Hello, I am Robo'],
        ['q1', SenderType.Visitor, 'Where is my order?'],
        ['a1', SenderType.Robot, 'It ships tomorrow'],
        ['q2', SenderType.Visitor, 'Can I pay by invoice?'],
        ['a2', SenderType.Robot, 'Invoices are for'],
      ]);
      expect(bodies[1]).toMatchObject({ userId: USER_ID, msgType: MsgType.Text, msgTime: 13 });
      expect(bodies[2]).toMatchObject({ senderName: 'Robo', msgType: MsgType.Answer });
      // One at a time: the calls start 5 ms apart, after the connection at 130 ms.
      expect(at).toEqual([130, 135, 140, 145, 150]);
    });
  });

  it('once per handoff: queued, then connected by a 1200, adds once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ addSessionMsg: () => cold('(r|)', { r: undefined }) });
      runEffect(handoff, readyState({ messages: SHOWN }), cold('10ms S 9ms t 9ms (wq) 50ms c', v), { api: api.api, scheduler }).output$.subscribe();
      flush();
      expect(api.count('addSessionMsg')).toBe(5);
    });
  });

  it('a transfer that finds no agent (offline) adds nothing; the next one that finds one adds', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ addSessionMsg: () => cold('(r|)', { r: undefined }) });
      const run = runEffect(handoff, readyState({ messages: SHOWN }), cold('10ms S 9ms t 9ms n 50ms t 9ms (wc)', v), { api: api.api, scheduler });
      let atOffline = -1;
      run.output$.subscribe();
      scheduler.schedule(() => (atOffline = api.count('addSessionMsg')), 60);
      flush();
      expect(atOffline).toBe(0);
      expect(api.count('addSessionMsg')).toBe(5);
    });
  });

  it('read at the connection: a message still on its way when the visitor asked counts once delivered; one written after the ask does not', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ addSessionMsg: () => cold('(r|)', { r: undefined }) });
      const values: Record<string, Intent> = {
        ...v,
        s: { type: 'sendSucceeded', id: 'pending', serverId: 'srv-1' },
        l: { type: 'visitorSent', message: visitor('later', 'Written while waiting', 40, MessageStatus.Pending) },
      };
      runEffect(handoff, readyState({ messages: SHOWN }), cold('10ms S 9ms t 9ms s l 10ms (wc)', values), { api: api.api, scheduler }).output$.subscribe();
      flush();
      expect(api.bodies('addSessionMsg').map((b) => b.clientMsgId)).toEqual(['welcome', 'q1', 'a1', 'q2', 'a2', 'pending']);
    });
  });

  it('a session recovery starts over: what was said before it went with the forgotten session (fault table row 10)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ addSessionMsg: () => cold('(r|)', { r: undefined }) });
      const values: Record<string, Intent> = { ...v, R: { type: 'sessionResumed', session: SESSION, status: ChatStatus.NotStarted } };
      const after = [...SHOWN, visitor('q3', 'Asked on the new session', 40), robot('a3', 'Answered on it', 41)];
      runEffect(handoff, readyState({ messages: after }), cold('10ms S 9ms R 29ms t (wc)', values), { api: api.api, scheduler }).output$.subscribe();
      flush();
      expect(api.bodies('addSessionMsg').map((b) => b.clientMsgId)).toEqual(['q3', 'a3']);
    });
  });

  it('an agent-only channel is no handoff: the robot said nothing, what the visitor wrote went to the agent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi();
      const wroteToAgent = [visitor('q1', 'Hello?', 12), visitor('q2', 'Anyone there?', 14)];
      runEffect(handoff, readyState({ messages: wroteToAgent }), cold('10ms S 9ms t (wc)', v), { api: api.api, scheduler }).output$.subscribe();
      flush();
      expect(api.count('addSessionMsg')).toBe(0);
    });
  });

  it('a transfer before anything was said (an automatic one at the start) adds nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi();
      runEffect(handoff, readyState({ messages: SHOWN.slice(0, 1) }), cold('10ms S t (wc)', v), { api: api.api, scheduler }).output$.subscribe();
      flush();
      expect(api.count('addSessionMsg')).toBe(0);
    });
  });

  it(`a failed call is one log line and the rest are still added; a long conversation adds its latest ${HANDOFF_MESSAGES_MAX} messages`, () => {
    const scheduler = newScheduler();
    const log = logSpy();
    const long = Array.from({ length: 30 }, (_, i) => (i % 2 ? robot(`a${i}`, `answer ${i}`, 20 + i) : visitor(`q${i}`, `question ${i}`, 20 + i)));
    scheduler.run(({ cold, flush }) => {
      let n = 0;
      const api = fakeApi({
        addSessionMsg: () => (++n === 2 ? cold('#', undefined, new ApiError('addSessionMsg', 500, 'down')) : cold('(r|)', { r: undefined })),
      });
      runEffect(handoff, readyState({ messages: long }), cold('10ms S 49ms t (wc)', v), { api: api.api, scheduler, log }).output$.subscribe();
      flush();
      expect(api.bodies('addSessionMsg').map((b) => b.clientMsgId)).toEqual(long.slice(-HANDOFF_MESSAGES_MAX).map((m) => m.id));
    });
    expect(logLines(log)).toEqual(['addSessionMsg failed: down']);
  });
});
