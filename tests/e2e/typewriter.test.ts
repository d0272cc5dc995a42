import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { messages, openChat, say } from './helpers';

/**
 * A robot answer that arrives whole (the JSON answer) types out in Chromium (SPEC §9 Typewriter:
 * 5 characters at once, then 1 every 80 ms, no answer longer than 2 s); a tap shows it whole,
 * reduced motion shows it at once, and the live region reads it once, whole. The reference robot
 * streams to a request that accepts a stream: here the page's robotAsk asks for JSON only.
 */

const QUESTION = 'How do I return an item?';
const ANSWER =
  'You can return any item within 30 days. Open “My orders”, choose the item and click “Return”; the refund reaches you within 5 business days of our receiving it.';
/** The 2 s cap, and slack for a loaded machine (polling, rendering). */
const WHOLE_WITHIN_MS = 2_000 + 1_500;

/** robotAsk asks for the JSON answer only (Accept: application/json), as a backend that does not stream answers. */
async function jsonRobot(page: Page): Promise<void> {
  await page.route('**/api/chat/visitor/robotAsk', (route) => route.continue({ headers: { ...route.request().headers(), accept: 'application/json' } }));
}

/** Records every text the live region takes (the screen reader's announcements), and whether a bubble was ever being typed. */
async function listen(page: Page): Promise<{ heard: () => Promise<string[]>; everTyped: () => Promise<boolean> }> {
  await page.evaluate(() => {
    const region = document.querySelector('[aria-live="polite"][aria-atomic="true"]') as HTMLElement;
    const w = window as unknown as { heard: string[]; everTyped: boolean };
    w.heard = [];
    w.everTyped = false;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text && w.heard.at(-1) !== text) w.heard.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
    new MutationObserver(() => {
      if (document.querySelector('.answer-typing')) w.everTyped = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return {
    heard: () => page.evaluate(() => (window as unknown as { heard: string[] }).heard),
    everTyped: () => page.evaluate(() => (window as unknown as { everTyped: boolean }).everTyped),
  };
}

/** What the bubble being typed shows now ('' when none is). */
const typedNow = (page: Page): Promise<string> => page.evaluate(() => document.querySelector('.answer-typing [aria-hidden="true"]')?.textContent ?? '');

describe('the typewriter in Chromium', () => {
  const s = useBrowser(PHONE);

  it('a JSON answer types out — its text grows and is whole within about 2 s — and the live region reads it once, whole', async () => {
    const { page } = s;
    await jsonRobot(page);
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    const { heard } = await listen(page);
    await say(page, QUESTION);

    await page.locator('.answer-typing').waitFor();
    const started = Date.now();
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const text = await typedNow(page);
          if (text && seen.at(-1) !== text) seen.push(text);
          return page.locator('.answer-typing').count();
        },
        { interval: 30, timeout: 10_000 },
      )
      .toBe(0);
    const tookMs = Date.now() - started;
    expect(tookMs).toBeLessThan(WHOLE_WITHIN_MS);
    // It grew: each state the one before with more, never the whole before the end.
    expect(seen.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < seen.length; i++) expect(seen[i]?.startsWith(seen[i - 1] ?? '')).toBe(true);
    expect(seen.every((text) => text.length < ANSWER.length && ANSWER.startsWith(text))).toBe(true);
    // Whole, in the message's own rendering.
    const answer = messages(page).locator('.message--left').last();
    expect(await answer.locator('.content-text').innerText()).toBe(ANSWER);
    // Read out once, whole, with the robot's name — at its arrival, not per character.
    expect(await heard()).toEqual([`Robo: ${ANSWER}`]);
  });

  it('a tap on the answer being typed shows it whole at once', async () => {
    const { page } = s;
    await jsonRobot(page);
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    const { heard } = await listen(page);
    await say(page, QUESTION);
    const typing = page.locator('.answer-typing');
    await typing.waitFor();
    // The tap in the same task as the look at what shows: the bubble grows and the list follows it
    // for at most 2 s, so a pointer click (which waits for a still target) could land after the end.
    const shownAtTap = await page.evaluate(() => {
      const bubble = document.querySelector<HTMLElement>('.answer-typing');
      const shown = bubble?.querySelector('[aria-hidden="true"]')?.textContent ?? null;
      bubble?.click();
      return shown;
    });
    expect(shownAtTap?.length).toBeLessThan(ANSWER.length);
    await expect.poll(() => typing.count(), { timeout: 300 }).toBe(0);
    const answer = messages(page).locator('.message--left').last();
    expect(await answer.locator('.content-text').innerText()).toBe(ANSWER);
    expect(await heard()).toEqual([`Robo: ${ANSWER}`]);
  });

  it('a wheel up while the answer types out stays where the visitor put it: the growing answer does not pull the list back to the end', async () => {
    const { page } = s;
    await jsonRobot(page);
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    await say(page, QUESTION);
    const typing = page.locator('.answer-typing');
    await typing.waitFor();
    const scroller = page.locator('.message-list__scroller');
    const box = await scroller.boundingBox();
    if (!box) throw new Error('no list');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => typing.count(), { timeout: 10_000 }).toBe(0);
    const gap = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(await gap()).toBeGreaterThan(64);
    await page.getByRole('button', { name: 'Back to the latest' }).click();
    await expect.poll(gap).toBeLessThan(2);
  });

  it('with reducedMotion "reduce" the answer appears whole at once, never typed, and is read once', async () => {
    const context = await s.browser.newContext({ viewport: PHONE, hasTouch: true, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await jsonRobot(page);
      await openChat(page, s.baseUrl, 'demo');
      await page.getByText("Hi! I'm Robo").waitFor();
      const { heard, everTyped } = await listen(page);
      await say(page, QUESTION);
      const answer = messages(page).locator('.message--left').last();
      await answer.getByText(ANSWER).waitFor();
      expect(await everTyped()).toBe(false);
      expect(await answer.locator('.content-text').innerText()).toBe(ANSWER);
      await expect.poll(heard).toEqual([`Robo: ${ANSWER}`]);
    } finally {
      await context.close();
    }
  });
});
