import { describe, expect, it } from 'vitest';
import { testedRuntime } from '../support/runtime';
import { PHONE, useBrowser } from './browser';
import { axeViolations, composer, messages, openChat, overflowsHorizontally } from './helpers';

const RETURN = 'How do I return an item?';
const PASSWORD = 'How do I reset my password?';

describe('robot suggestions while typing (SPEC §7 robotTips) in Chromium against the npm start server', () => {
  const s = useBrowser(PHONE);

  it('typing shows suggestions above the composer; ArrowDown and Enter send the highlighted one as the visitor’s message', { tags: ['smoke'] }, async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    const input = composer(page);
    await input.pressSequentially('ref', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Suggested questions' });
    const first = list.getByRole('option').first();
    await expect.poll(() => first.textContent()).toBe(RETURN);
    expect(await input.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));

    await input.press('ArrowDown');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await input.press('Enter');

    await messages(page).locator('.message--right').getByText(RETURN, { exact: true }).waitFor();
    await messages(page).getByText('You can return any item within 30 days').waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await list.count()).toBe(0);
    // The focus stayed in the field throughout.
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('Escape dismisses the list and keeps the draft; typing on brings suggestions again, and Tab chooses the highlighted one', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    const input = composer(page);
    const list = page.getByRole('listbox', { name: 'Suggested questions' });
    await input.pressSequentially('pass', { delay: 40 });
    await list.getByRole('option', { name: PASSWORD }).waitFor();

    await input.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe('pass');

    await input.pressSequentially('word', { delay: 40 });
    await list.getByRole('option', { name: PASSWORD }).waitFor();
    await input.press('ArrowDown');
    await input.press('Tab');
    await messages(page).locator('.message--right').getByText(PASSWORD, { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('');
  });

  it('in Arabic (right to left), dark, on a 360 px phone: the list fits above the composer, nothing scrolls sideways, axe finds nothing serious', async () => {
    const { page } = s;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => window.localStorage.setItem('chat-lan', 'ar'));
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    const input = page.locator('.composer__input');
    await input.waitFor();
    await input.pressSequentially('how', { delay: 40 });
    const list = page.getByRole('listbox');
    await expect.poll(() => list.getByRole('option').count()).toBe(4);
    await input.press('ArrowDown');

    const box = await list.boundingBox();
    const composerBox = await page.locator('.composer').boundingBox();
    expect(box && composerBox && box.y >= 0 && box.y + box.height <= composerBox.y + 1).toBe(true);
    expect(await page.locator('.robot-tips').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const { scrollWidth, innerWidth } = await overflowsHorizontally(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `test-results/robot-tips-ar-dark-${testedRuntime()}.png` });
    expect(await axeViolations(page, 'robot tips, ar, dark')).toEqual([]);
  });
});
