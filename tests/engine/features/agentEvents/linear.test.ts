import { asapScheduler, merge, NEVER, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Effect } from '#engine/core/effect';
import { agentEvents } from '#engine/features/agentEvents/effect';
import { outbox } from '#engine/features/delivery/outbox';
import { ChatStatus, MessageStatus, SenderType } from '#engine/model/codes';
import type { ChatMessage } from '#engine/model/message';
import type { EventBatch } from '#engine/transport/visitorApi';
import { batch, ev } from '../../support/agentApi';
import { agentState, textLine } from '../../support/agentSide';
import { fakeApi } from '../../support/fakeApi';
import { runEffect } from '../../support/effectSpec';

const SHOWN = 5_000;
const BATCHES = 2_000;

/** A message that counts how often its fields are read. */
function counted(message: ChatMessage, reads: { n: number }): ChatMessage {
  return new Proxy(message, {
    get(target, key, receiver) {
      reads.n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** The agent's events and the stored outbox, as the engine runs them, over SHOWN messages shown already. */
function start() {
  const reads = { n: 0 };
  const shown = Array.from({ length: SHOWN }, (_, i) => counted({ ...textLine(`h${i}`, `history ${i}`, i), msgTime: i, hasTime: i === 0 }, reads));
  // The visitor's own message, confirmed under the backend's id (SPEC §4 1201: its echo is not shown again).
  const mine = counted({ ...textLine('v1', 'mine', SHOWN, SenderType.Visitor), serverId: 'srv-1', status: MessageStatus.Sent }, reads);
  const polls = new Subject<EventBatch>();
  const api = fakeApi({ getEventMsg: () => polls });
  const effects: Effect = (ctx) => merge(agentEvents(ctx), outbox(ctx));
  const run = runEffect(effects, agentState(ChatStatus.InConversation, { messages: [...shown, mine] }), NEVER, { scheduler: asapScheduler, api: api.api });
  const subscription = run.output$.subscribe();
  return { reads, polls, run, stop: () => subscription.unsubscribe() };
}

describe('agentEvents: no work that grows with the square of the conversation (issue 30)', () => {
  it(`${BATCHES} agent messages, one a batch (one a pushed frame), read the ${SHOWN} messages shown about as often as one batch of them: not once a batch`, () => {
    const one = start();
    one.polls.next(batch(...Array.from({ length: BATCHES }, (_, i) => ev.message(`a${i}`, { msgContent: `agent ${i}`, msgTime: 10_000 + i }))));
    expect(one.run.getState().messages).toHaveLength(SHOWN + 1 + BATCHES);
    one.stop();

    const each = start();
    for (let i = 0; i < BATCHES; i++) each.polls.next(batch(ev.message(`a${i}`, { msgContent: `agent ${i}`, msgTime: 10_000 + i })));
    expect(each.run.getState().messages).toHaveLength(SHOWN + 1 + BATCHES);
    // Reading all shown messages once a batch would be BATCHES times one batch's reads (2,000×).
    expect(each.reads.n).toBeLessThanOrEqual(2 * one.reads.n);

    // Duplicates are still dropped: one shown already, the visitor's own under the backend's id, one of this run.
    each.polls.next(
      batch(
        ev.message('h10', { msgContent: 'history 10', msgTime: 10 }),
        ev.message('srv-1', { msgContent: 'mine', senderType: SenderType.Visitor }),
        ev.message('a7'),
      ),
    );
    expect(each.run.getState().messages).toHaveLength(SHOWN + 1 + BATCHES);
    each.stop();
  });
});
