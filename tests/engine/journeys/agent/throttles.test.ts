import { describe, expect, it } from 'vitest';
import { ChatStatus, ReceiveMode } from '#engine/model/codes';
import { USER_ID, at, newScheduler } from '../../support/fixtures';
import { agentEngine, batch, ev, pollAnswers, sub } from '../../support/agentApi';

describe('throttles (SPEC §7, §9)', () => {
  it('SPEC §7 msgComplete: at most once per 5 s; a message inside the period is marked at its end', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const complete$ = cold('(a|)', { a: undefined });
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: {
          // Agent messages at 0, 2000 and 4000; the receipts go at 0 and 5000.
          getEventMsg: pollAnswers(cold, batch(ev.message('a1')), batch(ev.message('a2')), batch(ev.message('a3'))),
          msgComplete: () => complete$,
        },
      });
      expectSubscriptions(complete$.subscriptions).toBe([sub(0, 0), sub(5000, 5000)]);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 12_000, () => engine.dispose());
      flush();

      expect(fake.bodies('msgComplete')[0]).toEqual({ userId: USER_ID, pollId: 'p-1' });
      expect(engine.getSnapshot().unread).toBe(false);
    });
  });

  it('SPEC §7 msgComplete: only while the page is visible — a message that arrived hidden is marked when the page shows', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectSubscriptions, flush }) => {
      const complete$ = cold('(a|)', { a: undefined });
      const visibility = hot('f 2999ms v', { f: false, v: true });
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        visibility,
        overrides: { getEventMsg: pollAnswers(cold, batch(ev.message('a1'))), msgComplete: () => complete$ },
      });
      expectSubscriptions(complete$.subscriptions).toBe(sub(3000, 3000));
      at(scheduler, 0, () => engine.start());
      at(scheduler, 6000, () => engine.dispose());
      flush();
    });
  });

  it('SPEC §7 typing: at most once per 500 ms (the latest text at the end of the period), only in status 2', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const typing$ = cold('(a|)', { a: undefined });
      const { engine, fake } = agentEngine(cold, scheduler, { status: ChatStatus.InConversation, overrides: { typing: () => typing$ } });
      // 100 leading 'h' · 600 trailing 'hel' · 1100 trailing 'hell' · 1600 trailing 'hello'; nothing after the close.
      expectSubscriptions(typing$.subscriptions).toBe([sub(100, 100), sub(600, 600), sub(1100, 1100), sub(1600, 1600)]);
      at(scheduler, 0, () => engine.start());
      for (const [ms, text] of [
        [100, 'h'],
        [200, 'he'],
        [300, 'hel'],
        [700, 'hell'],
        [1300, 'hello'],
      ] as const) {
        at(scheduler, ms, () => engine.notifyTyping(text));
      }
      at(scheduler, 2000, () => engine.closeChat());
      at(scheduler, 2100, () => engine.notifyTyping('after close'));
      at(scheduler, 3000, () => engine.dispose());
      flush();

      expect(fake.bodies('typing').map((b) => b.msgContent)).toEqual(['h', 'hel', 'hell', 'hello']);
      expect(fake.bodies('typing')[0]).toEqual({ userId: USER_ID, msgContent: 'h' });
    });
  });

  it('SPEC §7 typing: no typing notice outside status 2 (robot mode)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const robotTips = () => cold('(t|)', { t: { tips: [] } });
      const { engine, fake } = agentEngine(cold, scheduler, { wire: { receiveMode: ReceiveMode.RobotFirst }, overrides: { robotTips } });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.notifyTyping('hi'));
      flush();

      expect(fake.count('typing')).toBe(0);
      // The draft goes to the robot's suggestions instead (SPEC §7 robotTips).
      expect(fake.bodies('robotTips').map((b) => b.question)).toEqual(['hi']);
      engine.dispose();
    });
  });
});
