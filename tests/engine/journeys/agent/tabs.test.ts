import { defer, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { TestScheduler } from 'rxjs/testing';
import type { ChatEngine } from '#engine/engine';
import { ChatStatus, SenderType } from '#engine/model/codes';
import type { EventMsgRequest, WireEvent } from '#engine/protocol';
import { at, newScheduler, session, type RunHelpers } from '../../support/fixtures';
import { agentEngine, ev } from '../../support/agentApi';
import { tabsHub } from '../../support/tabsHub';

/**
 * A backend that follows SPEC §7 and nothing more: getEventMsg hands each event out once per
 * visitor, to whichever poll comes first whatever its pollId; no eventId, no acknowledgement, no
 * echo of the visitor's messages. Each poll is recorded: its pollId and the time it came.
 */
function specOnlyBackend(scheduler: TestScheduler) {
  const queued: WireEvent[] = [];
  const polls: { pollId: string; at: number }[] = [];
  let n = 0;
  return {
    polls,
    agentSays(text: string) {
      n += 1;
      queued.push(ev.message(`srv-${n}`, { msgContent: text }));
    },
    getEventMsg: (req: EventMsgRequest) =>
      defer(() => {
        polls.push({ pollId: req.pollId, at: scheduler.now() });
        return of({ events: queued.splice(0) });
      }),
  };
}

/** `count` tabs of one visitor in conversation with an agent (pollIds p-1, p-2, …), on one backend and one browser's tabs. */
function tabsOfOneVisitor(cold: RunHelpers['cold'], scheduler: TestScheduler, count: number) {
  const backend = specOnlyBackend(scheduler);
  const hub = tabsHub();
  const tabs = Array.from({ length: count }, (_, i) =>
    agentEngine(cold, scheduler, {
      idPrefix: `t${i + 1}-`,
      tabs: hub.tab(),
      overrides: {
        chatStart: () => cold('(s|)', { s: session({ status: ChatStatus.InConversation, pollId: `p-${i + 1}` }) }),
        getEventMsg: backend.getEventMsg,
      },
    }),
  );
  return { backend, hub, tabs };
}

/** The texts a tab shows, of the agent's messages and of the visitor's. */
const texts = (engine: ChatEngine, sender: SenderType) =>
  engine
    .getSnapshot()
    .messages.filter((m) => m.senderType === sender)
    .map((m) => m.msgContent);

describe('several tabs of one visitor against a backend of SPEC §7 alone (docs/protocol.md "Several tabs")', () => {
  it('two tabs: one polls; both show every agent message once, and what the visitor sent in either; the other takes over at once when the first closes', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { backend, tabs } = tabsOfOneVisitor(cold, scheduler, 2);
      const [first, second] = tabs.map((t) => t.engine) as [ChatEngine, ChatEngine];
      at(scheduler, 0, () => first.start());
      at(scheduler, 0, () => second.start());
      at(scheduler, 1000, () => backend.agentSays('one'));
      at(scheduler, 3000, () => second.sendText('from the second tab'));
      at(scheduler, 4000, () => first.sendText('from the first tab'));
      at(scheduler, 5000, () => backend.agentSays('two'));
      at(scheduler, 7000, () => first.dispose());
      at(scheduler, 7500, () => backend.agentSays('three'));
      at(scheduler, 12_000, () => second.dispose());
      flush();

      expect(texts(first, SenderType.Agent)).toEqual(['one', 'two']);
      expect(texts(second, SenderType.Agent)).toEqual(['one', 'two', 'three']);
      expect(texts(first, SenderType.Visitor)).toEqual(['from the second tab', 'from the first tab']);
      expect(texts(second, SenderType.Visitor)).toEqual(['from the second tab', 'from the first tab']);
      // The first tab polls every 2 s; the second only once the first closed, at once, then every 2 s.
      expect(backend.polls).toEqual([
        ...[0, 2000, 4000, 6000].map((t) => ({ pollId: 'p-1', at: t })),
        ...[7000, 9000, 11_000].map((t) => ({ pollId: 'p-2', at: t })),
      ]);
    });
  });

  it('eight tabs: one poll every 2 s for all of them, and each tab shows each of the agent’s messages once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { backend, hub, tabs } = tabsOfOneVisitor(cold, scheduler, 8);
      const said = Array.from({ length: 10 }, (_, i) => `message ${i + 1}`);
      for (const { engine } of tabs) at(scheduler, 0, () => engine.start());
      said.forEach((text, i) => at(scheduler, 1000 + i * 1500, () => backend.agentSays(text)));
      // The tabs that did not listen close first: no hand-over to count.
      for (const { engine } of [...tabs].reverse()) at(scheduler, 20_000, () => engine.dispose());
      flush();

      for (const { engine } of tabs) expect(texts(engine, SenderType.Agent)).toEqual(said);
      expect(new Set(backend.polls.map((p) => p.pollId))).toEqual(new Set(['p-1']));
      expect(backend.polls.map((p) => p.at)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2000));
      expect(new Set(hub.scopes)).toEqual(new Set(['demo u-1']));
    });
  });
});
