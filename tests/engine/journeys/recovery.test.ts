import { defer, of, throwError, type Observable, type SchedulerLike } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { outboxKey } from '#engine/constants';
import type { ChatEngine } from '#engine/engine';
import { ChatStatus, MessageStatus, SenderType, TransferStatus } from '#engine/model/codes';
import { memoryStorage } from '#engine/ports';
import type { ChatStartData, SendMsgData, SendMsgRequest } from '#engine/protocol';
import { ApiError, NetworkError } from '#engine/transport/errors';
import type { EventBatch } from '#engine/transport/visitorApi';
import { agentEngine, batch, field, type AgentSetup } from '../support/agentApi';
import { answers } from '../support/fakeApi';
import { CHANNEL_ID, IND, USER_ID, act, at, indicatorOf, newScheduler, session, wireMessage, type RunHelpers } from '../support/fixtures';

const OK: SendMsgData = { status: 1 };
const FLAG = { f: false, t: true };
const STATUS = { n: ChatStatus.NotStarted, t: ChatStatus.InConversation };

/** An engine on an agent channel whose chatStart puts the visitor straight in conversation (status 2). */
const agentChat = (cold: RunHelpers['cold'], scheduler: TestScheduler, setup: AgentSetup = {}) =>
  agentEngine(cold, scheduler, { status: ChatStatus.InConversation, ...setup });

/**
 * A backend that restarts: `forget()` makes it forget every visitor and poll (its session calls
 * answer 404 'visitor not found'), and a chatStart makes it know the visitor again. sendMsg stores a
 * message once per clientMsgId, as docs/protocol.md "Extensions" asks of a server.
 */
function restartingBackend(scheduler: SchedulerLike) {
  let known = new Set<string>(['p-1']);
  const stored: { at: number; body: SendMsgRequest }[] = [];
  const forgotten = (call: string) => new ApiError(call, 404, 'visitor not found, call chatStart first');
  return {
    stored,
    forget: () => {
      known = new Set();
    },
    /** chatStart: the answers in order (each try subscribes again); a success makes the session known. */
    chatStart: (...tries: (ChatStartData | Error)[]) => {
      let n = 0;
      const start$ = defer(() => {
        const next = tries[Math.min(n, tries.length - 1)] as ChatStartData | Error;
        n += 1;
        if (next instanceof Error) return throwError(() => next);
        known.add(next.pollId);
        return of(next);
      });
      return () => start$;
    },
    getEventMsg: (req: { pollId: string }): Observable<EventBatch> =>
      defer(() => (known.has(req.pollId) ? of(batch()) : throwError(() => forgotten('getEventMsg')))),
    sendMsg: (req: SendMsgRequest): Observable<SendMsgData> =>
      defer(() => {
        if (known.size === 0) return throwError(() => forgotten('sendMsg'));
        if (!stored.some((s) => s.body.clientMsgId === req.clientMsgId)) stored.push({ at: scheduler.now(), body: req });
        return of(OK);
      }),
  };
}

