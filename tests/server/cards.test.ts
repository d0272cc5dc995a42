import { describe, expect, it } from 'vitest';
import { decodeCardContent, type Card, type GoodsCard } from '#engine/model/card';
import { MsgType, SenderType } from '#engine/model/codes';
import { decodeMessage } from '#engine/model/decodeMessage';
import type { RobotAskData } from '#engine/protocol';
import { robotVisitor, STREAM_ACCEPT } from './aiStream';
import { setup } from './helpers';

/** A card's content decoded as the widget decodes it, with the lines it would log. */
function decodeStrict(content: unknown) {
  const lines: string[] = [];
  return { ...decodeCardContent(content, (line) => lines.push(line)), lines };
}

/** Every image and link URL of a card. */
const urlsOf = (card: Card): string[] =>
  card.kind === 'carousel'
    ? card.items.flatMap(urlsOf)
    : card.kind === 'goods'
      ? [card.img, card.link].filter((u): u is string => u !== undefined)
      : card.kind === 'file'
        ? [card.url].filter((u): u is string => u !== undefined)
        : [];

describe('the reference robot answers with cards (docs/protocol.md "Cards")', () => {
  it.each([undefined, STREAM_ACCEPT])(
    '"recommend" gets a carousel of 3–5 goods cards with prices, currencies, tags and images the server serves (Accept %s: always JSON)',
    async (accept) => {
      const { ask, app, history, userId } = await robotVisitor();
      const response = await ask('Can you recommend hiking gear?', accept);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const { data } = (await response.json()) as { data: RobotAskData };
      expect(data.msgType).toBe(MsgType.Card);
      const { card, cardError, fallback, lines } = decodeStrict(data.msgContent);
      expect(lines).toEqual([]);
      expect(cardError).toBeUndefined();
      expect(fallback).toMatch(/Alpine Trail hiking boots/);
      expect(card?.kind).toBe('carousel');
      const items = card?.kind === 'carousel' ? (card.items as GoodsCard[]) : [];
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items.length).toBeLessThanOrEqual(5);
      for (const item of items) {
        expect(item).toMatchObject({ kind: 'goods', currency: 'EUR', price: expect.any(Number), img: expect.stringMatching(/^\/api\/chat\/visitor\/files\//) });
        const picture = await app.fetch(new Request(`http://localhost${item.img ?? ''}`));
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      }
      expect(items.some((i) => i.originalPrice !== undefined && i.originalPrice > (i.price ?? 0))).toBe(true);
      expect(items.some((i) => (i.tags?.length ?? 0) > 0)).toBe(true);
      // Stored as the widget reads it back from the history.
      const stored = (await history(userId)).at(-1);
      expect(stored).toMatchObject({ senderType: SenderType.Robot, msgType: MsgType.Card, msgContent: data.msgContent });
    },
  );

  it('"help topics" gets a tree: a help centre of 3 topics with nested children, contents and links', async () => {
    const { ask } = await robotVisitor();
    const { data } = (await (await ask('Show me the help topics', STREAM_ACCEPT)).json()) as { data: RobotAskData };
    const { card, lines } = decodeStrict(data.msgContent);
    expect(lines).toEqual([]);
    expect(card).toMatchObject({ kind: 'tree', title: 'Help centre' });
    const topics = card?.kind === 'tree' ? card.children : [];
    expect(topics).toHaveLength(3);
    for (const topic of topics)
      expect(topic).toMatchObject({
        link: expect.stringMatching(/^https:\/\//),
        children: expect.arrayContaining([expect.objectContaining({ content: expect.any(String) })]),
      });
    expect(topics.some((t) => t.children.some((c) => c.children.length > 0))).toBe(true);
  });

  it('other questions keep their answers: the FAQ entry, not a card', async () => {
    const { ask } = await robotVisitor();
    const { data } = (await (await ask('Which payment methods do you accept?')).json()) as { data: RobotAskData };
    expect(data.msgType).toBe(MsgType.Answer);
  });
});

describe('the showcase history has every card kind', () => {
  it('goods, file, tree, carousel and a custom card; each decodes without a log line and its URLs are served', async () => {
    const { start, history, app } = setup();
    const { userId } = await start('showcase');
    const cards = (await history(userId, { pageSize: 100 })).filter((m) => m.msgType === MsgType.Card);
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    const decoded = cards.map((m, i) => decodeCardContent(decodeMessage(m, { now: 0, newId: () => `n${i}`, warn }).msgContent, warn));
    expect(lines).toEqual([]);
    expect(decoded.every((m) => m.card && !m.cardError && m.fallback !== '')).toBe(true);
    expect(new Set(decoded.map((m) => m.card?.kind))).toEqual(new Set(['goods', 'file', 'tree', 'carousel', 'custom']));
    for (const url of decoded.flatMap((m) => (m.card ? urlsOf(m.card) : [])).filter((u) => u.startsWith('/'))) {
      expect((await app.fetch(new Request(`http://localhost${url}`))).status, url).toBe(200);
    }
  });
});
