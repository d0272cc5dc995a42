import { describe, expect, it } from 'vitest';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import type { ChatState } from '#engine/core/state';
import type { AdminCardData } from '#engine/protocol';
import { answers } from '../../support/fakeApi';
import { USER_ID, act, at, newScheduler } from '../../support/fixtures';
import { agentEngine, batch, ev, field, pollAnswers, sub } from '../../support/agentApi';
import { TIMEOUTS_WIRE } from '../../support/agentSide';

/** Which countdown runs: a (agent), v (visitor), o (none). */
const running = (s: ChatState) => (s.countdown.agent >= 0 ? 'a' : s.countdown.visitor >= 0 ? 'v' : 'o');

describe('countdowns (SPEC §4 Timeouts)', () => {
  it('SPEC §4 Timeouts: a visitor message starts the agent countdown (minutes × 60 s); at 0 the agent-timeout message shows and both clear', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, { status: ChatStatus.InConversation, wire: TIMEOUTS_WIRE });
      const seen: number[] = [];
      //                 0 s    0.1 s     60.1 s   65 s
      const commands = ' S 99ms t 59999ms - 4899ms D';
      const expected = ' o 99ms a 59999ms o 4899ms |';
      expectObservable(field(engine, running)).toBe(expected);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hello?'), D: () => engine.dispose() });
      for (const ms of [1099, 1101, 30_101, 60_099]) at(scheduler, ms, () => seen.push(engine.getSnapshot().countdown.agent));
      flush();

      expect(seen).toEqual([60, 59, 30, 1]);
      // Shown through the system-message queue, 1000 ms after it was queued at 60100.
      expect(engine.getSnapshot().messages.at(-1)).toMatchObject({
        senderType: SenderType.System,
        msgContent: 'The agent will be right back',
        createdAt: 60_100,
      });
      expect(engine.getSnapshot().countdown).toEqual({ agent: -1, visitor: -1 });
    });
  });

  it('SPEC §4 Timeouts: an agent message starts the visitor countdown and clears the agent one; a visitor message the reverse; the close clears both', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        wire: TIMEOUTS_WIRE,
        overrides: { getEventMsg: pollAnswers(cold, batch(), batch(ev.message('a1'))) },
      });
      // The agent's message comes with the poll at 2 s.
      //                 0 s    0.1 s    2 s      5 s     6 s      10 s
      const commands = ' S 99ms t 1899ms - 2999ms T 999ms x 3999ms D';
      const expected = ' o 99ms a 1899ms v 2999ms a 999ms o 3999ms |';
      expectObservable(field(engine, running)).toBe(expected);
      act(cold, commands, {
        S: () => engine.start(),
        t: () => engine.sendText('hello?'),
        T: () => engine.sendText('thanks'),
        x: () => engine.closeChat(),
        D: () => engine.dispose(),
      });
      flush();

      // No timeout message; only the line saying the visitor ended the chat.
      expect(
        engine
          .getSnapshot()
          .messages.filter((m) => m.senderType === SenderType.System)
          .map((m) => m.notice?.id),
      ).toEqual(['visitorEnded']);
    });
  });

  it('SPEC §4 Timeouts: the visitor countdown at 0 shows the visitor-timeout message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        wire: TIMEOUTS_WIRE,
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
      //                 0 s    0.1 s    5 s
      const commands = ' S 99ms t 4899ms D';
      const expected = ' o 99ms - 4899ms |';
      expectObservable(field(engine, running)).toBe(expected);
      act(cold, commands, { S: () => engine.start(), t: () => engine.sendText('hi'), D: () => engine.dispose() });
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
