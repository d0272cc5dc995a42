import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { composer, messages, openChat, say } from './helpers';

/** Whether an element lies wholly inside the layout viewport. */
function inViewport(page: Page, selector: string): Promise<{ top: number; bottom: number; height: number; ok: boolean }> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: window.innerHeight, ok: r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0 };
  });
}

describe('mobile at 360×640 with touch', () => {
  const s = useBrowser(PHONE);

  it('the composer stays in view after focusing it and when the on-screen keyboard takes half the height', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await say(page, 'How long does shipping take?');
    await messages(page).getByText('Standard shipping takes').waitFor();
    await composer(page).tap();
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inViewport(page, '.composer')).toMatchObject({ ok: true });
    // The keyboard opens: the visual viewport shrinks to 360 px.
    await page.setViewportSize({ width: 360, height: 360 });
    await expect.poll(() => inViewport(page, '.composer')).toMatchObject({ ok: true });
    await expect.poll(() => inViewport(page, 'textarea')).toMatchObject({ ok: true });
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // The newest message stays visible above it. Polled as a whole: the answer may still be typing
    // out, and its text's element is replaced when it ends (TypedAnswer → MessageContent) — between
    // finding an element and measuring it, that made the box null once in CI.
    await expect
      .poll(async () => {
        const answer = await messages(page).getByText('Standard shipping takes').boundingBox();
        const bar = await page.locator('.composer').boundingBox();
        return answer !== null && bar !== null && answer.y < bar.y;
      })
      .toBe(true);
    await say(page, 'Thanks');
    await expect.poll(() => inViewport(page, '.composer')).toMatchObject({ ok: true });
  });
});
