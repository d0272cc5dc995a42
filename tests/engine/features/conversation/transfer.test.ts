import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { transfer } from '#engine/features/conversation/transfer';
import { ChatStatus, MessageStatus, MsgType, SenderType, TransferStatus } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import { parseQuery } from '#engine/model/query';
import { memoryStorage } from '#engine/ports';
import type { AdminCardData, TransferAgentData } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { answers, fakeApi } from '../../support/fakeApi';
import { CHANNEL_ID, USER_ID, channel, logLines, logSpy, newScheduler, type RunHelpers } from '../../support/fixtures';
import { readyState, runEffect, stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, noticeLine, systemLine, textLine } from '../../support/agentSide';

/** An agent channel with every transfer text on (SPEC §3 adminOfflineMsg, unWorkingMsg, userQueueMsg). */
const TEXTS = agentChannel({
  adminOfflineMode: 1,
  adminOfflineMsg: 'Leave us a message',
  unWorkingMode: 1,
  unWorkingMsg: 'We are closed',
  userQueueMsg: 'You are number ## in the queue',
});
const GROUPS = [
  { id: 'g1', name: 'Sales' },
  { id: 'g2', name: 'g2' },
];
const SESSION = { userId: USER_ID, sessionId: 's-1', pollId: 'p-1' };

/** transferAgent answering `data` after 100 ms. */
const answering = (cold: RunHelpers['cold'], data: TransferAgentData) => () => cold('100ms (r|)', { r: data });

/** Marble values: what asks for a transfer, and what the transfer answers with. */
const v = {
  h: { type: 'humanRequested' },
  S: { type: 'sessionStarted', session: SESSION, status: ChatStatus.NotStarted },
  F: { type: 'sessionStarted', session: SESSION, status: ChatStatus.FormCheck },
  d: { type: 'userFormDone' },
  a: { type: 'visitorSent', message: textLine('v1', 'I need a human', 0, SenderType.Visitor) },
  f: { type: 'sendFailed', id: 'v1' },
  r: { type: 'retry', id: 'v1' },
  k: { type: 'groupChosen', groupId: 'unknown' },
  p: { type: 'groupChosen', groupId: 'g2' },
  c: { type: 'agentConnected', adminNick: 'Ann' },
  C: { type: 'agentConnected' },
  t: { type: 'transferStarted' },
  w: { type: 'transferEnded', waiting: true },
  n: { type: 'transferEnded', waiting: false },
  x: { type: 'chatClosed' },
  e: { type: 'messageAdded', message: noticeLine('m1', 'sessionEstablished', 100, { agent: 'Ann' }) },
  l: {
    type: 'messageAdded',
    message: createMessage({ id: 'm1', senderType: SenderType.System, msgType: MsgType.LeaveMessage, msgContent: 'Leave us a message', createdAt: 100 }),
  },
  o: { type: 'leaveMessageOffered', reason: 'offline' },
  q: { type: 'queued', position: 3, message: systemLine('m1', 'You are number 3 in the queue', 100) },
  u: { type: 'messageAdded', message: systemLine('m1', 'We are closed', 100) },
  O: { type: 'leaveMessageOffered', reason: 'outsideHours' },
  X: { type: 'messageAdded', message: noticeLine('m1', 'transferFailed', 100) },
  N: { type: 'messageAdded', message: noticeLine('m1', 'noAgentOnline', 0) },
  M: { type: 'leaveMessageOffered', reason: 'noAgentOnline' },
  G: { type: 'groupChoiceRequired', groups: GROUPS },
} satisfies Record<string, Intent>;

