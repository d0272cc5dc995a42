import { describe, expect, it } from 'vitest';
import { outboxKey } from '#engine/constants';
import { createChatEngine } from '#engine/engine';
import { ChatStatus, MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { memoryStorage } from '#engine/ports';
import type { SendMsgData } from '#engine/protocol';
import { agentEngine } from '../support/agentApi';
import { CHANNEL_ID, IND, USER_ID, act, at, indicatorOf, newScheduler, readyApi, sequentialIds, wireMessage } from '../support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;
const OK: SendMsgData = { status: 1 };
const BOOTS = { code: 'goods', data: { name: 'Alpine boots', price: 129.9, currency: 'EUR' }, fallback: 'Alpine boots, EUR 129.90' };
const BOOTS_TEXT = JSON.stringify(BOOTS);

describe('sendCard: a card as the visitor\'s message (a host page\'s product), through the outbox like a text (docs/protocol.md "Cards")', () => {
  it('goes out by sendMsg as msgType "card" with the card\'s JSON text, and runs the same delivery cycle as a text (pending, sent)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, { sendMsg: () => cold('300ms (r|)', { r: OK }), robotAsk: () => cold('-') });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expectObservable(indicatorOf(engine)).toBe(' u 9ms p 299ms s', IND);
      act(cold, ' S 9ms c 299ms -', { S: () => engine.start(), c: () => engine.sendCard(BOOTS) });
      flush();

      expect(fake.bodies('sendMsg')).toEqual([
        expect.objectContaining({ senderType: SenderType.Visitor, msgType: MsgType.Card, msgContent: BOOTS_TEXT, clientMsgId: 'm1' }),
      ]);
      expect(engine.getSnapshot().messages.find((m) => m.id === 'm1')).toMatchObject({
        id: 'm1',
        senderType: SenderType.Visitor,
        msgType: MsgType.Card,
        msgContent: BOOTS_TEXT,
      });
    });
  });

  it('what is no card is not sent: no code, a blank code, a fallback that is no text, data that is no JSON; the code and fallback are trimmed', () => {
    const engine = createChatEngine({ query: QUERY, api: readyApi(newScheduler().createColdObservable).api, newId: sequentialIds() });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const bad: unknown[] = [
      null,
      'goods',
      { data: {} },
      { code: '  ' },
      { code: 7 },
      { code: 'goods', fallback: 12 },
      { code: 'x', data: cycle },
      { code: 'x', data: 10n },
    ];
    for (const card of bad) expect(engine.sendCard(card as never)).toBeNull();
    expect(engine.getSnapshot().messages).toEqual([]);

    expect(engine.sendCard({ code: ' sku ', data: [1], fallback: ' Item 1 ' })).toBe('m1');
    expect(engine.getSnapshot().messages.at(-1)?.msgContent).toBe('{"code":"sku","data":[1],"fallback":"Item 1"}');
    engine.dispose();
    expect(engine.sendCard(BOOTS)).toBeNull();
  });

  it("reload mid-send: the card whose sendMsg never answered is restored after the next page's history and sent once with the same clientMsgId; one the history already holds is not sent again", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = memoryStorage();
      const first = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        storage,
        idPrefix: 'a',
        overrides: { sendMsg: () => cold<SendMsgData>('-') },
      });
      const second = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        storage,
        idPrefix: 'b',
        overrides: { sendMsg: () => cold('200ms (r|)', { r: OK }) },
      });
      const stored = [
        wireMessage({ id: 'srv-1', clientMsgId: 'a1', senderType: SenderType.Visitor, msgType: MsgType.Card, msgContent: BOOTS_TEXT, msgTime: 100 }),
      ];
      const third = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        storage,
        idPrefix: 'c',
        overrides: { getHistoryMsg: () => cold('(h|)', { h: stored }) },
      });
      at(scheduler, 0, () => first.engine.start());
      at(scheduler, 100, () => first.engine.sendCard(BOOTS));
      at(scheduler, 1000, () => first.engine.dispose());
      at(scheduler, 2000, () => second.engine.start());
      at(scheduler, 3000, () => second.engine.dispose());
      at(scheduler, 10_000, () => third.engine.start());
      at(scheduler, 11_000, () => third.engine.dispose());
      flush();

      expect(second.fake.bodies('sendMsg')).toEqual([
        expect.objectContaining({ clientMsgId: 'a1', msgType: MsgType.Card, msgContent: BOOTS_TEXT, userId: USER_ID }),
      ]);
      expect(second.engine.getSnapshot().messages.filter((m) => m.id === 'a1')).toEqual([
        expect.objectContaining({ status: MessageStatus.Sent, msgType: MsgType.Card }),
      ]);
      expect(storage.get(outboxKey(CHANNEL_ID))).toBe('[]');
      expect(third.fake.count('sendMsg')).toBe(0);
    });
  });
});
