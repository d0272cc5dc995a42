import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { axeViolations, messages, openChat, say } from './helpers';

/**
 * The built-in cards in Chromium (issue 26; docs/protocol.md "Cards"): the reference robot answers
 * "recommend" with a carousel of four goods cards and "help topics" with its help centre's tree.
 */

/** The index of the slide shown: the one not hidden. */
const shownSlide = (page: Page): Promise<string | null> => page.locator('.card-carousel__slide:not([aria-hidden])').first().getAttribute('aria-label');

async function recommend(page: Page): Promise<void> {
  await say(page, 'Can you recommend something?');
  await page.getByRole('region', { name: 'Cards' }).waitFor();
  await expect.poll(() => shownSlide(page)).toBe('1 of 4');
}

describe('cards in Chromium', () => {
  const s = useBrowser(PHONE);

  it('the goods carousel: swiped with the mouse, driven by the keyboard, autoplay pausing on focus; axe clean', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    await recommend(page);
    const carousel = page.getByRole('region', { name: 'Cards' });
    // Prices as Intl gives them in English.
    await expect.poll(() => carousel.getByText('€129.90').count()).toBeGreaterThan(0);
    expect(await axeViolations(page, 'a goods carousel')).toEqual([]);

    // A mouse drag toward the start moves one card on.
    await page.mouse.move(0, 0);
    const box = await page.locator('.card-carousel__viewport').boundingBox();
    if (!box) throw new Error('no carousel viewport');
    const y = box.y + box.height / 3;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (0.8 - 0.06 * i), y);
    await page.mouse.up();
    await expect.poll(() => shownSlide(page)).toBe('2 of 4');

    // The keyboard: focus in the carousel pauses autoplay; the arrows move.
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownSlide(page)).toBe('3 of 4');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownSlide(page)).toBe('2 of 4');
    // Focused: more than autoplay's 4 s go by without a move.
    await page.waitForTimeout(5_000);
    expect(await shownSlide(page)).toBe('2 of 4');
    await page.getByRole('button', { name: 'Go to card 4' }).click();
    await expect.poll(() => shownSlide(page)).toBe('4 of 4');
  }, 60_000);

  it('autoplay moves the carousel on after 4 s while nothing holds it', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    await recommend(page);
    // Away from the carousel (hover pauses it) and with focus out of it (the composer keeps it after sending).
    await page.mouse.move(1, 1);
    await expect.poll(() => shownSlide(page), { timeout: 9_000, interval: 250 }).toBe('2 of 4');
  }, 60_000);

  it('the help centre: a topic opened, a node chosen shows its content in the chat; axe clean', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    await say(page, 'help topics');
    const returns = page.getByRole('button', { name: 'Returns and refunds' });
    await returns.waitFor();
    expect(await returns.getAttribute('aria-expanded')).toBe('false');
    await returns.focus();
    await page.keyboard.press('Enter');
    expect(await returns.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page, 'a help-centre tree')).toEqual([]);
    await page.getByRole('button', { name: 'Return an item', exact: true }).click();
    await expect
      .poll(() => messages(page).locator('.message--left').last().innerText())
      .toContain('Open “My orders”, choose the item and click “Return” within 30 days.');
    const link = page.getByRole('link', { name: 'Returns and refunds (opens in a new tab)' });
    expect(await link.getAttribute('target')).toBe('_blank');
  }, 60_000);
});

describe('cards in Chromium with reduced motion', () => {
  const s = useBrowser(PHONE);

  it('no autoplay and no pause button under prefers-reduced-motion: reduce (WCAG 2.2.2)', async () => {
    const { page } = s;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    await recommend(page);
    await page.mouse.move(1, 1);
    await page.waitForTimeout(5_500);
    expect(await shownSlide(page)).toBe('1 of 4');
    expect(await page.getByRole('button', { name: /automatic scrolling/ }).count()).toBe(0);
  }, 60_000);
});

/**
 * Card modules (docs/protocol.md "Card modules"): the showcase channel's configuration names the
 * reference backend's order-status module; a test's channelInfo names others. SPEC §8's failures
 * each leave the card's fallback and the rest of the chat working.
 */
