import type { Page } from 'playwright-core';
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
