import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SenderType } from '@visitor-chat/chat-engine';
import { decodeMessage } from '#engine/model/decodeMessage';
import { MessageContent } from '../../ui/widget/components/MessageContent';
import { formatFileSize } from '../../ui/widget/format';
import { testEngine } from '../hooks/strictMode';
import { renderUi } from './renderUi';

/** A robot's card message from the wire, decoded as the history decodes it. */
const wireCard = (msgContent: unknown) =>
  decodeMessage({ id: 'card-1', senderType: SenderType.Robot, msgType: 'card', msgContent }, { now: 0, newId: () => 'x' });

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

const BOOTS = {
  name: 'Trail boots',
  desc: 'Waterproof leather.',
  price: 129.9,
  originalPrice: 159.9,
  currency: 'EUR',
  count: 2,
  unit: 'pairs',
  tags: ['Bestseller', '-19%'],
  status: 'In stock',
  img: '/files/boots.svg',
  link: 'https://shop.example/boots',
};

const HELP = {
  code: 'tree',
  data: {
    title: 'Help centre',
    children: [
      {
        title: 'Returns',
        link: 'https://shop.example/help/returns',
        children: [
          { title: 'Refunds', content: 'Within 5 business days.' },
          { title: 'Exchanges', link: 'https://shop.example/help/exchanges' },
        ],
      },
    ],
  },
};

/** Embla reads the layout through observers jsdom lacks (or the fake layout's, renderUi): inert ones (the browser test drives the carousel). */
class NoObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

/** jsdom has no matchMedia, which embla reads (its breakpoints): no query matches (motion is not reduced). */
const noMedia = (media: string) =>
  ({ media, matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', NoObserver);
  vi.stubGlobal('ResizeObserver', NoObserver);
  vi.stubGlobal('matchMedia', noMedia);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
});

const render = (content: unknown, locale = 'en') => {
  const { engine } = testEngine();
  const result = renderUi(<MessageContent message={wireCard(content)} />, { engine, locale });
  return { ...result, engine };
};

const LOCALES = ['en', 'ar', 'zh'] as const;