describe('transfer effect: SPEC §4 Transfer result 0–6', () => {
  it.each([
    ['0: closes the session', { status: TransferStatus.Close }, '(nx)'],
    ['1: agents offline — the offline message as a leave-message, and the leave-message form offered', { status: TransferStatus.Offline }, '(nlo)'],
    ['3: queued — the queue message with ## replaced by waitIndex', { status: TransferStatus.Queued, waitIndex: 3 }, '(wq)'],
    ['4: "Transfer to human failed"', { status: TransferStatus.Failure }, '(nX)'],
    ['5: outside working hours — the non-working message, and the leave-message form offered', { status: TransferStatus.OutsideHours }, '(nuO)'],
    ['6: nothing, the transfer just ends', { status: TransferStatus.Nothing }, 'n'],
    ['unknown to the spec (9): as 6', { status: 9 }, 'n'],
  ])('SPEC §4 Transfer result %s', (_name, data: TransferAgentData, outcome) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: answering(cold, data) });
      const intents = cold(' h 99ms -', v);
      const expected = `     t 99ms ${outcome}`;
      const run = runEffect(transfer, agentState(ChatStatus.NotStarted, { channel: TEXTS }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('transferAgent')).toEqual([{ adminId: undefined, groupId: undefined, userId: USER_ID }]);
      expect(run.getState().transferring).toBe(false);
    });
  });

  it('SPEC §4 Transfer result 2: connected — the session-established notice names the agent (then getAdminCard, see below)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        transferAgent: answering(cold, { status: TransferStatus.Success, adminNick: 'Ann' }),
        getAdminCard: () => cold('(a|)', { a: {} }),
      });
      const intents = cold(' h 99ms -', v);
      const expected = '     t 99ms (wce)';
      const run = runEffect(transfer, agentState(ChatStatus.NotStarted), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState()).toMatchObject({ status: ChatStatus.InConversation, agentNick: 'Ann', transferring: false });
    });
  });

  it('SPEC §4 Transfer results 1 and 5 with adminOfflineMode / unWorkingMode off: no message, only the leave-message form offered', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({
        transferAgent: answers(answering(cold, { status: TransferStatus.Offline })(), answering(cold, { status: TransferStatus.OutsideHours })()),
      });
      const quiet = agentState(ChatStatus.NotStarted, { channel: agentChannel({ adminOfflineMsg: 'Leave us a message', unWorkingMsg: 'We are closed' }) });
      const intents = cold(' h 99ms ---- 96ms h 99ms -', v);
      const expected = '     t 99ms (no) 96ms t 99ms (nO)';
      expectObservable(runEffect(transfer, quiet, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §8: a failed transferAgent call is logged and counts as result 4', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: () => cold<TransferAgentData>('100ms #', undefined, new NetworkError('transferAgent', 'offline')) });
      const log = logSpy();
      const intents = cold(' h 99ms -', v);
      const expected = '     t 99ms (nX)';
      expectObservable(runEffect(transfer, agentState(ChatStatus.NotStarted), intents, { api: api.api, scheduler, log }).output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['transferAgent failed: offline']);
    });
  });
});

