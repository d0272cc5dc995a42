import { describe, expect, it } from 'vitest';
import { ChatStatus, OutType } from '#engine/model/codes';
import { NetworkError } from '#engine/transport/errors';
import { answers } from '../../support/fakeApi';
import { USER_ID, act, at, logLines, newScheduler } from '../../support/fixtures';
import { agentEngine, batch, ev, field, sub } from '../../support/agentApi';

describe('agent events: polling (SPEC §7 getEventMsg)', () => {
  it('SPEC §7 polling every 2000 ms: a 3 s reply delays the next poll instead of stacking requests', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const fast$ = cold('(b|)', { b: batch() });
      const slow$ = cold('3000ms (b|)', { b: batch() });
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: answers(fast$, slow$, fast$, fast$) },
      });
      // 0 fast · 2000 slow until 5000 · 7000 fast · 9000 fast · dispose at 10000.
      expectSubscriptions(fast$.subscriptions).toBe([sub(0, 0), sub(7000, 7000), sub(9000, 9000)]);
      expectSubscriptions(slow$.subscriptions).toBe(sub(2000, 5000));
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10_000, () => engine.dispose());
      flush();

      expect(fake.bodies('getEventMsg')[0]).toEqual({ userId: USER_ID, pollId: 'p-1', lastEventId: '' });
    });
  });

  it('SPEC §7 polling: a failed poll is logged and the loop goes on 2000 ms later', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const failing$ = cold<never>('100ms #', undefined, new NetworkError('getEventMsg', 'offline'));
      const fast$ = cold('(b|)', { b: batch() });
      const { engine, log } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: answers(failing$, fast$) },
      });
      expectSubscriptions(failing$.subscriptions).toBe(sub(0, 100));
      expectSubscriptions(fast$.subscriptions).toBe(sub(2100, 2100));
      at(scheduler, 0, () => engine.start());
      at(scheduler, 3000, () => engine.dispose());
      flush();

      expect(logLines(log)).toEqual(['getEventMsg failed: offline']);
    });
  });

  it('SPEC §4 event 1202: polling stops (status 0, chatClosed)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: answers(cold('(b|)', { b: batch() }), cold('(b|)', { b: batch(ev.ended(OutType.UserOver)) })) },
      });
      // The second poll, at 2 s, brings the 1202.
      //                 0 s         2 s      10 s
      const commands = ' S--- 1996ms - 7999ms D';
      const expected = ' (ab) 1996ms c 7999ms |';
      expectObservable(field(engine, (s) => s.status)).toBe(expected, {
        a: ChatStatus.NotStarted,
        b: ChatStatus.InConversation,
        c: ChatStatus.NotStarted,
      });
      act(cold, commands, { S: () => engine.start(), D: () => engine.dispose() });
      flush();

      expect(fake.count('getEventMsg')).toBe(2);
      expect(engine.getSnapshot().chatClosed).toBe(true);
    });
  });

  it('SPEC §4 event 1208: polling stops after the refusal', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.Queued,
        overrides: { getEventMsg: answers(cold('(b|)', { b: batch(ev.refused()) })) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10_000, () => engine.dispose());
      flush();

      expect(fake.count('getEventMsg')).toBe(1);
      expect(engine.getSnapshot()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: false });
    });
  });

  it('SPEC §4 chat status: no polling before an agent session or queue (status 0)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, { wire: { msgToTransferFlag: 1 } });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 10_000, () => engine.dispose());
      flush();

      expect(fake.count('getEventMsg')).toBe(0);
    });
  });

  it('DESIGN: dispose() stops polling and unsubscribes the poll in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const slow$ = cold('3000ms (b|)', { b: batch() });
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: () => slow$ },
      });
      expectSubscriptions(slow$.subscriptions).toBe([sub(0, 3000), sub(5000, 6000)]);
      at(scheduler, 0, () => engine.start());
      at(scheduler, 6000, () => engine.dispose());
      flush();

      expect(fake.count('getEventMsg')).toBe(2);
    });
  });

  it('SPEC §7 chatClose: the visitor ends the chat — closed locally, chatClose sent, polling stops', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, { status: ChatStatus.InConversation });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 2500, () => engine.closeChat());
      at(scheduler, 10_000, () => engine.dispose());
      flush();

      expect(fake.bodies('chatClose')).toEqual([{ userId: USER_ID, pollId: 'p-1' }]);
      expect(fake.count('getEventMsg')).toBe(2);
      expect(engine.getSnapshot()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: true });
    });
  });
});
