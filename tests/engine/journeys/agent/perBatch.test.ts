import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ChatStatus } from '#engine/model/codes';
import type { EventBatch } from '#engine/transport/visitorApi';
import { answers } from '../../support/fakeApi';
import { newScheduler } from '../../support/fixtures';
import { agentEngine, batch, ev } from '../../support/agentApi';
import { TIMEOUTS_WIRE } from '../../support/agentSide';

const BATCHES = 50;

/**
 * Issue 30, "no work that grows with the square of the conversation": agent messages pushed one a
 * frame. Each frame is one state change — one notification of the UI (useSyncExternalStore), one
 * reading of every state listener — and not one more for what the message leaves as it was (the
 * countdowns set again to what they show, the unread flag already up).
 */
describe('agent events: a pushed frame of one agent message is one state change (issue 30)', () => {
  // With the timeouts on, the first message also starts the visitor countdown (a change of its
  // own); the next ones set it again to what it shows, which changes nothing.
  for (const [name, wire, countdownStarts] of [
    ['without timeouts', {}, 0],
    ['with the timeouts on (SPEC §4 Timeouts)', TIMEOUTS_WIRE, 1],
  ] as const) {
    it(`${name}: ${BATCHES} frames of one message, ${BATCHES + countdownStarts} notifications of the UI`, () => {
      const scheduler = newScheduler();
      scheduler.run(({ cold, flush }) => {
        const pushed = new Subject<EventBatch>();
        const { engine } = agentEngine(cold, scheduler, {
          status: ChatStatus.InConversation,
          wire,
          overrides: { getEventMsg: answers(pushed) },
        });
        engine.start();
        flush();
        const before = engine.getSnapshot().messages.length;
        let notified = 0;
        const unsubscribe = engine.subscribe(() => (notified += 1));
        for (let i = 0; i < BATCHES; i++) pushed.next(batch(ev.message(`a${i}`, { msgContent: `agent ${i}` })));
        unsubscribe();
        expect(engine.getSnapshot().messages.length - before).toBe(BATCHES);
        expect(notified).toBe(BATCHES + countdownStarts);
        engine.dispose();
      });
    });
  }
});