describe('transfer effect: SPEC §4 groups', () => {
  it('an adminid or groupid of the query transfers directly, whatever the groups', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const start = agentState(ChatStatus.NotStarted, {
        query: parseQuery(`?channelid=${CHANNEL_ID}&adminid=a7&groupid=g9`),
        channel: agentChannel({ groupMode: 1, groupConfig: '[]' }),
      });
      const intents = cold(' h 99ms -', v);
      const expected = '     t 99ms n';
      expectObservable(runEffect(transfer, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.bodies('transferAgent')).toEqual([{ adminId: 'a7', groupId: 'g9', userId: USER_ID }]);
    });
  });

  it('no groups: the "No agent online" notice, the leave-message form offered (issue 28), and no transferAgent call', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const start = agentState(ChatStatus.NotStarted, { channel: agentChannel({ groupMode: 1, groupConfig: '[]' }) });
      const intents = cold(' h', v);
      const expected = '     (NnM)';
      expectObservable(runEffect(transfer, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('transferAgent')).toBe(0);
    });
  });

  it('one group: chosen automatically and remembered in chat-groupId', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const storage = memoryStorage();
      const start = agentState(ChatStatus.NotStarted, { channel: agentChannel({ groupMode: 1, groupConfig: [{ groupId: 'g1', name: 'Sales' }] }) });
      const intents = cold(' h 99ms -', v);
      const expected = '     t 99ms n';
      const run = runEffect(transfer, start, intents, { api: api.api, scheduler, storage });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('transferAgent')).toEqual([{ groupId: 'g1', userId: USER_ID }]);
      expect(storage.get('chat-groupId')).toBe('g1');
      expect(run.getState().groupChoice).toBeNull();
    });
  });

  it('several groups: the group selection opens, an unknown choice or a second request is ignored, and the transfer waits for a valid choice', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const transfer$ = cold('100ms (r|)', { r: { status: TransferStatus.Nothing } });
      const api = fakeApi({ transferAgent: () => transfer$ });
      const storage = memoryStorage();
      const start = agentState(ChatStatus.NotStarted, {
        channel: agentChannel({ groupMode: 1, groupConfig: JSON.stringify([{ groupId: 'g1', groupName: 'Sales' }, { groupId: 'g2' }]) }),
      });
      const intents = cold('  h 99ms h 99ms k 99ms p 99ms -', v);
      const expected = '      G 99ms - 99ms - 99ms t 99ms n';
      const transferCall = '  - 99ms - 99ms - 99ms ^ 99ms !';
      const run = runEffect(transfer, start, intents, { api: api.api, scheduler, storage });
      expectObservable(run.output$).toBe(expected, v);
      expectSubscriptions(transfer$.subscriptions).toBe(transferCall);
      flush();

      expect(api.bodies('transferAgent')).toEqual([{ groupId: 'g2', userId: USER_ID }]);
      expect(storage.get('chat-groupId')).toBe('g2');
      expect(run.getState().groupChoice).toBeNull();
    });
  });
});

describe('transfer effect: SPEC §3 chat-groupId — a returning visitor’s group', () => {
  const twoGroups = () =>
    agentState(ChatStatus.NotStarted, { channel: agentChannel({ groupMode: 1, groupConfig: JSON.stringify([{ groupId: 'g1' }, { groupId: 'g2' }]) }) });

  it('the group chosen before, still offered: the transfer goes to it again without asking', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const storage = memoryStorage();
      storage.set('chat-groupId', 'g2');
      const run = runEffect(transfer, twoGroups(), cold(' h 99ms -', v), { api: api.api, scheduler, storage });
      expectObservable(run.output$).toBe('     t 99ms n', v);
      flush();

      expect(api.bodies('transferAgent')).toEqual([{ groupId: 'g2', userId: USER_ID }]);
      expect(run.getState().groupChoice).toBeNull();
    });
  });

  it('a group the channel no longer offers: the visitor is asked again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const storage = memoryStorage();
      storage.set('chat-groupId', 'g9');
      const run = runEffect(transfer, twoGroups(), cold(' h', v), { api: api.api, scheduler, storage });
      expectObservable(run.output$).toBe('     G', {
        ...v,
        G: {
          type: 'groupChoiceRequired',
          groups: [
            { id: 'g1', name: 'g1' },
            { id: 'g2', name: 'g2' },
          ],
        },
      });
      flush();

      expect(api.count('transferAgent')).toBe(0);
    });
  });
});