describe('session recovery through the engine: the backend forgot the visitor (docs/protocol.md "Session recovery")', () => {
  it('a poll answered 404: reconnecting, chatStart for the same visitor (tried again after 1 s), polling on the new pollId; a message typed meanwhile waits for the new session and is sent once, on it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const backend = restartingBackend(scheduler);
      const { engine, fake } = agentChat(cold, scheduler, {
        overrides: {
          chatStart: backend.chatStart(
            session({ status: ChatStatus.InConversation }),
            new NetworkError('chatStart', 'connection refused'),
            // The restarted backend knows of no conversation: the engine asks for an agent again.
            session({ sessionId: 's-2', pollId: 'p-2', status: ChatStatus.NotStarted }),
          ),
          getEventMsg: backend.getEventMsg,
          sendMsg: backend.sendMsg,
          transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Success, adminNick: 'Ann' } }),
        },
      });
      // The backend restarts at 1.5 s; the poll of 2 s finds it; chatStart fails at 2 s, succeeds at 3 s.
      //                     0 s     1.5 s    2 s     2.5 s   3 s       10 s
      const commands = '     S 1499ms F 499ms - 499ms t 499ms - 6999ms D';
      const reconnecting = ' f 1499ms - 499ms t 499ms - 499ms f 6999ms |';
      const status = '       (nt) 1496ms - 499ms - 499ms - 499ms (nt) 6996ms |';
      expectObservable(field(engine, (s) => s.reconnecting)).toBe(reconnecting, FLAG);
      expectObservable(field(engine, (s) => s.status)).toBe(status, STATUS);
      act(cold, commands, { S: () => engine.start(), F: backend.forget, t: () => engine.sendText('typed during the outage'), D: () => engine.dispose() });
      flush();

      // The start, the failed try and the one that answered: each try is a new call.
      expect(fake.bodies('chatStart').map((b) => b.userId)).toEqual([undefined, USER_ID, USER_ID]);
      expect(fake.bodies('getEventMsg').map((b) => [b.pollId, b.lastEventId])).toEqual([
        ['p-1', ''],
        ['p-1', ''],
        ['p-2', ''],
        ['p-2', ''],
        ['p-2', ''],
        ['p-2', ''],
      ]);
      expect(fake.count('transferAgent')).toBe(1);
      // Typed while reconnecting, it waits for the new session (3 s) and goes once, on it.
      expect(fake.bodies('sendMsg').map((b) => b.clientMsgId)).toEqual(['m1']);
      expect(backend.stored).toEqual([
        { at: 3000, body: expect.objectContaining({ clientMsgId: 'm1', userId: USER_ID, msgContent: 'typed during the outage' }) },
      ]);
      const mine = engine.getSnapshot().messages.filter((m) => m.senderType === SenderType.Visitor);
      expect(mine.map((m) => [m.id, m.status])).toEqual([['m1', MessageStatus.Sent]]);
      expect(engine.getSnapshot()).toMatchObject({ session: { userId: USER_ID, sessionId: 's-2', pollId: 'p-2' }, reconnecting: false });
    });
  });

  it('a message that failed while the session was lost is sent again as soon as the new session is there', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const backend = restartingBackend(scheduler);
      const { engine } = agentChat(cold, scheduler, {
        overrides: {
          // The backend stays down for a while: chatStart fails at 1 s, 2 s, 4 s and 8 s, succeeds at 16 s.
          chatStart: backend.chatStart(
            session({ status: ChatStatus.InConversation }),
            ...Array<Error>(4).fill(new NetworkError('chatStart', 'connection refused')),
            session({ sessionId: 's-2', pollId: 'p-2', status: ChatStatus.InConversation }),
          ),
          sendMsg: backend.sendMsg,
          getEventMsg: () => cold<EventBatch>('-'),
        },
      });
      // The visitor's message at 1 s finds the session forgotten; it fails at 13 s.
      //                 0 s     1 s      1.8 s     13 s     16 s    17 s
      const commands = ' S F 998ms t 799ms - 11199ms - 2999ms - 999ms D';
      const expected = ' u - 998ms p 799ms l 11199ms f 2999ms (ps) 996ms |';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), F: backend.forget, t: () => engine.sendText('hello'), D: () => engine.dispose() });
      flush();

      expect(backend.stored).toEqual([{ at: 16_000, body: expect.objectContaining({ clientMsgId: 'm1' }) }]);
    });
  });
});

describe('session recovery after the visitor ended the chat', () => {
  // chatClose is not watched: recovery's sessionResumed would start the automatic transfer of mode 3,
  // and a visitor who ends the chat with a backend that forgot them would be put through to an agent again.
  it('chatClose answered 404: the chat stays closed, no new transfer to an agent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const backend = restartingBackend(scheduler);
      const { engine, fake } = agentChat(cold, scheduler, {
        overrides: {
          chatStart: backend.chatStart(
            session({ status: ChatStatus.InConversation }),
            session({ sessionId: 's-2', pollId: 'p-2', status: ChatStatus.NotStarted }),
          ),
          getEventMsg: backend.getEventMsg,
          chatClose: () => cold<void>('#', undefined, new ApiError('chatClose', 404, 'visitor not found')),
          transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Success, adminNick: 'Ann' } }),
        },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 1000, backend.forget);
      at(scheduler, 1500, () => engine.closeChat());
      at(scheduler, 5000, () => engine.dispose());
      flush();

      expect(fake.count('transferAgent')).toBe(0);
      expect(engine.getSnapshot()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: true });
    });
  });
});

