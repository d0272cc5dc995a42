import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { systemQueue } from '#engine/features/notices/systemQueue';
import { MsgType, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import type { SysMsgRequest } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { readyState, runEffect, stateWith } from '../../support/effectSpec';
import { recorded, systemLine } from '../../support/agentSide';

const one = systemLine('q1', 'one', 0);
const two = systemLine('q2', 'two', 0);
const three = systemLine('q3', 'three', 0);
const welcome = createMessage({
  id: 'w1',
  senderType: SenderType.Agent,
  senderName: 'Ann',
  msgType: MsgType.Text,
  msgContent: 'Hello, I am Ann',
  createdAt: 0,
});
const leave = createMessage({ id: 'l1', senderType: SenderType.System, msgType: MsgType.LeaveMessage, msgContent: 'Leave us a message', createdAt: 0 });

/** Marble values: messages queued, and each one shown (dequeued). */
const v = {
  a: { type: 'systemMessageQueued', message: one },
  b: { type: 'systemMessageQueued', message: two },
  c: { type: 'systemMessageQueued', message: three },
  w: { type: 'systemMessageQueued', message: welcome },
  l: { type: 'systemMessageQueued', message: leave },
  e: { type: 'systemMessageQueued', message: systemLine('q0', '   ', 0) },
  A: { type: 'systemMessageDequeued', id: 'q1' },
  B: { type: 'systemMessageDequeued', id: 'q2' },
  C: { type: 'systemMessageDequeued', id: 'q3' },
  W: { type: 'systemMessageDequeued', id: 'w1' },
  L: { type: 'systemMessageDequeued', id: 'l1' },
} satisfies Record<string, Intent>;
/** The msgContent of the sysMsg calls. */
const posted = { A: 'one', B: 'two', C: 'three' };

describe('systemQueue effect: SPEC §7 system-message queue, consumed every 1000 ms when idle and every 10 ms while it has items', () => {
  it('the first message is shown and posted 1000 ms after the queue stops being empty, the next ones 10 ms apart; then idle again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const sysMsg = recorded((_req: SysMsgRequest) => cold('(a|)', { a: undefined }));
      const api = fakeApi({ sysMsg: sysMsg.call });
      //                     0 s     0.5 s   1 s   1.01 s  2 s     3 s
      const intents = cold(' a 499ms b 499ms - 9ms - 989ms c 999ms -', v);
      const expected = '     - 499ms - 499ms A 9ms B 989ms - 999ms C';
      const sysMsgs = '      - 499ms - 499ms A 9ms B 989ms - 999ms C';
      expectObservable(runEffect(systemQueue, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      expectObservable(sysMsg.requests$.pipe(map((r) => r.msgContent))).toBe(sysMsgs, posted);
    });
  });

  it('sysMsg carries the message type, sender and name, the fixed fields (specialMsgFlag 3, clientType 3, notifyAdmin 1) and the userId; a type that is not a number is sent as a system text', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ sysMsg: () => cold('(a|)', { a: undefined }) });
      const intents = cold(' (wl) 996ms - 9ms -', v);
      const expected = '     ---- 996ms W 9ms L';
      expectObservable(runEffect(systemQueue, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      const fixed = { specialMsgFlag: 3, clientType: 3, notifyAdmin: 1, userId: USER_ID };
      expect(api.bodies('sysMsg')).toEqual([
        { msgContent: 'Hello, I am Ann', msgType: MsgType.Text, senderType: SenderType.Agent, senderName: 'Ann', ...fixed },
        { msgContent: 'Leave us a message', msgType: MsgType.SystemText, senderType: SenderType.System, senderName: undefined, ...fixed },
      ]);
    });
  });

  it('before a session the message is shown, not posted', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      const intents = cold(' a 999ms -', v);
      const expected = '     - 999ms A';
      const run = runEffect(systemQueue, stateWith(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.count('sysMsg')).toBe(0);
      expect(run.getState().messages.map((m) => m.id)).toEqual(['q1']);
    });
  });

  it('SPEC §8: a failed sysMsg is only logged; the message stays shown and the queue goes on', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ sysMsg: () => cold<void>('#', undefined, new NetworkError('sysMsg', 'offline')) });
      const log = logSpy();
      const intents = cold(' (ab) 996ms - 9ms -', v);
      const expected = '     ---- 996ms A 9ms B';
      const run = runEffect(systemQueue, readyState(), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['sysMsg failed: offline', 'sysMsg failed: offline']);
      expect(run.getState()).toMatchObject({ sysQueue: [], messages: [expect.objectContaining({ id: 'q1' }), expect.objectContaining({ id: 'q2' })] });
    });
  });

  it('SPEC §5: an empty system message never enters the queue: no tick, nothing shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const run = runEffect(systemQueue, readyState(), cold(' e', v), { scheduler });
      expectObservable(run.output$).toBe('-', v);
      flush();

      expect(run.getState()).toMatchObject({ sysQueue: [], messages: [] });
    });
  });

  it('a queue not empty from the start is consumed after the idle period too', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sysMsg: () => cold('(a|)', { a: undefined }) });
      const expected = '- 999ms A 9ms B';
      expectObservable(runEffect(systemQueue, readyState({ sysQueue: [one, two] }), cold(''), { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });
});
