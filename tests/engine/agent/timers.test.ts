import { describe, expect, it } from 'vitest';
import { ChatStatus, EvaluationStatus, MsgType, SenderType } from '../../../engine/model/codes';
import type { EngineEvent } from '../../../engine/core/intents';
import type { ChatState } from '../../../engine/core/state';
import type { AdminCardData } from '../../../engine/protocol';
import { NetworkError } from '../../../engine/transport/errors';
import { answers } from '../support/fakeApi';
import { USER_ID, at, newScheduler } from '../support/fixtures';
import { agentEngine, batch, ev, field, pollAnswers, sub } from '../support/agentApi';

const TIMEOUTS = {
  adminTimeoutMode: 1,
  adminTimeoutTime: 1,
  adminTimeoutMsg: 'The agent will be right back',
  userTimeoutMode: 1,
  userTimeoutTime: 2,
  userTimeoutMsg: 'Are you still there?',
};
/** Which countdown runs: a (agent), v (visitor), o (none). */
const running = (s: ChatState) => (s.countdown.agent >= 0 ? 'a' : s.countdown.visitor >= 0 ? 'v' : 'o');

describe('countdowns (SPEC §4 Timeouts)', () => {
  it('SPEC §4 Timeouts: a visitor message starts the agent countdown (minutes × 60 s); at 0 the agent-timeout message shows and both clear', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, { status: ChatStatus.InConversation, wire: TIMEOUTS });
      const seen: number[] = [];
      expectObservable(field(engine, running)).toBe('o 99ms a 59999ms o 4899ms |');
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.sendText('hello?'));
      for (const ms of [1099, 1101, 30_101, 60_099]) at(scheduler, ms, () => seen.push(engine.getSnapshot().countdown.agent));
      at(scheduler, 65_000, () => engine.dispose());
      flush();

      expect(seen).toEqual([60, 59, 30, 1]);
      // Shown through the system-message queue, 1000 ms after it was queued at 60100.
      expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ senderType: SenderType.System, msgContent: 'The agent will be right back', createdAt: 60_100 });
      expect(engine.getSnapshot().countdown).toEqual({ agent: -1, visitor: -1 });
    });
  });

  it('SPEC §4 Timeouts: an agent message starts the visitor countdown and clears the agent one; a visitor message the reverse; the close clears both', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        wire: TIMEOUTS,
        overrides: { getEventMsg: pollAnswers(cold, batch(), batch(ev.message('a1'))) },
      });
      expectObservable(field(engine, running)).toBe('o 99ms a 1899ms v 2999ms a 999ms o 3999ms |');
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.sendText('hello?'));
      at(scheduler, 5000, () => engine.sendText('thanks'));
      at(scheduler, 6000, () => engine.closeChat());
      at(scheduler, 10_000, () => engine.dispose());
      flush();

      expect(engine.getSnapshot().messages.filter((m) => m.senderType === SenderType.System)).toEqual([]);
    });
  });

  it('SPEC §4 Timeouts: the visitor countdown at 0 shows the visitor-timeout message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        wire: TIMEOUTS,
        overrides: { getEventMsg: pollAnswers(cold, batch(ev.message('a1'))) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 119_001, () => expect(engine.getSnapshot().countdown.visitor).toBe(1));
      at(scheduler, 122_000, () => engine.dispose());
      flush();

      expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ msgContent: 'Are you still there?', createdAt: 120_000 });
    });
  });

  it('SPEC §4 Timeouts: with the timeout modes off no countdown runs', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: pollAnswers(cold, batch(ev.message('a1'))) },
      });
      expectObservable(field(engine, running)).toBe('o 4999ms |');
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.sendText('hi'));
      at(scheduler, 5000, () => engine.dispose());
      flush();
    });
  });
});

describe('system-message queue (SPEC §7 sysMsg)', () => {
  it('SPEC §7 system-message queue: consumed 1000 ms after idle, then every 10 ms while it has items; empty ones ignored', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const sysMsg$ = cold('(a|)', { a: undefined });
      const batches = new Map([
        [0, batch(ev.established(), ev.refused(), ev.established(), ev.refused(), ev.established(), ev.refused(), ev.established())],
        [2000, batch(ev.refused(), ev.established())],
      ]);
      const card = (msg: string) => cold('(c|)', { c: { adminWelcomeMode: 1, adminWelcomeMsg: msg } satisfies AdminCardData });
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.Queued,
        overrides: {
          // Each 1200 after a 1208 connects again (and polling restarts), and queues the agent welcome of the card.
          getEventMsg: () => {
            const next = batches.get(scheduler.now()) ?? batch();
            batches.delete(scheduler.now());
            return cold('(b|)', { b: next });
          },
          getAdminCard: answers(card('one'), card('  '), card('two'), card('three'), card('four')),
          sysMsg: () => sysMsg$,
        },
      });
      expectSubscriptions(sysMsg$.subscriptions).toBe([sub(1000, 1000), sub(1010, 1010), sub(1020, 1020), sub(3000, 3000)]);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 5000, () => engine.dispose());
      flush();

      expect(fake.bodies('sysMsg').map((b) => b.msgContent)).toEqual(['one', 'two', 'three', 'four']);
      expect(fake.bodies('sysMsg')[0]).toEqual({
        msgContent: 'one',
        msgType: MsgType.Text,
        senderType: SenderType.Agent,
        senderName: undefined,
        specialMsgFlag: 3,
        clientType: 3,
        notifyAdmin: 1,
        userId: USER_ID,
      });
      expect(engine.getSnapshot().sysQueue).toEqual([]);
    });
  });
});

describe('evaluation (SPEC §4 Evaluation status)', () => {
  it('SPEC §4 Evaluation status 0 → 1 shown → 2 submitted; a failed submission raises the toast event and stays shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const events: EngineEvent[] = [];
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: {
          getEvaluateInfo: () => cold('10ms (i|)', { i: { starList: ['1', '2', '3', '4', '5'] } }),
          evaluate: answers(cold<void>('10ms #', undefined, new NetworkError('evaluate', 'offline')), cold('10ms (a|)', { a: undefined })),
        },
      });
      engine.events$.subscribe((e) => events.push(e));
      expectObservable(field(engine, (s) => s.evaluation.status)).toBe('n 99ms s 209ms d 689ms |', {
        n: EvaluationStatus.None,
        s: EvaluationStatus.Shown,
        d: EvaluationStatus.Submitted,
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.openEvaluation());
      at(scheduler, 200, () => engine.submitEvaluation({ star: 5, comment: 'great' }));
      at(scheduler, 300, () => engine.submitEvaluation({ star: 5, comment: 'great' }));
      at(scheduler, 1000, () => engine.dispose());
      flush();

      expect(fake.bodies('getEvaluateInfo')).toEqual([{ tenantId: 't1', channelId: 'demo' }]);
      expect(fake.bodies('evaluate')).toEqual([
        { userId: USER_ID, star: 5, comment: 'great' },
        { userId: USER_ID, star: 5, comment: 'great' },
      ]);
      expect(events).toEqual([{ type: 'submissionFailed', form: 'evaluation' }]);
    });
  });

  it('SPEC §4 Evaluation status: dismissing the shown dialog returns to 0 without a call', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEvaluateInfo: () => cold('(i|)', { i: { starList: ['1'] } }) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.openEvaluation());
      at(scheduler, 200, () => engine.dismissEvaluation());
      at(scheduler, 300, () => engine.dispose());
      flush();

      expect(engine.getSnapshot().evaluation).toEqual({ status: EvaluationStatus.None, stars: ['1'] });
      expect(fake.count('evaluate')).toBe(0);
    });
  });
});
