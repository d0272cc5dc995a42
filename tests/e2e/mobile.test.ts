import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { composer, messages, openChat, overflowsHorizontally, say } from './helpers';
import { MAIN_STATES } from './states';

/** Smallest tap target, in CSS px, both ways (issue 7; WCAG 2.5.8 asks for 24, platforms for 44–48). */
const MIN_TARGET_PX = 40;

/** Whether an element lies wholly inside the layout viewport. */
function inViewport(page: Page, selector: string): Promise<{ top: number; bottom: number; height: number; ok: boolean }> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: window.innerHeight, ok: r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0 };
  });
}

/**
 * The tap targets a visitor can reach now (inside the open modal dialog, if any) smaller than the
 * minimum, with their accessible names. A visually hidden input counts by its label; inline links
 * in message text are exempt (WCAG 2.5.8's inline exception).
 */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minPx) => {
    const modal = document.querySelector('dialog[open]');
    const scope: ParentNode = modal ?? document;
    const found: string[] = [];
    const candidates = scope.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]');
    for (const el of Array.from(candidates)) {
      if (el.closest('[inert], [aria-hidden="true"]') || (el instanceof HTMLInputElement && el.type === 'hidden')) continue;
      if (el.tagName === 'A' && el.closest('.content-text, .message__system, .message__tip')) continue;
      const hidden = el.classList.contains('visually-hidden');
      const target = hidden && el instanceof HTMLInputElement ? el.closest('label') : el;
      if (!target) continue;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (r.width < minPx || r.height < minPx) {
        const name = el.getAttribute('aria-label') ?? (target.textContent?.trim() || (el.getAttribute('title') ?? ''));
        found.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0] ?? ''}` : ''} "${name.slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
    }
    return found;
  }, min);
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
    // The newest message stays visible above it.
    await expect.poll(() => messages(page).getByText('Standard shipping takes').isVisible()).toBe(true);
    const answer = await messages(page).getByText('Standard shipping takes').boundingBox();
    const bar = await page.locator('.composer').boundingBox();
    expect(answer && bar && answer.y < bar.y).toBe(true);
    await say(page, 'Thanks');
    await expect.poll(() => inViewport(page, '.composer')).toMatchObject({ ok: true });
  });

  it('nothing overflows sideways and every tap target is at least 40 px, in every main state', async () => {
    const problems: string[] = [];
    const states = [
      ...MAIN_STATES,
      {
        name: 'robot chat in Arabic (RTL)',
        open: async (p: Page, baseUrl: string) => {
          await p.goto(`${baseUrl}/chat/`);
          await p.evaluate(() => window.localStorage.setItem('chat-lan', 'ar'));
          await p.goto(`${baseUrl}/chat/?channelid=demo`);
          await p.locator('textarea').waitFor();
          await p.locator('.message__faq-question').first().click();
          await p.locator('.message--right').waitFor();
        },
      },
    ];
    for (const state of states) {
      const context = await s.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
      const p = await context.newPage();
      try {
        await state.open(p, s.baseUrl);
        const { scrollWidth, innerWidth } = await overflowsHorizontally(p);
        if (scrollWidth > innerWidth) problems.push(`${state.name}: the page is ${scrollWidth} px wide in a ${innerWidth} px viewport`);
        for (const small of await smallTargets(p, MIN_TARGET_PX)) problems.push(`${state.name}: tap target ${small}`);
      } finally {
        await context.close();
      }
    }
    expect(problems).toEqual([]);
    // Every main state opened afresh: about 30 s alone, more while another file's browser runs.
  }, 150_000);
});
