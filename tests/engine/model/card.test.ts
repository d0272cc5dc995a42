import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  CardError,
  cardFallback,
  cardToWire,
  cardUrl,
  decodeCardContent,
  MAX_CAROUSEL_ITEMS,
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  type TreeNode,
} from '#engine/model/card';
import { cardFallbackText, isCardMessage } from '#engine/model/cardText';
import { MsgType, SenderType } from '#engine/model/codes';
import { decodeMessage } from '#engine/model/decodeMessage';
import { createMessage, toWire } from '#engine/model/message';
import { previewOf } from '#engine/model/preview';
import { decodeRobot } from '#engine/transport/decoders';

const NOW = 1_700_000_000_000;
const defaults = (warn = vi.fn()) => ({ now: NOW, newId: () => 'generated-1', warn });

const BOOTS = {
  name: 'Trail boots',
  desc: 'Waterproof leather',
  price: 129.9,
  originalPrice: '159.90',
  currency: 'eur',
  count: 1,
  unit: 'pair',
  tags: ['new', 'outdoor'],
  status: 'In stock',
  img: '/api/chat/visitor/files/boots.svg',
};
const BOOTS_CARD = {
  kind: 'goods',
  code: 'goods',
  name: 'Trail boots',
  desc: 'Waterproof leather',
  price: 129.9,
  originalPrice: 159.9,
  currency: 'EUR',
  count: 1,
  unit: 'pair',
  tags: ['new', 'outdoor'],
  status: 'In stock',
  img: '/api/chat/visitor/files/boots.svg',
};

/**
 * A card message from the wire with `msgContent` as the engine keeps it (`raw`: the card as JSON
 * text) and as a UI that draws cards shows it (`m`: its card decoded from that text, its cardError,
 * and the fallback as its text); the log lines the decoding wrote.
 */
function decoded(msgContent: unknown) {
  const warn = vi.fn();
  const raw = decodeMessage({ id: 'c1', senderType: SenderType.Robot, msgType: 'card', msgContent }, defaults(warn));
  const { card, cardError, fallback } = decodeCardContent(raw.msgContent, warn);
  const m = { ...raw, card, cardError, msgContent: fallback };
  return { raw, m, lines: warn.mock.calls.map(([line]) => line as string) };
}