describe('transfer effect: SPEC §4 Receive mode 3 — when the transfer starts', () => {
  it('automatically after chatStart on an agent channel', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const intents = cold(' S 99ms -', v);
      const expected = '     t 99ms n';
      expectObservable(runEffect(transfer, stateWith({ channel: agentChannel() }), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §4 chat status 1: after the user form, when one is owed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const start = stateWith({ channel: agentChannel({ userFormMode: 1 }) });
      const intents = cold(' F 299ms d 99ms -', v);
      const expected = '     - 299ms t 99ms n';
      expectObservable(runEffect(transfer, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('not while msgToTransferFlag is set and no message is pending, nor on a robot-first channel', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' S', v);
      const expected = '     -';
      expectObservable(runEffect(transfer, stateWith({ channel: agentChannel({ msgToTransferFlag: 1 }) }), intents, { scheduler }).output$).toBe(expected, v);
      expectObservable(runEffect(transfer, stateWith({ channel: channel() }), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('with msgToTransferFlag, a message typed before the session makes the automatic transfer run', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const typed = { ...textLine('v1', 'hello', 0, SenderType.Visitor), status: MessageStatus.Pending };
      const start = stateWith({ channel: agentChannel({ msgToTransferFlag: 1 }), messages: [typed] });
      const intents = cold(' S 99ms -', v);
      const expected = '     t 99ms n';
      expectObservable(runEffect(transfer, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('with msgToTransferFlag, a visitor message held for an agent starts it; when none came, its retry starts it again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Offline }) });
      const start = agentState(ChatStatus.NotStarted, { channel: agentChannel({ msgToTransferFlag: 1 }) });
      const intents = cold(' a 99ms ---- 96ms f 99ms r 99ms -', v);
      const expected = '     t 99ms (no) 96ms - 99ms t 99ms (no)';
      expectObservable(runEffect(transfer, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('transferAgent')).toBe(2);
    });
  });

  it('a visitor message on a robot-first channel, or in an agent session, starts no transfer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' a', v);
      const expected = '     -';
      expectObservable(runEffect(transfer, readyState(), intents, { scheduler }).output$).toBe(expected, v);
      const talking = agentState(ChatStatus.InConversation, { channel: agentChannel({ msgToTransferFlag: 1 }) });
      expectObservable(runEffect(transfer, talking, intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('one at a time: asking again while a transfer runs does nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ transferAgent: answering(cold, { status: TransferStatus.Nothing }) });
      const intents = cold(' h 49ms h 49ms -', v);
      const expected = '     t 49ms - 49ms n';
      expectObservable(runEffect(transfer, agentState(ChatStatus.NotStarted), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('transferAgent')).toBe(1);
    });
  });

  it.each([
    ['with an agent (status 2)', agentState(ChatStatus.InConversation)],
    ['in the queue (status 3)', agentState(ChatStatus.Queued)],
    ['before a session', stateWith({ channel: agentChannel() })],
    ['while the user form is owed', agentState(ChatStatus.FormCheck, { userForm: 'required' })],
  ])('asking for a human does nothing %s', (_name, start) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' h', v);
      const expected = '     -';
      expectObservable(runEffect(transfer, start, intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});

describe('transfer effect: once connected (SPEC §4 Transfer result 2, event 1200)', () => {
  const card = (fields: AdminCardData): AdminCardData => ({ adminWelcomeMode: 1, adminWelcomeMsg: 'Hello, I am Ann', ...fields });
  /** The agent's welcome, as queued for the system-message queue. */
  const welcome = (senderName: string, createdAt: number): Intent => ({
    type: 'systemMessageQueued',
    message: createMessage({ id: 'm2', senderType: SenderType.Agent, senderName, msgType: MsgType.Text, msgContent: 'Hello, I am Ann', createdAt }),
  });
  const connected = {
    E: { type: 'messageAdded', message: noticeLine('m1', 'sessionEstablished', 0, { agent: 'Ann' }) },
    U: { type: 'messageAdded', message: noticeLine('m1', 'sessionEstablished', 0) },
    W: welcome('Ann', 50),
    B: welcome('Bo', 50),
  } satisfies Record<string, Intent>;

  it('the session-established notice at once; getAdminCard; the agent welcome goes to the system-message queue', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const card$ = cold('50ms (a|)', { a: card({}) });
      const api = fakeApi({ getAdminCard: () => card$ });
      const intents = cold(' c 49ms -', v);
      const expected = '     E 49ms W';
      const cardCall = '     ^ 49ms !';
      expectObservable(runEffect(transfer, agentState(ChatStatus.Queued), intents, { api: api.api, scheduler }).output$).toBe(expected, connected);
      expectSubscriptions(card$.subscriptions).toBe(cardCall);
      flush();

      expect(api.bodies('getAdminCard')).toEqual([{ userId: USER_ID }]);
    });
  });

  it("the welcome is signed with the card's adminNick, else the agent's nickname; an unnamed agent gets the notice without a name", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ getAdminCard: () => cold('50ms (a|)', { a: card({ adminNick: 'Bo' }) }) });
      const intents = cold(' c 49ms -', v);
      const expected = '     E 49ms B';
      expectObservable(runEffect(transfer, agentState(ChatStatus.Queued), intents, { api: api.api, scheduler }).output$).toBe(expected, connected);

      const unnamed = fakeApi({ getAdminCard: () => cold('50ms (a|)', { a: card({}) }) });
      const anonymous = cold(' C 49ms -', v);
      const withNick = '       U 49ms W';
      const start = agentState(ChatStatus.Queued, { agentNick: 'Ann' });
      expectObservable(runEffect(transfer, start, anonymous, { api: unnamed.api, scheduler }).output$).toBe(withNick, connected);
    });
  });

  it.each([
    ['adminWelcomeMode is off', card({ adminWelcomeMode: 0 })],
    ['the welcome text is blank', card({ adminWelcomeMsg: '   ' })],
    ['the card has no welcome', {}],
  ])('no welcome when %s', (_name, data) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ getAdminCard: () => cold('50ms (a|)', { a: data }) });
      const intents = cold(' c 49ms -', v);
      const expected = '     E 49ms -';
      expectObservable(runEffect(transfer, agentState(ChatStatus.Queued), intents, { api: api.api, scheduler }).output$).toBe(expected, connected);
    });
  });

  it('SPEC §8: a failed getAdminCard is logged; the notice stays', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getAdminCard: () => cold<AdminCardData>('50ms #', undefined, new NetworkError('getAdminCard', 'offline')) });
      const log = logSpy();
      const intents = cold(' c 49ms -', v);
      const expected = '     E 49ms -';
      expectObservable(runEffect(transfer, agentState(ChatStatus.Queued), intents, { api: api.api, scheduler, log }).output$).toBe(expected, connected);
      flush();

      expect(logLines(log)).toEqual(['getAdminCard failed: offline']);
    });
  });
});