describe('card modules the chat’s configuration names', () => {
  const s = useBrowser(PHONE);

  /** The console's warnings, as the widget logs them. */
  const warnings = (page: Page): string[] => {
    const lines: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') lines.push(m.text());
    });
    return lines;
  };

  /** The showcase with its order-status card drawn by the module at `url`, and the chat page's CSP allowing `origins` besides its own. */
  async function showcaseWith(page: Page, url: string, origins: string[] = []): Promise<void> {
    await page.route('**/api/chat/visitor/channelInfo', async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { data: Record<string, unknown> };
      envelope.data.cardModules = [{ code: 'order-status', url }];
      await route.fulfill({ response, json: envelope });
    });
    if (origins.length > 0)
      await page.route('**/chat/?channelid=showcase', async (route) => {
        const response = await route.fetch();
        const policy = (response.headers()['content-security-policy'] ?? '').replace("script-src 'self'", `script-src 'self' ${origins.join(' ')}`);
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
      });
    await openChat(page, s.baseUrl, 'showcase');
    await revealOrderCard(page);
  }

  /** The order-status card's bubble. */
  const orderCard = (page: Page) => messages(page).locator('.message').filter({ hasText: 'Order #1042' });

  /**
   * Scrolls the showcase's list up until the order-status card is among the rendered rows: the list
   * is virtualised, and how many rows above the newest it renders depends on their heights (the help
   * centre's tree is tall once the cards' code has loaded). Its module loads when the card is drawn.
   */
  async function revealOrderCard(page: Page): Promise<void> {
    await messages(page).getByText('Show me the help topics').waitFor();
    // With the wheel, as a visitor scrolls: a scroll by script that comes in the frame a row changes
    // size (a card's code arriving) is taken for the virtualiser's own and the list stays at its end.
    const box = await page.locator('.message-list__scroller').boundingBox();
    if (!box) throw new Error('no message list');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // The row may leave the rows drawn between finding it and scrolling to it: drawn again (its
    // module answered, or the list measured it anew), or no longer drawn at all — above the viewport
    // and its buffer once a row below grew (the help centre's tree, when its code arrives, pushed
    // the card out in 9 of 9 runs that waited a second first). Then it is looked for again, with the
    // wheel, a few times at most.
    for (let tries = 1; ; tries++) {
      for (let i = 0; i < 30 && (await orderCard(page).count()) === 0; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(50);
      }
      try {
        await orderCard(page).first().scrollIntoViewIfNeeded({ timeout: 2_000 });
        return;
      } catch (error) {
        if (tries === 5 || !/not attached|Timeout/.test(String(error))) throw error;
      }
    }
  }

  /**
   * Waits for `part` of the order card, revealing the card again when its row has left the rendered
   * ones meanwhile: a row that grows (a card's code arriving) moves the rows around it, and one
   * pushed above the viewport and its buffer is no longer drawn (revealOrderCard).
   */
  async function waitInOrderCard(page: Page, part: (card: Locator) => Locator): Promise<void> {
    await expect
      .poll(
        async () => {
          if ((await orderCard(page).count()) === 0) await revealOrderCard(page);
          return part(orderCard(page)).count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
  }

  /** The chat goes on: the robot still answers. */
  async function chatGoesOn(page: Page): Promise<void> {
    await say(page, 'When do you open?');
    await messages(page).getByText('We are open', { exact: false }).last().waitFor();
  }

  it('the showcase’s order-status module (the reference backend’s, same origin) draws its card', async () => {
    const { page } = s;
    const lines = warnings(page);
    await openChat(page, s.baseUrl, 'showcase');
    await revealOrderCard(page);
    await waitInOrderCard(page, (c) => c.locator('.card-module [aria-current="step"]'));
    const card = orderCard(page).locator('.card-module');
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual(['Paid', 'Packed', 'Shipped']);
    expect(await card.locator('[aria-current="step"]').innerText()).toBe('Shipped');
    expect(lines.filter((l) => l.includes('Failed to import'))).toEqual([]);
  }, 60_000);

  it('a module on another origin the chat page’s CSP allows (CARD_MODULE_ORIGINS) draws its card', async () => {
    const { page } = s;
    const source = await (await fetch(`${s.baseUrl}/api/chat/visitor/cards/order-status.js`)).text();
    await page.route('https://cards.test/**', (route) =>
      route.fulfill({ body: source, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' } }),
    );
    await showcaseWith(page, 'https://cards.test/order-status.js', ['https://cards.test']);
    await waitInOrderCard(page, (c) => c.locator('.card-module [aria-current="step"]'));
  }, 60_000);

  it.each([
    [
      'a module that is not there (404): "Failed to import: {url}"',
      '/api/chat/visitor/cards/missing.js',
      'Failed to import: /api/chat/visitor/cards/missing.js',
    ],
    [
      'a module on an origin the chat page’s CSP does not allow: "Failed to import: {url}"',
      'https://cards.test/order-status.js',
      'Failed to import: https://cards.test/order-status.js',
    ],
    [
      'a module without a default export: "Failed to import {name} component: no default export"',
      'https://cards.test/no-default.js',
      'Failed to import order-status component: no default export',
    ],
  ])(
    '%s — the card shows its fallback, once logged, and the chat goes on',
    async (_name, url, line) => {
      const { page } = s;
      const lines = warnings(page);
      await page.route('https://cards.test/no-default.js', (route) =>
        route.fulfill({ body: 'export const card = 1;\n', contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' } }),
      );
      await showcaseWith(page, url, url.endsWith('no-default.js') ? ['https://cards.test'] : []);
      await expect.poll(() => lines.filter((l) => l.includes(line)).length).toBe(1);
      await waitInOrderCard(page, (c) => c.getByText('Order #1042: shipped'));
      expect(await orderCard(page).locator('.card-module').count()).toBe(0);
      await chatGoesOn(page);
    },
    60_000,
  );
});