describe.each(LOCALES)('the built-in cards in %s (issue 26; docs/protocol.md "Cards")', (locale) => {
  const price = (n: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(n);
  const count = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);

  it('goods: image, name linked to its page in a new tab, description, prices in the visitor’s language (the original struck through), quantity, tags, status', async () => {
    const { container } = render({ code: 'goods', data: BOOTS }, locale);
    const link = await screen.findByRole('link', { name: 'Trail boots' });
    expect(link.getAttribute('href')).toBe('https://shop.example/boots');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/boots.svg');
    expect(container.querySelector('.card-goods__price bdi')?.textContent).toBe(price(129.9));
    expect(container.querySelector('s bdi')?.textContent).toBe(price(159.9));
    expect(screen.getByText(`Quantity: ${count(2)} pairs`)).toBeTruthy();
    for (const text of ['Waterproof leather.', 'Bestseller', '-19%', 'In stock']) expect(screen.getByText(text)).toBeTruthy();
  });

  it('file: the file box with its name, size and download', async () => {
    render({ code: 'file', data: { name: 'size-guide.pdf', size: 2048, url: '/files/size-guide.pdf' } }, locale);
    expect(await screen.findByText('size-guide.pdf')).toBeTruthy();
    // Read with its no-break space as a space, as getByText reads the page.
    expect(screen.getByText(formatFileSize(2048, locale).replace(/\s/g, ' '))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/files/size-guide.pdf');
  });

  it('carousel: a labelled carousel of slides "n of m", prev/next, a dot per card, a pause button; each card drawn', async () => {
    const { container } = render(
      { code: 'carousel', data: { items: [BOOTS, { ...BOOTS, name: 'Rain jacket', price: 89 }, { code: 'coupon', data: { title: 'Ten off' } }] } },
      locale,
    );
    const carousel = await screen.findByRole('region', { name: 'Cards' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = container.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides[1]?.querySelector('.card-goods__price bdi')?.textContent).toBe(price(89));
    // A custom card in the carousel with no component: its fallback text.
    expect(within(slides[2] as HTMLElement).getByText('Ten off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Go to card/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Go to card 1' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Pause automatic scrolling' })).toBeTruthy();
  });
});

describe('the tree card: a help centre', () => {
  it('a topic with sub-topics is a disclosure button; a topic with content shows it in the chat as the robot’s; links open in a new tab', async () => {
    const { engine } = render(HELP);
    expect(await screen.findByRole('navigation', { name: 'Help centre' })).toBeTruthy();
    const returns = screen.getByRole('button', { name: 'Returns' });
    expect(returns.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Refunds' })).toBeNull();
    fireEvent.click(returns);
    expect(returns.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(returns.getAttribute('aria-controls') ?? '')).toBeTruthy();
    const page = screen.getByRole('link', { name: 'Returns (opens in a new tab)' });
    expect(page.getAttribute('href')).toBe('https://shop.example/help/returns');
    expect(page.getAttribute('target')).toBe('_blank');
    expect(page.getAttribute('rel')).toBe('noopener noreferrer');
    // A topic without content or children is text (with its link).
    expect(screen.queryByRole('button', { name: 'Exchanges' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Exchanges (opens in a new tab)' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Refunds' })));
    expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ senderType: SenderType.Robot, msgContent: 'Refunds\nWithin 5 business days.' });
    fireEvent.click(returns);
    expect(screen.queryByRole('button', { name: 'Refunds' })).toBeNull();
  });
});

describe('cards that no component draws', () => {
  it('a custom code without a registered component: its fallback (also while the cards load), NO_HANDLER logged once', async () => {
    render({ code: 'order-status', data: { order: '1042' }, fallback: 'Order #1042: shipped' });
    expect(screen.getByText('Order #1042: shipped')).toBeTruthy();
    await vi.waitFor(() => expect(warn.mock.calls.filter(([line]) => String(line).includes('NO_HANDLER'))).toHaveLength(1));
    expect(screen.getByText('Order #1042: shipped')).toBeTruthy();
  });

  it('no code (NO_CODE): the text shows, NO_CODE logged once', async () => {
    const log = { warn: vi.fn() };
    renderUi(<MessageContent message={wireCard('Plain words, no card')} />, { engine: testEngine({ options: { log } }).engine, strict: true });
    // Decoded where it is drawn, once (StrictMode renders twice), into the engine's log.
    await vi.waitFor(() => expect(log.warn.mock.calls.filter(([line]) => String(line).includes('NO_CODE'))).toHaveLength(1));
    expect(screen.getByText('Plain words, no card')).toBeTruthy();
  });

  it('a card without any fallback says the attachment is not available', async () => {
    renderUi(<MessageContent message={wireCard({ code: 'coupon', data: { pct: 10 } })} />, { engine: testEngine().engine });
    expect(await screen.findByText('This attachment is not available.')).toBeTruthy();
  });
});

describe('XSS: every card field is data', () => {
  it('markup and javascript: URLs in every field of every built-in card render inert: no script, no javascript: link', async () => {
    const js = 'javascript:alert(9)';
    const goods = { name: XSS, desc: XSS, unit: XSS, status: XSS, tags: [XSS], price: 1, currency: 'EUR', img: js, link: js };
    const { container } = render({
      code: 'carousel',
      data: {
        items: [
          { code: 'goods', data: goods },
          { code: 'file', data: { name: XSS, url: js } },
          { code: 'tree', data: { title: XSS, link: js, children: [{ title: XSS, content: XSS, link: js, children: [{ title: XSS }] }] } },
          { code: 'custom-x', data: { title: XSS } },
        ],
      },
    });
    await screen.findByRole('region', { name: 'Cards' });
    expect(container.querySelector('script, iframe, [onerror]')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect([...container.querySelectorAll('a')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? ''))).toHaveLength(0);
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });
});
