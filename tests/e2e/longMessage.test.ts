import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longMessageText } from '../bench/longMessage';
import { DESKTOP, useBrowser } from './browser';
import { composer, connected, dev, messages, openChat, tabTo, visitorId } from './helpers';

/**
 * Issue 30, a long message stays cheap: a 1 MB agent text with a link every 48 characters shows its
 * first piece with Show more — a bounded DOM, whatever the text's length — and the whole text, links
 * and all, once the visitor asks by keyboard; Show less collapses it again. The time it takes is a
 * figure of `npm run bench` (BENCH_ONLY=long), not asserted here.
 */

/** What the log holds: anchors, elements, and the long text's characters. */
const logHolds = (page: Page) =>
  messages(page).evaluate((log) => ({
    anchors: log.querySelectorAll('a').length,
    elements: log.querySelectorAll('*').length,
    chars: log.querySelector('.long-text')?.textContent?.length ?? 0,
  }));

describe('a long message (issue 30)', () => {
  const s = useBrowser(DESKTOP);

  it('shows 1 MB with 20,834 links collapsed (a bounded DOM, a bounded announcement); Show more by keyboard shows it whole, links and all; Show less collapses it', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const announced = () => page.locator('.message-list > [aria-live="polite"]').textContent();
    // The agent's greeting read out: the list is past its history, what comes now is read out.
    await expect.poll(announced).toContain("Hi, I'm Alice");
    const text = longMessageText(true);
    await dev(s.baseUrl, 'agentSay', { userId: await visitorId(page, 'agent'), text });

    const more = messages(page).getByRole('button', { name: 'Show more' });
    await more.waitFor();
    // Collapsed: its first piece (under 2,000 characters, ending with an ellipsis), its links links.
    const collapsed = await logHolds(page);
    expect(collapsed.chars).toBeGreaterThan(1_000);
    expect(collapsed.chars).toBeLessThanOrEqual(2_001);
    expect(collapsed.anchors).toBeLessThan(60);
    expect(collapsed.elements).toBeLessThan(200);
    await expect.poll(() => messages(page).locator('a').first().getAttribute('href')).toBe('https://example.com/item/000000');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    // The live region reads what shows, not a megabyte.
    await expect.poll(announced).toContain('example.com/item/000000');
    expect((await announced())?.length).toBeLessThan(2_100);

    // By keyboard, back from the composer: the button, then Enter.
    await composer(page).focus();
    await tabTo(page, (f) => f.name === 'Show more', { back: true });
    await page.keyboard.press('Enter');
    const less = messages(page).getByRole('button', { name: 'Show less' });
    await less.waitFor();
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    // Focus goes on where the new text starts.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('long-text__piece');
    // The whole text fills in, piece by piece: every character, every link.
    await expect.poll(() => logHolds(page).then((h) => h.chars), { timeout: 20_000 }).toBe(text.length);
    const whole = await logHolds(page);
    expect(whole.anchors).toBe(Math.ceil(text.length / 48));
    // The last whole address, and the text's end (it stops inside the next one).
    expect(await messages(page).locator('a').nth(-2).getAttribute('href')).toBe(`https://example.com/item/${String(whole.anchors - 2).padStart(6, '0')}`);
    expect(await messages(page).locator('a').last().getAttribute('href')).toBe('https://example');
    expect(await messages(page).locator('.long-text').textContent()).toBe(text);

    // Show less, by keyboard too: collapsed again, focus on the button.
    await less.focus();
    await page.keyboard.press('Space');
    await more.waitFor();
    expect(await logHolds(page)).toEqual(collapsed);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show more');
  });
});
