import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '#engine/core/intents';
import { ChatStatus, MessageStatus, MsgType, ReceiveMode, SenderType, TransferStatus } from '#engine/model/codes';
import { memoryStorage } from '#engine/ports';
import type { TransferAgentData } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { answers } from '../../support/fakeApi';
import { USER_ID, act, at, logLines, newScheduler, session } from '../../support/fixtures';
import { agentEngine, batch, ev, field, pollAnswers, sub } from '../../support/agentApi';

const STATUS = { n: ChatStatus.NotStarted, f: ChatStatus.FormCheck, t: ChatStatus.InConversation, q: ChatStatus.Queued };
const SEND = { p: MessageStatus.Pending, s: MessageStatus.Sent, f: MessageStatus.Fail, u: undefined };
const result = (data: TransferAgentData) => data;

describe('agent transfer (SPEC §4)', () => {
  it('SPEC §4 transfer result 2: status 2, session-established notice, getAdminCard, the welcome through sysMsg, polling and the timeout countdown start', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { userTimeoutMode: 1, userTimeoutTime: 2, userTimeoutMsg: 'Still there?' },
        overrides: {
          transferAgent: () => cold('100ms (r|)', { r: result({ status: TransferStatus.Success, adminNick: 'Ann' }) }),
          getAdminCard: () =>
            cold('(a|)', { a: { adminWelcomeMode: 1, adminWelcomeMsg: 'Hello, I am Ann', adminNick: 'Ann', adminAvatar: 'https://cdn.example.com/ann.png' } }),
        },
      });
      // transferAgent answers at 100 ms.
      //                 0 ms   100 ms   2 s
      const commands = ' S 99ms - 1899ms D';
      const expected = ' n 99ms t 1899ms |';
      expectObservable(field(engine, (s) => s.status)).toBe(expected, STATUS);
      act(cold, commands, { S: () => engine.start(), D: () => engine.dispose() });
      flush();

      expect(fake.bodies('transferAgent')).toEqual([{ adminId: undefined, groupId: undefined, userId: USER_ID }]);
      expect(fake.bodies('getAdminCard')).toEqual([{ userId: USER_ID }]);
      expect(fake.bodies('getEventMsg')).toEqual([{ userId: USER_ID, pollId: 'p-1', lastEventId: '' }]);
      const [established, welcome] = engine.getSnapshot().messages;
      expect(established).toMatchObject({ senderType: SenderType.System, notice: { id: 'sessionEstablished', values: { agent: 'Ann' } }, createdAt: 100 });
      // The English fallback, what a UI without translations shows, names the agent too.
      expect(established?.msgContent).toBe('You are now chatting with Ann.');
      // The welcome goes through the system-message queue: shown and posted after its 1000 ms idle period.
      // The card's picture goes with the welcome (docs/protocol.md "Avatars").
      expect(welcome).toMatchObject({
        senderType: SenderType.Agent,
        senderName: 'Ann',
        senderAvatar: 'https://cdn.example.com/ann.png',
        msgContent: 'Hello, I am Ann',
        createdAt: 100,
      });
      expect(fake.bodies('sysMsg')).toEqual([
        expect.objectContaining({ msgContent: 'Hello, I am Ann', senderType: SenderType.Agent, specialMsgFlag: 3, clientType: 3, notifyAdmin: 1 }),
      ]);
      expect(engine.getSnapshot()).toMatchObject({ agentNick: 'Ann', transferring: false, countdown: { agent: -1, visitor: 119 } });
    });
  });

  it.each([
    ['0 closes the session', { status: TransferStatus.Close }, { status: ChatStatus.NotStarted, chatClosed: true }, []],
    [
      '1 shows the offline message as a leave-message',
      { status: TransferStatus.Offline },
      { status: ChatStatus.NotStarted },
      [{ msgType: MsgType.LeaveMessage, msgContent: 'Leave us a message' }],
    ],
    [
      '4 says that the transfer to a human failed',
      { status: TransferStatus.Failure },
      { status: ChatStatus.NotStarted },
      [{ notice: { id: 'transferFailed' }, msgContent: 'Transfer to human failed' }],
    ],
    [
      '5 shows the non-working message',
      { status: TransferStatus.OutsideHours },
      { status: ChatStatus.NotStarted },
      [{ msgType: MsgType.SystemText, msgContent: 'We are closed' }],
    ],
    ['6 does nothing', { status: TransferStatus.Nothing }, { status: ChatStatus.NotStarted, chatClosed: false }, []],
  ])('SPEC §4 transfer result %s', (_name, data, state, messages) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { adminOfflineMode: 1, adminOfflineMsg: 'Leave us a message', unWorkingMode: 1, unWorkingMsg: 'We are closed' },
        overrides: { transferAgent: () => cold('50ms (r|)', { r: result(data) }) },
      });
      at(scheduler, 0, () => engine.start());
      flush();

      expect(engine.getSnapshot()).toMatchObject({ ...state, transferring: false });
      expect(engine.getSnapshot().messages).toEqual(messages.map((m) => expect.objectContaining(m)));
      expect(fake.count('getEventMsg')).toBe(0);
      engine.dispose();
    });
  });

  it('SPEC §4 transfer results 1 and 5: no message when adminOfflineMode / unWorkingMode are off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        wire: { adminOfflineMsg: 'Leave us a message', unWorkingMsg: 'We are closed' },
        overrides: {
          transferAgent: answers(
            cold('(r|)', { r: result({ status: TransferStatus.Offline }) }),
            cold('(r|)', { r: result({ status: TransferStatus.OutsideHours }) }),
          ),
        },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.requestHuman());
      flush();

      expect(engine.getSnapshot().messages).toEqual([]);
      engine.dispose();
    });
  });

  it('SPEC §4 transfer: a failed transferAgent call is logged and counts as result 4', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, log } = agentEngine(cold, scheduler, {
        overrides: { transferAgent: () => cold<TransferAgentData>('20ms #', undefined, new NetworkError('transferAgent', 'offline')) },
      });
      at(scheduler, 0, () => engine.start());
      flush();

      expect(logLines(log)).toEqual(['transferAgent failed: offline']);
      expect(engine.getSnapshot().messages).toEqual([expect.objectContaining({ notice: { id: 'transferFailed' } })]);
      engine.dispose();
    });
  });

  it('SPEC §4 transfer result 3: the queue message with ## replaced, status 3, polling; the position follows waitIndex until 1200 connects', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        wire: { userQueueMsg: 'You are number ## in the queue' },
        overrides: {
          transferAgent: () => cold('(r|)', { r: result({ status: TransferStatus.Queued, waitIndex: 3 }) }),
          getEventMsg: pollAnswers(cold, batch(), { events: [], waitIndex: 2 }, { events: [ev.established('Bo')], waitIndex: 1 }),
        },
      });
      // Polls at 0 s, 2 s (waitIndex 2) and 4 s (waitIndex 1 and the 1200).
      //                 0 s         2 s      4 s         5 s
      const commands = ' S--- 1996ms - 1999ms ----  996ms D';
      const status = '   (nq) 1996ms - 1999ms t---  996ms |';
      const position = ' (ua) 1996ms b 1999ms (cu)  996ms |';
      expectObservable(field(engine, (s) => s.status)).toBe(status, STATUS);
      expectObservable(field(engine, (s) => s.queue?.position)).toBe(position, { u: undefined, a: 3, b: 2, c: 1 });
      act(cold, commands, { S: () => engine.start(), D: () => engine.dispose() });
      at(scheduler, 2_001, () =>
        expect(engine.getSnapshot().messages).toMatchObject([{ senderType: SenderType.System, msgContent: 'You are number 2 in the queue' }]),
      );
      flush();

      // Once connected the queue line goes: only 'now chatting with Bo' remains.
      const [established, ...rest] = engine.getSnapshot().messages;
      expect(established).toMatchObject({ notice: { id: 'sessionEstablished', values: { agent: 'Bo' } } });
      expect(rest).toEqual([]);
    });
  });

  it('SPEC §4 Receive mode 3: the automatic transfer is skipped while msgToTransferFlag is set and no message is pending', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, { wire: { msgToTransferFlag: 1 } });
      at(scheduler, 0, () => engine.start());
      flush();

      expect(fake.count('transferAgent')).toBe(0);
      expect(engine.getSnapshot().status).toBe(ChatStatus.NotStarted);
      engine.dispose();
    });
  });

  it('SPEC §4 Receive mode 3 with msgToTransferFlag: a visitor message triggers the transfer and is held until it succeeds', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const transfer$ = cold('100ms (r|)', { r: result({ status: TransferStatus.Success }) });
      const send$ = cold('50ms (r|)', { r: { status: 1 } });
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { msgToTransferFlag: 1 },
        overrides: { transferAgent: () => transfer$, sendMsg: () => send$ },
      });
      expectSubscriptions(transfer$.subscriptions).toBe(sub(500, 600));
      expectSubscriptions(send$.subscriptions).toBe(sub(600, 650));
      // The transfer runs from 500 to 600 ms, the send from 600 to 650 ms.
      //                 0 ms    500 ms  650 ms  1000 ms
      const commands = ' S 499ms t 149ms - 349ms D';
      const expected = ' u 499ms p 149ms s 349ms |';
      expectObservable(field(engine, (s) => s.messages.find((m) => m.id === 'm1')?.status)).toBe(expected, SEND);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('I need a human'), D: () => engine.dispose() });
      flush();

      expect(fake.bodies('sendMsg')).toEqual([expect.objectContaining({ msgContent: 'I need a human', userId: USER_ID })]);
    });
  });

  it('SPEC §4 Receive mode 3 with msgToTransferFlag: a message typed before the session makes the automatic transfer run', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { msgToTransferFlag: 1 },
        overrides: {
          chatStart: () => cold('100ms (s|)', { s: session() }),
          transferAgent: () => cold('(r|)', { r: result({ status: TransferStatus.Success }) }),
        },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 50, () => engine.sendText('hello'));
      at(scheduler, 500, () => engine.dispose());
      flush();

      expect(fake.count('transferAgent')).toBe(1);
      expect(fake.count('sendMsg')).toBe(1);
      expect(engine.getSnapshot().messages.find((m) => m.id === 'm1')?.status).toBe(MessageStatus.Sent);
    });
  });

  it('SPEC §4 Receive mode 3 with msgToTransferFlag: when no agent comes the held message fails (kept), and a retry transfers again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { msgToTransferFlag: 1 },
        overrides: {
          transferAgent: answers(
            cold('100ms (r|)', { r: result({ status: TransferStatus.Offline }) }),
            cold('100ms (r|)', { r: result({ status: TransferStatus.Success }) }),
          ),
        },
      });
      // Each transfer takes 100 ms: agents offline at 200 ms, connected at 400 ms.
      //                 0 ms   100 ms 200 ms 300 ms 400 ms  1000 ms
      const commands = ' S 99ms t 99ms - 99ms r 99ms - 599ms D';
      const expected = ' u 99ms p 99ms f 99ms p 99ms s 599ms |';
      expectObservable(field(engine, (s) => s.messages.find((m) => m.id === 'm1')?.status)).toBe(expected, SEND);
      act(cold, commands, {
        S: () => engine.start(),
        t: () => engine.sendText('anyone?'),
        r: () => engine.retry('m1'),
        D: () => engine.dispose(),
      });
      flush();

      expect(fake.count('transferAgent')).toBe(2);
      expect(fake.count('sendMsg')).toBe(1);
    });
  });

  it('SPEC §4 Receive mode 0: a visitor in robot mode asks for a human; once connected the robot no longer answers', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { receiveMode: ReceiveMode.RobotFirst },
        overrides: { transferAgent: () => cold('(r|)', { r: result({ status: TransferStatus.Success }) }) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.requestHuman());
      at(scheduler, 200, () => engine.sendText('hi agent'));
      at(scheduler, 500, () => engine.dispose());
      flush();

      expect(fake.count('transferAgent')).toBe(1);
      expect(fake.count('sendMsg')).toBe(1);
      expect(fake.unexpected).toEqual([]);
      expect(engine.getSnapshot().status).toBe(ChatStatus.InConversation);
    });
  });

  it('SPEC §4 groups: no groups → "No agent online" and no transfer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, { wire: { groupMode: 1, groupConfig: '[]' } });
      at(scheduler, 0, () => engine.start());
      flush();

      expect(fake.count('transferAgent')).toBe(0);
      expect(engine.getSnapshot().messages).toEqual([expect.objectContaining({ notice: { id: 'noAgentOnline' }, msgContent: 'No agent online' })]);
      engine.dispose();
    });
  });

  it('SPEC §4 groups: one group is chosen automatically and remembered in chat-groupId', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = memoryStorage();
      const { engine, fake } = agentEngine(cold, scheduler, {
        storage,
        wire: { groupMode: 1, groupConfig: [{ groupId: 'g1', name: 'Sales' }] },
        overrides: { transferAgent: () => cold('(r|)', { r: result({ status: TransferStatus.Nothing }) }) },
      });
      at(scheduler, 0, () => engine.start());
      flush();

      expect(fake.bodies('transferAgent')).toEqual([{ groupId: 'g1', userId: USER_ID }]);
      expect(storage.get('chat-groupId')).toBe('g1');
      expect(engine.getSnapshot().groupChoice).toBeNull();
      engine.dispose();
    });
  });

  it('SPEC §4 groups: several groups open the group selection and the transfer waits for the choice', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const transfer$ = cold('(r|)', { r: result({ status: TransferStatus.Success }) });
      const storage = memoryStorage();
      const { engine, fake } = agentEngine(cold, scheduler, {
        storage,
        wire: { groupMode: 1, groupConfig: JSON.stringify([{ groupId: 'g1', groupName: 'Sales' }, { groupId: 'g2' }]) },
        overrides: { transferAgent: () => transfer$ },
      });
      const groups = [
        { id: 'g1', name: 'Sales' },
        { id: 'g2', name: 'g2' },
      ];
      //                 0 ms       200 ms 300 ms  1000 ms
      const commands = ' S--- 196ms k 99ms c 699ms D';
      const expected = ' (ng) 196ms - 99ms n 699ms |';
      expectObservable(field(engine, (s) => s.groupChoice)).toBe(expected, { n: null, g: groups });
      expectSubscriptions(transfer$.subscriptions).toBe(sub(300, 300));
      act(cold, commands, {
        S: () => engine.start(),
        k: () => engine.chooseGroup('unknown'),
        c: () => engine.chooseGroup('g2'),
        D: () => engine.dispose(),
      });
      flush();

      expect(fake.bodies('transferAgent')).toEqual([{ groupId: 'g2', userId: USER_ID }]);
      expect(storage.get('chat-groupId')).toBe('g2');
    });
  });

  it('SPEC §4 groups: an adminid or groupid in the query transfers directly, whatever the groups', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        query: '&adminid=a7',
        wire: { groupMode: 1, groupConfig: '[]' },
        overrides: { transferAgent: () => cold('(r|)', { r: result({ status: TransferStatus.Nothing }) }) },
      });
      at(scheduler, 0, () => engine.start());
      flush();

      expect(fake.bodies('transferAgent')).toEqual([{ adminId: 'a7', groupId: undefined, userId: USER_ID }]);
      engine.dispose();
    });
  });

  it('SPEC §4 chat status 2 after chatStart (reload mid-conversation): polling resumes, no new transfer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, { status: ChatStatus.InConversation });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 4500, () => engine.dispose());
      flush();

      expect(fake.count('transferAgent')).toBe(0);
      expect(fake.count('getEventMsg')).toBe(3);
      expect(engine.getSnapshot().messages).toEqual([]);
    });
  });

  it('SPEC §4 chat status 3 after chatStart: waiting in the queue resumes, the position comes from waitIndex', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.Queued,
        overrides: { getEventMsg: pollAnswers(cold, { events: [], waitIndex: 4 }) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.dispose());
      flush();

      expect(fake.count('transferAgent')).toBe(0);
      expect(engine.getSnapshot()).toMatchObject({ status: ChatStatus.Queued, queue: { position: 4, messageId: null } });
    });
  });

  it('SPEC §4 chat status 1: the user form comes first; the transfer runs after submitUserForm succeeds', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const events: EngineEvent[] = [];
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.FormCheck,
        wire: { userFormMode: 1 },
        overrides: {
          submitUserForm: answers(cold<void>('10ms #', undefined, new NetworkError('submitUserForm', 'offline')), cold('10ms (a|)', { a: undefined })),
          transferAgent: () => cold('(r|)', { r: result({ status: TransferStatus.Nothing }) }),
        },
      });
      engine.events$.subscribe((e) => events.push(e));
      // The first submission fails at 210 ms (the toast), the second is done at 310 ms.
      //                 0 ms       200 ms 300 ms 310 ms  1000 ms
      const commands = ' S--- 196ms e 99ms e  9ms - 689ms D';
      const expected = ' (nr) 196ms - 99ms -  9ms d 689ms |';
      expectObservable(field(engine, (s) => s.userForm)).toBe(expected, { n: null, r: 'required', d: 'done' });
      act(cold, commands, { S: () => engine.start(), e: () => engine.submitUserForm({ userName: 'Ann' }), D: () => engine.dispose() });
      flush();

      expect(events).toEqual([{ type: 'submissionFailed', form: 'userForm' }]);
      expect(fake.bodies('submitUserForm')[1]).toEqual({ userName: 'Ann', userId: USER_ID });
      expect(fake.calls.filter((c) => c.name === 'transferAgent' || c.name === 'submitUserForm').map((c) => c.name)).toEqual([
        'submitUserForm',
        'submitUserForm',
        'transferAgent',
      ]);
    });
  });
});
