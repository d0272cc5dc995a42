import { describe, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { countdowns } from '#engine/features/countdowns/effect';
import { COUNTDOWN_OFF, ChatStatus, MessageStatus, SenderType } from '#engine/model/codes';
import { newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';
import { TIMEOUTS_WIRE, agentChannel, agentState, systemLine, textLine } from '../../support/agentSide';

/** The agent timeout after 1 minute, the visitor timeout after 2. */
const TIMED = agentChannel(TIMEOUTS_WIRE);
const OFF = COUNTDOWN_OFF;
const sentByVisitor = { ...textLine('v1', 'hello?', 0, SenderType.Visitor), status: MessageStatus.Pending };
/** In conversation on TIMED, the visitor's message v1 on its way. */
const talking = () => agentState(ChatStatus.InConversation, { channel: TIMED, messages: [sentByVisitor] });

const set = (agent: number, visitor: number): Intent => ({ type: 'countdownSet', agent, visitor });
const tick = (agent: number, visitor: number): Intent => ({ type: 'countdownTick', agent, visitor });

/** Marble values: what starts or ends a countdown, the countdowns set, and the ticks (seconds left). */
const v = {
  s: { type: 'sendSucceeded', id: 'v1' },
  M: { type: 'agentMessages', messages: [textLine('a1', 'hi')] },
  c: { type: 'agentConnected' },
  x: { type: 'chatClosed' },
  A: set(60, OFF),
  V: set(OFF, 120),
  o: set(OFF, OFF),
  T: set(2, OFF),
  U: set(OFF, 1),
  F: set(5, OFF),
  a: tick(59, OFF),
  b: tick(58, OFF),
  d: tick(57, OFF),
  e: tick(1, OFF),
  z: tick(0, OFF),
  f: tick(4, OFF),
  w: tick(OFF, 119),
  Z: tick(OFF, 0),
  q: { type: 'systemMessageQueued', message: systemLine('m1', 'The agent will be right back', 2000) },
  Q: { type: 'systemMessageQueued', message: systemLine('m1', 'Are you still there?', 1000) },
} satisfies Record<string, Intent>;

describe('countdowns effect: SPEC §4 Timeouts', () => {
  it("the visitor's message, once delivered, starts the agent countdown (adminTimeoutTime × 60 s), which ticks every second", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      //                     0 s     1 s     2 s     3 s     3.5 s
      const intents = cold(' s 999ms - 999ms - 999ms - 499ms -', v);
      const expected = '     A 999ms a 999ms b 999ms d 499ms -';
      const watched = '      ^ 999ms - 999ms - 999ms - 499ms !';
      expectObservable(runEffect(countdowns, talking(), intents, { scheduler }).output$, watched).toBe(expected, v);
    });
  });

  it('at 0 the agent-timeout message goes through the system-message queue, and both countdowns turn off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      // A countdown of 2 s, started by anyone:
      const intents = cold(' T 999ms - 999ms -', v);
      const expected = '     - 999ms e 999ms (zqo)';
      expectObservable(runEffect(countdowns, talking(), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it("an agent message starts the visitor countdown (userTimeoutTime × 60 s) and clears the agent's", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' M 999ms - 499ms -', v);
      const expected = '     V 999ms w 499ms -';
      const watched = '      ^ 999ms - 499ms !';
      const start = agentState(ChatStatus.InConversation, { channel: TIMED, countdown: { agent: 30, visitor: OFF } });
      expectObservable(runEffect(countdowns, start, intents, { scheduler }).output$, watched).toBe(expected, v);
    });
  });

  it('the connection to an agent starts the visitor countdown: the visitor is expected to speak', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' c 999ms - 499ms -', v);
      const expected = '     V 999ms w 499ms -';
      const watched = '      ^ 999ms - 499ms !';
      expectObservable(runEffect(countdowns, agentState(ChatStatus.Queued, { channel: TIMED }), intents, { scheduler }).output$, watched).toBe(expected, v);
    });
  });

  it('at 0 the visitor countdown queues the visitor-timeout message, and both turn off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(' U 999ms -', v);
      const expected = '     - 999ms (ZQo)';
      expectObservable(runEffect(countdowns, talking(), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('leaving the conversation turns a running countdown off, and the tick stops', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      //                     0 s     1 s     1.5 s   2.5 s
      const intents = cold(' F 999ms - 499ms x 999ms -', v);
      const expected = '     - 999ms f 499ms o 999ms -';
      expectObservable(runEffect(countdowns, talking(), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('leaving the conversation with no countdown running changes nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(runEffect(countdowns, talking(), cold(' x', v), { scheduler }).output$).toBe('-', v);
    });
  });

  it('each new countdown restarts the 1 s tick', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      //                     0 s     0.5 s   1.5 s  1.6 s
      const intents = cold(' F 499ms M 999ms - 99ms -', v);
      const expected = '     - 499ms V 999ms w 99ms -';
      const watched = '      ^ 499ms - 999ms - 99ms !';
      expectObservable(runEffect(countdowns, talking(), intents, { scheduler }).output$, watched).toBe(expected, v);
    });
  });

  it('outside the conversation nothing starts: a message delivered before an agent session (status 0), an agent message while queued', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const before = readyState({ channel: TIMED, messages: [sentByVisitor] });
      expectObservable(runEffect(countdowns, before, cold(' s', v), { scheduler }).output$).toBe('-', v);
      expectObservable(runEffect(countdowns, agentState(ChatStatus.Queued, { channel: TIMED }), cold(' M', v), { scheduler }).output$).toBe('-', v);
    });
  });

  it('with the timeout modes off the countdowns stay off, and nothing ticks: a message sets nothing (both are off already)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const untimed = agentState(ChatStatus.InConversation, { messages: [sentByVisitor] });
      const intents = cold(' s 999ms M 999ms -', v);
      const expected = '     - 999ms - 999ms -';
      expectObservable(runEffect(countdowns, untimed, intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});
