import { describe, expect, it } from 'vitest';
import { MsgType, SenderType, TransferStatus } from '#engine/model/codes';
import type { EngineEvent } from '#engine/core/intents';
import type { ChatState } from '#engine/core/state';
import { NetworkError } from '#engine/transport/errors';
import { agentEngine, field } from '../support/agentApi';
import { act, at, CHANNEL_ID, logLines, newScheduler, USER_ID } from '../support/fixtures';

const OFFLINE = { adminOfflineMode: 1, adminOfflineMsg: 'Leave us a message' };
const VALUES = { name: ' Ann ', phone: '13800138000', email: '', content: 'Please call me back' };

/** Collects the engine's events. */
function events(engine: { events$: { subscribe(fn: (e: EngineEvent) => void): unknown } }): EngineEvent[] {
  const list: EngineEvent[] = [];
  engine.events$.subscribe((e) => list.push(e));
  return list;
}

describe('leave a message (SPEC §2, §4 transfer 1 and 5, §7 leaveMsg)', () => {
  it('transfer result 1 offers the form; open → submit → leaveMsg → the message shows, the form closes, a success event', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: OFFLINE,
        overrides: {
          transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Offline } }),
          leaveMsg: () => cold('300ms (a|)', { a: undefined }),
        },
      });
      const seen = events(engine);
      // Started (offered at once), opened, submitted, clicked again while sending (ignored), sent, disposed.
      //                 0 ms      100 ms 200 ms 250 ms  500 ms  900 ms
      const commands = ' s--- 96ms o 99ms l 49ms L 249ms - 399ms x';
      const expected = ' (za) 96ms b 99ms c 49ms - 249ms d 399ms |';
      expectObservable(field(engine, (s) => s.leaveMessage)).toBe(expected, {
        z: { offered: null, open: false, sending: false, draft: null },
        a: { offered: 'offline', open: false, sending: false, draft: null },
        b: { offered: 'offline', open: true, sending: false, draft: null },
        c: { offered: 'offline', open: true, sending: true, draft: null },
        d: { offered: 'offline', open: false, sending: false, draft: null },
      });
      act(cold, commands, {
        s: () => engine.start(),
        o: () => engine.openLeaveMessage(),
        l: () => engine.leaveMessage(VALUES),
        L: () => engine.leaveMessage(VALUES),
        x: () => engine.dispose(),
      });
      flush();

      expect(fake.bodies('leaveMsg')).toEqual([
        { userId: USER_ID, channelId: CHANNEL_ID, name: 'Ann', phone: '13800138000', email: undefined, content: 'Please call me back' },
      ]);
      const [offline, left] = engine.getSnapshot().messages;
      expect(offline).toMatchObject({ msgType: MsgType.LeaveMessage, msgContent: 'Leave us a message' });
      expect(left).toMatchObject({
        senderType: SenderType.Visitor,
        msgType: MsgType.LeaveMessage,
        msgContent: 'Please call me back',
        status: 'sent',
        createdAt: 500,
      });
      expect(seen).toEqual([{ type: 'submissionSucceeded', form: 'leaveMessage' }]);
    });
  });

  it('transfer result 5 (outside working hours) offers it too', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        wire: { unWorkingMode: 1, unWorkingMsg: 'We are closed' },
        overrides: { transferAgent: () => cold('(r|)', { r: { status: TransferStatus.OutsideHours } }) },
      });
      at(scheduler, 0, () => engine.start());
      flush();
      expect(engine.getSnapshot().leaveMessage).toEqual({ offered: 'outsideHours', open: false, sending: false, draft: null });
      engine.dispose();
    });
  });

  it('a failed leaveMsg keeps the form open and asks for the "submission failed" toast; a retry can succeed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      let call = 0;
      const { engine, fake, log } = agentEngine(cold, scheduler, {
        wire: OFFLINE,
        overrides: {
          transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Offline } }),
          leaveMsg: () => {
            call += 1;
            return call === 1 ? cold('100ms #', undefined, new NetworkError('leaveMsg', 'offline')) : cold('(a|)', { a: undefined });
          },
        },
      });
      const seen = events(engine);
      // Started, opened, submitted; failed; submitted again, delivered at once; disposed.
      //                 0 ms  10 ms 20 ms  120 ms 220 ms     500 ms
      const commands = ' s 9ms o 9ms l 99ms - 99ms l--- 276ms x';
      const expected = ' a 9ms b 9ms c 99ms b 99ms (cd) 276ms |';
      const form = (s: ChatState) => `${s.leaveMessage.open ? 'open' : 'closed'}/${s.leaveMessage.sending ? 'sending' : 'idle'}`;
      expectObservable(field(engine, form)).toBe(expected, { a: 'closed/idle', b: 'open/idle', c: 'open/sending', d: 'closed/idle' });
      act(cold, commands, {
        s: () => engine.start(),
        o: () => engine.openLeaveMessage(),
        l: () => engine.leaveMessage(VALUES),
        x: () => engine.dispose(),
      });
      flush();

      expect(fake.count('leaveMsg')).toBe(2);
      expect(seen).toEqual([
        { type: 'submissionFailed', form: 'leaveMessage' },
        { type: 'submissionSucceeded', form: 'leaveMessage' },
      ]);
      expect(logLines(log)).toContain('leaveMsg failed: offline');
    });
  });

  it('invalid values are refused without a call (SPEC §5), with a log line and the failure event', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake, log } = agentEngine(cold, scheduler, {
        wire: OFFLINE,
        overrides: { transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Offline } }) },
      });
      const seen = events(engine);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.openLeaveMessage());
      at(scheduler, 20, () => engine.leaveMessage({ phone: '123', content: '' }));
      flush();

      expect(fake.count('leaveMsg')).toBe(0);
      expect(seen).toEqual([{ type: 'submissionFailed', form: 'leaveMessage' }]);
      expect(logLines(log)).toContain('leaveMsg refused: invalid phone, content');
      expect(engine.getSnapshot().leaveMessage).toEqual({ offered: 'offline', open: true, sending: false, draft: null });
      engine.dispose();
    });
  });

  it('nothing happens while no form is offered or open', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        overrides: { transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Nothing } }) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.openLeaveMessage());
      at(scheduler, 20, () => engine.leaveMessage(VALUES));
      flush();
      expect(fake.count('leaveMsg')).toBe(0);
      expect(engine.getSnapshot().leaveMessage).toEqual({ offered: null, open: false, sending: false, draft: null });
      engine.dispose();
    });
  });

  it('closing is refused while the message is in flight, allowed otherwise; an agent connecting withdraws the offer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let status: number = TransferStatus.Offline;
      const { engine } = agentEngine(cold, scheduler, {
        wire: OFFLINE,
        overrides: {
          transferAgent: () => cold('(r|)', { r: { status } }),
          leaveMsg: () => cold('100ms (a|)', { a: undefined }),
        },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => engine.openLeaveMessage());
      at(scheduler, 20, () => engine.leaveMessage(VALUES));
      at(scheduler, 30, () => engine.closeLeaveMessage());
      at(scheduler, 40, () => expect(engine.getSnapshot().leaveMessage).toMatchObject({ open: true, sending: true }));
      at(scheduler, 200, () => engine.openLeaveMessage());
      at(scheduler, 210, () => engine.closeLeaveMessage());
      at(scheduler, 220, () => expect(engine.getSnapshot().leaveMessage.open).toBe(false));
      at(scheduler, 300, () => {
        status = TransferStatus.Success;
        engine.requestHuman();
      });
      at(scheduler, 310, () => {
        expect(engine.getSnapshot().leaveMessage).toEqual({ offered: null, open: false, sending: false, draft: null });
        // Polling of the new session would run forever in virtual time.
        engine.dispose();
      });
      flush();
    });
  });
});