describe('the outbox through the engine: an unconfirmed message outlives the page (docs/protocol.md "Outbox")', () => {
  it('reload: a message whose sendMsg never answered is restored by the next page load after its history, sent once with the same clientMsgId, shown once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = memoryStorage();
      const first = agentChat(cold, scheduler, { storage, idPrefix: 'a', overrides: { sendMsg: () => cold<SendMsgData>('-') } });
      const second = agentChat(cold, scheduler, {
        storage,
        idPrefix: 'b',
        overrides: {
          getHistoryMsg: () => cold('100ms (h|)', { h: [] }),
          sendMsg: () => cold('200ms (r|)', { r: OK }),
        },
      });
      const shown = (engine: ChatEngine) => field(engine, (s) => s.messages.find((m) => m.id === 'a1')?.status ?? 'u');
      // Page one: typed at 0.1 s, closed at 1 s. Page two: opened at 2 s, history at 2.1 s, confirmed at 2.3 s.
      //                   0 s  0.1 s   1 s     2 s     2.1 s  2.3 s    10 s
      const commands = '   S 99ms t 899ms D 999ms O 99ms - 199ms - 7699ms E';
      const secondPage = ' u 99ms - 899ms - 999ms - 99ms p 199ms s 7699ms |';
      expectObservable(shown(second.engine)).toBe(secondPage, { u: 'u', p: MessageStatus.Pending, s: MessageStatus.Sent });
      act(cold, commands, {
        S: () => first.engine.start(),
        t: () => first.engine.sendText('hello'),
        D: () => first.engine.dispose(),
        O: () => second.engine.start(),
        E: () => second.engine.dispose(),
      });
      flush();

      expect(second.fake.bodies('chatStart').map((b) => b.userId)).toEqual([USER_ID]);
      expect(second.fake.bodies('sendMsg')).toEqual([expect.objectContaining({ clientMsgId: 'a1', msgContent: 'hello', msgTime: 100, userId: USER_ID })]);
      expect(second.engine.getSnapshot().messages.filter((m) => m.id === 'a1')).toHaveLength(1);
      expect(storage.get(outboxKey(CHANNEL_ID))).toBe('[]');
    });
  });

  it('reload: a message the server stored although its answer never came is in the history under its clientMsgId — shown once, not sent again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = memoryStorage();
      const first = agentChat(cold, scheduler, { storage, idPrefix: 'a', overrides: { sendMsg: () => cold<SendMsgData>('-') } });
      const history = [wireMessage({ id: 'srv-1', clientMsgId: 'a1', senderType: SenderType.Visitor, msgContent: 'hello', msgTime: 100 })];
      const second = agentChat(cold, scheduler, { storage, idPrefix: 'b', overrides: { getHistoryMsg: () => cold('100ms (h|)', { h: history }) } });
      at(scheduler, 0, () => first.engine.start());
      at(scheduler, 100, () => first.engine.sendText('hello'));
      at(scheduler, 1000, () => first.engine.dispose());
      at(scheduler, 2000, () => second.engine.start());
      at(scheduler, 20_000, () => second.engine.dispose());
      flush();

      expect(second.fake.count('sendMsg')).toBe(0);
      expect(second.engine.getSnapshot().messages.map((m) => m.id)).toEqual(['a1']);
      // (That the outbox then forgets it is the outbox spec's: it does not yet — see outbox.test.ts.)
    });
  });

  // The second page load shows the message from its history, which takes it out of the stored
  // outbox; else a third page load, whose first history page holds only newer messages, would
  // restore it: sent again and shown at the end as if just typed.
  it('reload twice: a message the history confirmed is not restored by a later page load whose first history page no longer holds it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = memoryStorage();
      const first = agentChat(cold, scheduler, { storage, idPrefix: 'a', overrides: { sendMsg: () => cold<SendMsgData>('-') } });
      const withIt = [wireMessage({ id: 'srv-1', clientMsgId: 'a1', senderType: SenderType.Visitor, msgContent: 'hello', msgTime: 100 })];
      const second = agentChat(cold, scheduler, { storage, idPrefix: 'b', overrides: { getHistoryMsg: () => cold('(h|)', { h: withIt }) } });
      const newer = Array.from({ length: 20 }, (_, i) => wireMessage({ id: `n${i}`, msgContent: `later ${i}`, msgTime: 5_000 + i }));
      const third = agentChat(cold, scheduler, {
        storage,
        idPrefix: 'c',
        overrides: { getHistoryMsg: () => cold('(h|)', { h: newer }), sendMsg: () => cold('(r|)', { r: OK }) },
      });
      at(scheduler, 0, () => first.engine.start());
      at(scheduler, 100, () => first.engine.sendText('hello'));
      at(scheduler, 1000, () => first.engine.dispose());
      at(scheduler, 2000, () => second.engine.start());
      at(scheduler, 3000, () => second.engine.dispose());
      at(scheduler, 10_000, () => third.engine.start());
      at(scheduler, 11_000, () => third.engine.dispose());
      flush();

      expect(third.fake.count('sendMsg')).toBe(0);
      expect(third.engine.getSnapshot().messages.map((m) => m.id)).not.toContain('a1');
    });
  });

  it('online: a failed message (sendMsg failing for 12 s) is sent again when the network comes back, and is then sent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable, flush }) => {
      const offline = () => cold<SendMsgData>('#', undefined, new NetworkError('sendMsg', 'offline'));
      const online = hot('15000ms o');
      const { engine, fake } = agentChat(cold, scheduler, {
        online,
        overrides: { sendMsg: answers(offline(), offline(), offline(), cold('100ms (r|)', { r: OK })) },
      });
      //                 0     10 ms   810 ms    12.01 s   15 s   15.1 s  20 s
      const commands = ' S 9ms t 799ms - 11199ms - 2989ms - 99ms - 4899ms D';
      const expected = ' u 9ms p 799ms l 11199ms f 2989ms p 99ms s 4899ms |';
      expectObservable(indicatorOf(engine)).toBe(expected, IND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello'), D: () => engine.dispose() });
      flush();

      expect(fake.bodies('sendMsg').map((b) => b.clientMsgId)).toEqual(['m1', 'm1', 'm1', 'm1']);
    });
  });
});