describe('card messages (docs/protocol.md "Cards")', () => {
  it('the chosen reading: msgType "card", msgContent the JSON text {code, data}; the engine keeps the text, a UI decodes card and fallback from it', () => {
    const { raw, m, lines } = decoded(JSON.stringify({ code: 'goods', data: BOOTS }));
    expect(raw.msgType).toBe(MsgType.Card);
    expect(isCardMessage(raw)).toBe(true);
    expect(raw.msgContent).toBe(JSON.stringify({ code: 'goods', data: BOOTS }));
    expect(decoded({ code: 'goods', data: BOOTS }).raw.msgContent).toBe(JSON.stringify({ code: 'goods', data: BOOTS }));
    expect(m.card).toEqual(BOOTS_CARD);
    expect(m.cardError).toBeUndefined();
    expect(m.msgContent).toBe('Trail boots · EUR 129.90');
    expect(lines).toEqual([]);
  });

  it('the other readings give the same card: an object, {type, props}, {cardCode, cardData}, data as JSON text, fields beside the code, a bare goods card', () => {
    const readings = [
      { code: 'goods', data: BOOTS },
      { type: 'goods', props: BOOTS },
      { cardCode: 'goods', cardData: BOOTS },
      { code: 'goods', data: JSON.stringify(BOOTS) },
      { code: 'Goods', ...BOOTS },
      BOOTS,
      JSON.stringify(BOOTS),
    ];
    for (const reading of readings) expect(decoded(reading).m.card, JSON.stringify(reading)).toEqual(BOOTS_CARD);
  });

  it('a given fallback (fallback, else text) is the text; else one is built from the card', () => {
    expect(decoded({ code: 'goods', data: BOOTS, fallback: 'Our boots' }).m.msgContent).toBe('Our boots');
    expect(decoded({ code: 'goods', data: BOOTS, text: 'Boots!' }).m.msgContent).toBe('Boots!');
    expect(decoded({ code: 'file', data: { name: 'guide.pdf', size: 2048, url: 'https://example.com/guide.pdf' } }).m.msgContent).toBe('guide.pdf');
    expect(decoded({ code: 'goods', data: { name: 'Mug', price: 1200, currency: 'JPY' } }).m.msgContent).toBe('Mug · JPY 1,200');
    expect(decoded({ code: 'goods', data: { name: 'Mug', price: 3 } }).m.msgContent).toBe('Mug · 3');
    expect(decoded({ code: 'coupon', data: { title: '10% off' } }).m.msgContent).toBe('10% off');
  });

  it('the preview of a card message (model/preview.ts), and what the engine knows without decoding it, is the fallback it gives — never its JSON', () => {
    const items = [BOOTS, { name: 'Rain jacket', price: 89, currency: 'EUR' }];
    expect(previewOf(decoded({ code: 'carousel', data: { items }, fallback: 'Boots and a jacket' }).raw).preview).toBe('Boots and a jacket');
    expect(previewOf(decoded({ code: 'carousel', data: { items }, text: 12 }).raw).preview).toBe('12');
    expect(previewOf(decoded({ code: 'carousel', data: { items } }).raw).preview).toBe('');
    expect(previewOf(decoded('Plain words').raw).preview).toBe('Plain words');
    expect(cardFallbackText('{"code":"goods","fallback":"  Mug  "}')).toBe('Mug');
    expect(cardFallbackText('{"code":"goods","fallback":{"x":1}}')).toBe('');
    expect(cardFallbackText('{broken')).toBe('{broken');
  });

  it('file: name, size and url (fileName/fileSize/fileUrl too); the name from the url when none is given', () => {
    expect(decoded({ code: 'file', data: { fileName: 'a.pdf', fileSize: '10', fileUrl: 'https://x.test/a.pdf' } }).m.card).toEqual({
      kind: 'file',
      code: 'file',
      name: 'a.pdf',
      size: 10,
      url: 'https://x.test/a.pdf',
    });
    expect(decoded({ code: 'file', data: { url: '/files/Size%20guide.txt' } }).m.card).toMatchObject({
      name: 'Size guide.txt',
      url: '/files/Size%20guide.txt',
    });
    expect(decoded({ name: 'b.txt', size: 3 }).m.card).toMatchObject({ kind: 'file', name: 'b.txt', size: 3 });
  });

  it('tree: a root with nested children, content and links; a bare list of nodes; the fallback lists the topics', () => {
    const help = {
      title: 'Help centre',
      children: [
        { title: 'Shipping', link: 'https://example.com/help/shipping', children: [{ title: 'Tracking', content: 'Use the link in your email.' }] },
        { name: 'Returns', content: 'Within 30 days.' },
        'Payment',
      ],
    };
    const { m } = decoded({ code: 'tree', data: help });
    expect(m.card).toEqual({
      kind: 'tree',
      code: 'tree',
      title: 'Help centre',
      children: [
        {
          title: 'Shipping',
          link: 'https://example.com/help/shipping',
          children: [{ title: 'Tracking', content: 'Use the link in your email.', children: [] }],
        },
        { title: 'Returns', content: 'Within 30 days.', children: [] },
        { title: 'Payment', children: [] },
      ],
    });
    expect(m.msgContent).toBe('Help centre\n• Shipping https://example.com/help/shipping\n  • Tracking\n• Returns\n• Payment');
    expect(decoded({ code: 'tree', data: help.children }).m.card).toMatchObject({
      kind: 'tree',
      children: [{ title: 'Shipping' }, { title: 'Returns' }, { title: 'Payment' }],
    });
    expect(decoded({ children: help.children }).m.card).toMatchObject({ kind: 'tree' });
  });

  it(`tree: nodes deeper than ${MAX_TREE_DEPTH} levels and beyond ${MAX_TREE_NODES} nodes are cut, each with one log line`, () => {
    let deep: { title: string; children: unknown[] } = { title: 'leaf', children: [] };
    for (let i = 0; i < 50; i++) deep = { title: `level ${i}`, children: [deep, { title: 'sibling', children: [{ title: 'x' }] }] };
    const { m, lines } = decoded({ code: 'tree', data: deep });
    const depth = (nodes: readonly TreeNode[]): number => (nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.children))));
    expect(m.card?.kind).toBe('tree');
    expect(depth(m.card?.kind === 'tree' ? m.card.children : [])).toBe(MAX_TREE_DEPTH);
    expect(lines.filter((l) => l.includes('deeper than'))).toHaveLength(1);

    const wide = { title: 'Wide', children: Array.from({ length: 300 }, (_, i) => ({ title: `t${i}` })) };
    const w = decoded({ code: 'tree', data: wide });
    expect(w.m.card?.kind === 'tree' && w.m.card.children).toHaveLength(MAX_TREE_NODES);
    expect(w.lines.filter((l) => l.includes(`more than ${MAX_TREE_NODES}`))).toHaveLength(1);
  });

  it('carousel: {code: "carousel", data: {items}}, data a list, or a bare list; items of any card but a carousel', () => {
    const items = [BOOTS, { code: 'file', data: { name: 'a.pdf' } }, { code: 'coupon', data: { pct: 10 } }];
    const expected = {
      kind: 'carousel',
      code: 'carousel',
      items: [BOOTS_CARD, { kind: 'file', code: 'file', name: 'a.pdf' }, { kind: 'custom', code: 'coupon', data: { pct: 10 } }],
    };
    expect(decoded({ code: 'carousel', data: { items } }).m.card).toEqual(expected);
    expect(decoded({ code: 'carousel', data: items }).m.card).toEqual(expected);
    expect(decoded(items).m.card).toEqual(expected);
    expect(decoded(JSON.stringify(items)).m.card).toEqual(expected);
    expect(decoded({ items }).m.card).toEqual(expected);
  });

  it('carousel: a nested carousel is flattened into it (one log line), bad items are dropped, at most MAX_CAROUSEL_ITEMS', () => {
    const { m, lines } = decoded({
      code: 'carousel',
      data: { items: [BOOTS, [BOOTS, { code: 'carousel', data: [BOOTS] }], { code: 'goods', data: { price: 3 } }, 42] },
    });
    expect(m.card?.kind === 'carousel' && m.card.items).toEqual([BOOTS_CARD, BOOTS_CARD, BOOTS_CARD]);
    expect(lines.filter((l) => l.includes('inside a carousel'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('no usable goods card'))).toBe(true);

    const many = decoded(Array.from({ length: 50 }, () => BOOTS));
    expect(many.m.card?.kind === 'carousel' && many.m.card.items).toHaveLength(MAX_CAROUSEL_ITEMS);

    let nested: unknown = [BOOTS];
    for (let i = 0; i < 1_000; i++) nested = [nested];
    expect(() => decoded(nested)).not.toThrow();
  });

  it('an unknown code is a custom card: code and data kept as they came, for a registered component', () => {
    expect(decoded({ code: 'order-status', data: { order: 1042, steps: ['paid', 'shipped'] }, fallback: 'Order #1042: shipped' }).m).toMatchObject({
      card: { kind: 'custom', code: 'order-status', data: { order: 1042, steps: ['paid', 'shipped'] } },
      msgContent: 'Order #1042: shipped',
    });
    expect(decoded({ code: 'poll', question: 'Happy?' }).m.card).toEqual({ kind: 'custom', code: 'poll', data: { question: 'Happy?' } });
  });

  it('SPEC §8 NO_CODE: no code and no recognisable fields, or no JSON at all — the message stays, with its fallback, one log line', () => {
    const noCode = decoded({ data: { colour: 'red' }, fallback: 'A red thing' });
    expect(noCode.m).toMatchObject({ msgType: MsgType.Card, cardError: CardError.NoCode, msgContent: 'A red thing' });
    expect(noCode.m.card).toBeUndefined();
    expect(noCode.lines).toHaveLength(1);
    expect(noCode.lines[0]).toContain('NO_CODE');

    const plain = decoded('Just some text');
    expect(plain.m).toMatchObject({ cardError: CardError.NoCode, msgContent: 'Just some text' });
    expect(plain.lines).toHaveLength(1);
    expect(decoded(undefined).m).toMatchObject({ cardError: CardError.NoCode, msgContent: '' });
    expect(decoded('{"code": "goods", broken').m).toMatchObject({ cardError: CardError.NoCode, msgContent: '{"code": "goods", broken' });
  });

  it('BAD_DATA: a built-in card whose data is unusable (goods without a name, an empty carousel, a tree without title or nodes)', () => {
    for (const content of [
      { code: 'goods', data: { price: 3 } },
      { code: 'carousel', data: { items: [] } },
      { code: 'tree', data: {} },
      { code: 'file', data: 'x' },
    ]) {
      const { m, lines } = decoded({ ...content, fallback: 'see the shop' });
      expect(m, JSON.stringify(content)).toMatchObject({ cardError: CardError.BadData, msgContent: 'see the shop' });
      expect(m.card).toBeUndefined();
      expect(lines).toHaveLength(1);
    }
  });

  it('bad fields are dropped, each with a log line: prices that are no numbers, negative counts, currencies that are no ISO 4217 code, tags not texts', () => {
    const { m, lines } = decoded({
      code: 'goods',
      data: { name: 'Mug', price: '$12', originalPrice: -3, currency: '€', count: -1, tags: ['ok', { x: 1 }, 7], status: { a: 1 }, desc: ['x'] },
    });
    expect(m.card).toEqual({ kind: 'goods', code: 'goods', name: 'Mug', tags: ['ok', '7'] });
    expect(lines).toHaveLength(7);
    expect(decoded({ code: 'goods', data: { name: 'Mug', price: '12.50', currency: ' usd ' } }).m.card).toMatchObject({ price: 12.5, currency: 'USD' });
  });

  it('URLs: absolute http(s) (normalised) or a path; javascript:, data:, other schemes, //host and hidden control characters are dropped with a log line', () => {
    expect(cardUrl('https://Example.com/a%20b.png')).toBe('https://example.com/a%20b.png');
    expect(cardUrl('https://example.com/a b.png')).toBeUndefined();
    expect(cardUrl('/api/chat/visitor/files/x.svg')).toBe('/api/chat/visitor/files/x.svg');
    expect(cardUrl('img/x.png')).toBe('img/x.png');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:image/png;base64,AAAA',
      'vbscript:x',
      '//evil.test/x.png',
      '/\\evil.test/x',
      'ftp://x.test/a',
      42,
      '\u0001javascript:alert(1)',
    ]) {
      expect(cardUrl(bad), String(bad)).toBeUndefined();
    }
    const { m, lines } = decoded({ code: 'goods', data: { name: 'Mug', img: 'javascript:alert(1)', link: 'data:text/html,<script>alert(1)</script>' } });
    expect(m.card).toEqual({ kind: 'goods', code: 'goods', name: 'Mug' });
    expect(lines).toHaveLength(2);
  });

  it('a card written with cardToWire and sent (toWire) decodes again into the same card, with the same fallback', () => {
    const { m } = decoded({
      code: 'carousel',
      data: [BOOTS, { code: 'tree', data: { title: 'Help', children: [{ title: 'A', link: 'https://a.test/' }] } }, { code: 'x', data: [1, 2] }],
    });
    if (!m.card) throw new Error('no card');
    const visitor = createMessage({ id: 'v1', senderType: SenderType.Visitor, msgType: MsgType.Card, msgContent: cardToWire(m.card), createdAt: NOW });
    const wire = toWire(visitor, 'u1');
    expect(JSON.parse(wire.msgContent)).toMatchObject({ code: 'carousel', fallback: m.msgContent });
    expect(decoded(wire.msgContent).m).toMatchObject({ card: m.card, msgContent: m.msgContent });
  });

  it('robotAsk: a card answer’s msgContent may be the card itself; it is read as its JSON text', () => {
    expect(decodeRobot({ msgType: 'card', msgContent: { code: 'goods', data: BOOTS } })).toEqual({
      msgType: 'card',
      msgContent: JSON.stringify({ code: 'goods', data: BOOTS }),
    });
    expect(() => decodeRobot({ msgType: 'answermsg', msgContent: { code: 'goods' } })).toThrow();
  });

  // 100 random JSON documents, some large: ≈ 2.4 s alone on 2 cores, past Vitest's 5 s default on a busy machine.
  it('property: any JSON (or its text) as a card message’s msgContent decodes without throwing and keeps the message', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.json(), fc.string()), (content) => {
        const m = decodeMessage({ id: 'p', senderType: 2, msgType: 'card', msgContent: content }, defaults());
        expect(m.id).toBe('p');
        expect(m.msgType).toBe(MsgType.Card);
        expect(typeof m.msgContent).toBe('string');
        expect(typeof previewOf(m).preview).toBe('string');
        const { card, cardError } = decodeCardContent(m.msgContent);
        expect(card !== undefined || cardError !== undefined).toBe(true);
        if (card) expect(typeof cardFallback(card)).toBe('string');
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: any card-shaped JSON (a built-in code and random data) decodes into a card or an error, never a throw', () => {
    const code = fc.constantFrom('goods', 'file', 'tree', 'carousel', 'custom-x');
    fc.assert(
      fc.property(code, fc.jsonValue(), fc.boolean(), (c, data, asText) => {
        const content = { code: c, data };
        const result = decodeCardContent(asText ? JSON.stringify(content) : content);
        expect(result.card !== undefined || result.cardError === CardError.BadData).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