describe('issue 28: no dead ends where no agent can answer', () => {
  it('agents offline: a text is not sent but opens the form with it; the channel promised an answer, so a contact is asked', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake, log } = agentEngine(cold, scheduler, {
        wire: OFFLINE,
        overrides: { transferAgent: () => cold('(r|)', { r: { status: TransferStatus.Offline } }), leaveMsg: () => cold('(a|)', { a: undefined }) },
      });
      let id: string | null = 'unset';
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => (id = engine.sendText('  Is my order on its way?  ')));
      at(scheduler, 20, () => engine.leaveMessage({ content: 'Is my order on its way?' }));
      at(scheduler, 30, () => engine.leaveMessage({ content: 'Is my order on its way?', email: 'ann@example.com' }));
      flush();

      expect(id).toBeNull();
      expect(fake.count('sendMsg')).toBe(0);
      expect(engine.getSnapshot().messages.filter((m) => m.senderType === SenderType.Visitor)).toEqual([
        expect.objectContaining({ msgType: MsgType.LeaveMessage, msgContent: 'Is my order on its way?' }),
      ]);
      expect(logLines(log)).toContain('leaveMsg refused: invalid phone');
      expect(fake.bodies('leaveMsg')).toEqual([
        { userId: USER_ID, channelId: CHANNEL_ID, name: undefined, phone: undefined, email: 'ann@example.com', content: 'Is my order on its way?' },
      ]);
      engine.dispose();
    });
  });

  it('no group online: "No agent online" offers the form; a text opens it; no contact is required', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        wire: { groupMode: 1, groupConfig: '[]' },
        overrides: { leaveMsg: () => cold('(a|)', { a: undefined }) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10, () => expect(engine.getSnapshot().leaveMessage).toEqual({ offered: 'noAgentOnline', open: false, sending: false, draft: null }));
      at(scheduler, 20, () => engine.sendText('Hello?'));
      at(scheduler, 30, () => expect(engine.getSnapshot().leaveMessage).toEqual({ offered: 'noAgentOnline', open: true, sending: false, draft: 'Hello?' }));
      at(scheduler, 40, () => engine.leaveMessage({ content: 'Hello?' }));
      flush();

      expect(fake.count('sendMsg')).toBe(0);
      expect(fake.bodies('leaveMsg')).toEqual([
        { userId: USER_ID, channelId: CHANNEL_ID, name: undefined, phone: undefined, email: undefined, content: 'Hello?' },
      ]);
      engine.dispose();
    });
  });
});