describe('transfer: the queue line (SPEC §4 Transfer result 3)', () => {
  it('SPEC §5 an empty system message is ignored: queued (Transfer result 3) on a channel without userQueueMsg shows no empty line', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Queued, waitIndex: 2 } }) });
      const run = runEffect(transfer, agentState(ChatStatus.NotStarted, { channel: agentChannel() }), cold<Intent>('h', { h: { type: 'humanRequested' } }), {
        api: api.api,
        scheduler,
      });
      run.output$.subscribe();
      flush();
      expect(run.getState().status).toBe(ChatStatus.Queued);
      expect(run.getState().messages).toEqual([]);
    });
  });

  it.each([
    ['waitIndex 0', { status: TransferStatus.Queued, waitIndex: 0 }],
    ['no waitIndex', { status: TransferStatus.Queued }],
  ])('SPEC §4 Transfer result 3 with %s: the visitor is shown at the front of the queue, never "number 0"', (_name, data) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const api = fakeApi({ transferAgent: () => cold('(r|)', { r: data }) });
      const start = agentState(ChatStatus.NotStarted, { channel: agentChannel({ userQueueMsg: 'You are number ## in the queue' }) });
      const run = runEffect(transfer, start, cold<Intent>('h', { h: { type: 'humanRequested' } }), { api: api.api, scheduler });
      run.output$.subscribe();
      flush();

      expect(run.getState().status).toBe(ChatStatus.Queued);
      // At the front: number 1, never "number 0".
      expect(run.getState().messages.map((m) => m.msgContent)).toEqual(['You are number 1 in the queue']);
      expect(run.getState().queue?.position).toBe(1);
    });
  });
});
