import { describe, expect, it } from 'vitest';
import { decodeCardContent, type Card } from '#engine/model/card';

/**
 * Issue 26 "XSS: every card field is data": markup goes through every text field and comes out the
 * same string (a UI renders it as text); script URLs go through every URL field and are dropped.
 */
const MARKUP = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];
const SCRIPT_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

/** Every string anywhere in a card. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** A card of every kind with `text` in every text field and `url` in every URL field. */
function everyField(text: string, url: string) {
  const goods = { name: text, desc: text, price: 1, currency: 'EUR', unit: text, tags: [text], status: text, img: url, link: url };
  const node = { title: text, content: text, link: url, children: [{ title: text, content: text, link: url }] };
  return {
    code: 'carousel',
    fallback: undefined,
    data: {
      items: [
        { code: 'goods', data: goods },
        { code: 'file', data: { name: text, size: 1, url } },
        { code: 'tree', data: node },
        { code: 'custom', data: { html: text, href: url } },
      ],
    },
  };
}

describe('card fields are data (issue 26, XSS)', () => {
  it.each(MARKUP)('markup in every text field comes out as the same plain string: %s', (text) => {
    const { card, fallback } = decodeCardContent(everyField(text, 'https://shop.example/p/1'));
    expect(card?.kind).toBe('carousel');
    const items = (card as Extract<Card, { kind: 'carousel' }>).items;
    expect(items.map((c) => c.kind)).toEqual(['goods', 'file', 'tree', 'custom']);
    // Each text is kept verbatim, as data: nothing is parsed, escaped twice or turned into markup.
    expect(items[0]).toMatchObject({ name: text, desc: text, unit: text, tags: [text], status: text });
    expect(items[1]).toMatchObject({ name: text });
    expect(items[2]).toMatchObject({ title: text, content: text, children: [{ title: text, content: text }] });
    expect(fallback).toContain(text);
  });

  it.each(SCRIPT_URLS)('a script URL in every URL field is dropped: %s', (url) => {
    const { card, fallback } = decodeCardContent(everyField('Boots', url));
    const items = (card as Extract<Card, { kind: 'carousel' }>).items;
    expect(items[0]).not.toHaveProperty('img');
    expect(items[0]).not.toHaveProperty('link');
    expect(items[1]).not.toHaveProperty('url');
    expect(items[2]).not.toHaveProperty('link');
    expect(items[2]).toMatchObject({ children: [expect.not.objectContaining({ link: expect.anything() })] });
    // A custom card's data is kept as it came, for its component, which passes URLs through cardUrl.
    expect(items[3]).toMatchObject({ kind: 'custom', data: { href: url } });
    const builtIn = strings(items.slice(0, 3));
    expect(builtIn.some((s) => /script:|^data:/i.test(s.replace(/\s/g, '')))).toBe(false);
    expect(fallback.replace(/\s/g, '')).not.toMatch(/javascript:|vbscript:/i);
  });
});
