import type { Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './browser';
import { axeViolations, composer, connected, describeFocus, messages, openChat, tabTo } from './helpers';
import { startSite, type Site } from './hostSite';

/**
 * Issue 28: focus where the visitor types — the composer when the chat opens from the loader's
 * launcher by keyboard (not on touch screens: no on-screen keyboard unasked), Escape back to the
 * launcher —, "End chat" that asks first, and a header that fits: the title whole, a labelled
 * "Human agent" on touch screens, the agent's name and picture after the handoff, the languages in
 * a menu.
 */

/** A shop page of another origin with the loader; tall, so that a Space that reaches it would scroll it. */
const shopHtml = (baseUrl: string, channel: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title><link rel="icon" href="data:,"></head>
<body><main><h1>Tea shop</h1><p><a href="#teas">Our teas</a></p><p id="teas" style="block-size:3000px">Small-batch green and black teas.</p></main>
<script async src="${baseUrl}/chat/loader.js" data-channel-id="${channel}"></script></body></html>`;

const launcher = (page: Page): Locator => page.locator('visitor-chat').getByRole('button', { includeHidden: true });

/** The launcher has the page's focus (in the loader's shadow root). */
const launcherFocused = (page: Page): Promise<boolean> =>
  launcher(page).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el && document.hasFocus());

const isOpen = (page: Page): Promise<boolean> => page.evaluate(() => (window as unknown as { VisitorChat: { isOpen(): boolean } }).VisitorChat.isOpen());

async function chatFrame(page: Page): Promise<Frame> {
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('/chat/index')))?.url(), { message: 'the chat frame is there' }).toBeTruthy();
  return frame as Frame;
}

/** The agent is connected in the chat's frame (helpers' connected, for a frame). */
const connectedIn = (frame: Frame) =>
  frame
    .getByRole('log')
    .getByText(/You are now chatting with/)
    .waitFor();

/** What has focus in `frame`: its aria-label or tag. */
const focusIn = (frame: Frame | Page): Promise<string> =>
  frame.evaluate(() =>
    document.activeElement === document.body ? 'body' : (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? ''),
  );

describe('opening the chat from the launcher puts focus in the composer; Escape returns it (issue 28)', () => {
  let shop: Site;
  beforeAll(async () => {
    shop = await startSite();
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** The shop page of the agent channel, its launcher reached by Tab and opened by Enter: the chat's frame, once its composer has the focus. */
  async function openByKeyboard(page: Page, baseUrl: string): Promise<Frame> {
    await page.goto(shop.page(shopHtml(baseUrl, 'agent')));
    await launcher(page).waitFor();
    await tabTo(page, (f) => f.tag === 'visitor-chat');
    await page.keyboard.press('Enter');
    const frame = await chatFrame(page);
    await expect.poll(() => focusIn(frame), { message: 'the composer has focus' }).toBe('Message');
    return frame;
  }

  describe('on a desktop, keyboard only', () => {
    const s = useBrowser(DESKTOP);

    it('Tab to the launcher, Enter, type "Hello there", Enter: the message is sent and the shop page did not scroll; Escape closes the panel and the launcher has focus', async () => {
      const { page } = s;
      const frame = await openByKeyboard(page, s.baseUrl);

      await page.keyboard.type('Hello there');
      await page.keyboard.press('Enter');
      await frame.getByRole('log').getByText('Hello there').waitFor();
      expect(await page.evaluate(() => scrollY)).toBe(0);
      expect(await frame.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(page)).toBe(false);
      expect(await launcherFocused(page)).toBe(true);

      // Opened again, the composer has the focus again; Escape from another control closes it too.
      await page.keyboard.press('Enter');
      await expect.poll(() => focusIn(frame)).toBe('Message');
      await page.keyboard.press('Shift+Tab');
      expect(await focusIn(frame)).not.toBe('Message');
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(page)).toBe(false);
      expect(await launcherFocused(page)).toBe(true);
    });

    it('Escape that a menu or a dialog inside the chat takes closes only that: the language menu, then the end-chat confirmation, then the panel', async () => {
      const { page } = s;
      const frame = await openByKeyboard(page, s.baseUrl);
      await connectedIn(frame);

      const language = frame.getByRole('button', { name: 'Language' });
      await language.focus();
      await page.keyboard.press('Enter');
      await frame.getByRole('menu', { name: 'Language' }).waitFor();
      await page.keyboard.press('Escape');
      await frame.getByRole('menu').waitFor({ state: 'detached' });
      expect(await focusIn(frame)).toBe('Language');
      expect(await isOpen(page)).toBe(true);

      await frame.getByRole('button', { name: 'End chat' }).focus();
      await page.keyboard.press('Enter');
      await frame.getByRole('dialog', { name: 'End the chat?' }).waitFor();
      await page.keyboard.press('Escape');
      await frame.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await isOpen(page)).toBe(true);

      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(page)).toBe(false);
      expect(await launcherFocused(page)).toBe(true);
    });
  });

  describe('on a phone', () => {
    const s = useBrowser(PHONE);

    it('a tap on the launcher opens the chat without focusing the text field (no on-screen keyboard unasked); the close control returns to the launcher', async () => {
      const { page } = s;
      await page.goto(shop.page(shopHtml(s.baseUrl, 'agent')));
      await launcher(page).tap();
      const frame = await chatFrame(page);
      await frame.getByRole('textbox', { name: 'Message' }).waitFor();
      await connectedIn(frame);
      expect(await focusIn(frame)).not.toBe('Message');
      await frame.getByRole('button', { name: 'Close chat' }).tap();
      await expect.poll(() => isOpen(page)).toBe(false);
    });
  });
});

describe('the standalone page focuses the composer when it is ready, on a desktop only (issue 28)', () => {
  const s = useBrowser(DESKTOP);

  it('desktop: the first keys typed go into the composer', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'demo');
    await expect.poll(() => focusIn(page)).toBe('Message');
    await page.keyboard.type('Hi');
    expect(await composer(page).inputValue()).toBe('Hi');
  });

  it('a touch screen: nothing has focus, no on-screen keyboard opens', async () => {
    const context = await s.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await openChat(page, s.baseUrl, 'demo');
      await messages(page)
        .getByText(/I'm Robo/)
        .waitFor();
      expect(await focusIn(page)).toBe('body');
    } finally {
      await context.close();
    }
  });
});

describe('"End chat" asks first (issue 28)', () => {
  const s = useBrowser(DESKTOP);

  it('by keyboard: Keep chatting (and Escape) keeps the conversation, focus back on End chat; End chat in the dialog ends it, focus on in the chat; axe clean', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const endChat = page.getByRole('banner').getByRole('button', { name: 'End chat' });
    await endChat.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'End the chat?' });
    await dialog.waitFor();
    expect(await describeFocus(page)).toMatchObject({ tag: 'button', name: 'Keep chatting' });
    expect(await axeViolations(page, 'end-chat confirmation')).toEqual([]);

    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await describeFocus(page)).toMatchObject({ name: 'End chat' });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await describeFocus(page)).toMatchObject({ name: 'End chat' });
    expect(await endChat.isVisible()).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'End chat' }).focus();
    await page.keyboard.press('Enter');
    await messages(page)
      .getByText(/You ended the chat/)
      .first()
      .waitFor();
    await endChat.waitFor({ state: 'detached' });
    // Never on the page's <body>: in the composer, or in what the end of the chat opened (the rating).
    await expect.poll(() => focusIn(page)).not.toBe('body');
  });
});

describe('the header fits and says who answers (issue 28)', () => {
  for (const [label, viewport] of [
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    describe(label, () => {
      const s = useBrowser(viewport);

      /** What a visitor sees of the header. */
      const header = (page: Page) =>
        page.getByRole('banner').evaluate((bar) => {
          const title = bar.querySelector('h1') as HTMLElement;
          const human = Array.from(bar.querySelectorAll('button')).find((b) => b.textContent?.includes('Human agent'));
          const language = bar.querySelector('[aria-haspopup="menu"]') as HTMLElement;
          const label = human?.querySelector('.navbar__action-label');
          return {
            title: title.innerText,
            titleWhole: title.scrollHeight <= title.clientHeight + 1 && title.scrollWidth <= title.clientWidth + 1,
            humanLabelShown: !!label && label.getBoundingClientRect().width > 20 && getComputedStyle(label).clipPath === 'none',
            languageWidth: language.getBoundingClientRect().width,
            barWidth: bar.getBoundingClientRect().width,
            avatar: !!bar.querySelector('.avatar'),
          };
        });

      it(`the title whole, "Human agent" in words, the language a small button; after the handoff the agent's name and picture (${label}); axe clean`, async () => {
        const { page } = s;
        await openChat(page, s.baseUrl, 'demo');
        await messages(page)
          .getByText(/I'm Robo/)
          .waitFor();
        const before = await header(page);
        expect(before).toMatchObject({ title: expect.stringMatching(/^Demo shop\s+support$/), titleWhole: true, humanLabelShown: true, avatar: false });
        expect(before.languageWidth).toBeLessThanOrEqual(48);
        expect(await axeViolations(page, `header ${label}`)).toEqual([]);

        await page.getByRole('button', { name: 'Human agent' }).click();
        await connected(page);
        await expect.poll(async () => (await header(page)).avatar, { message: "the agent's picture" }).toBe(true);
        const after = await header(page);
        expect(after.title).toMatch(/^Alice\s+Demo shop support$/);
        expect(await page.getByRole('heading', { level: 1 }).getAttribute('aria-label')).toBeNull();
        expect(await axeViolations(page, `header with an agent ${label}`)).toEqual([]);
      });
    });
  }

  describe('the language menu, by keyboard', () => {
    const s = useBrowser(DESKTOP);

    it('Enter opens it on the current language; arrows, Home, End and a letter move; Enter chooses and focus returns to its button; axe clean', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'demo');
      const button = await tabTo(page, (f) => f.name === 'Language', { back: true });
      expect(button.tag).toBe('button');
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Language' });
      await menu.waitFor();
      expect(await page.getByRole('menuitemradio').count()).toBe(25);
      const focusedItem = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      expect(await focusedItem()).toBe('English');
      expect(await page.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('ArrowDown');
      expect(await focusedItem()).toBe('繁體中文');
      await page.keyboard.press('End');
      expect(await focusedItem()).toBe('isiZulu');
      await page.keyboard.press('ArrowDown');
      expect(await focusedItem()).toBe('简体中文');
      await page.keyboard.press('ArrowUp');
      expect(await focusedItem()).toBe('isiZulu');
      await page.keyboard.press('Home');
      expect(await focusedItem()).toBe('简体中文');
      await page.keyboard.press('d');
      expect(await focusedItem()).toBe('Deutsch');
      expect(await axeViolations(page, 'language menu')).toEqual([]);

      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'detached' });
      await page.getByRole('textbox', { name: 'Nachricht' }).waitFor();
      expect(await describeFocus(page)).toMatchObject({ tag: 'button', name: 'Sprache' });
      expect(await page.evaluate(() => localStorage.getItem('chat-lan'))).toBe('de');

      // A press outside closes it, and changes nothing.
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await page.getByRole('log').click({ position: { x: 5, y: 5 } });
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('chat-lan'))).toBe('de');
    });
  });
});
