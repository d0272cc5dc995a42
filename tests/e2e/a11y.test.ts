import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './browser';
import {
  axeViolations,
  composer,
  connected,
  describeFocus,
  dev,
  messages,
  openChat,
  overflowsHorizontally,
  phoneLayoutProblems,
  tabTo,
  unknownQuestionFaq,
  visitorId,
} from './helpers';
import { MAIN_STATES, SHOWCASE } from './states';

// Each state is opened once per viewport and checked in light, then dark: the colour scheme is a
// media query, which the page follows without a reload (opening a state is most of a check's time).
// On the phone (a phone's browser, with touch) the same visit checks the layout too: nothing
// overflows sideways, every tap target is big enough (issue 7).
for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;
  const checks = phone ? 'no serious or critical violations, nothing overflows, tap targets of 40 px' : 'no serious or critical violations';
  describe(`axe at ${viewport.width}×${viewport.height}, light and dark: ${checks}`, () => {
    const s = useBrowser(viewport, { isMobile: phone });
    for (const state of MAIN_STATES) {
      // The Preact build's axe pass (e2e-preact, tag smoke): every message kind, on a phone.
      const smoke = phone && state === SHOWCASE;
      it(state.name, { tags: smoke ? ['smoke'] : [] }, async () => {
        await s.page.emulateMedia({ colorScheme: 'light' });
        await state.open(s.page, s.baseUrl);
        if (phone) expect(await phoneLayoutProblems(s.page)).toEqual([]);
        for (const scheme of ['light', 'dark'] as const) {
          await s.page.emulateMedia({ colorScheme: scheme });
          expect(await axeViolations(s.page, `${state.name} at ${viewport.width}×${viewport.height}, ${scheme}`)).toEqual([]);
        }
      });
    }
  });
}

// Right-to-left and CJK: the robot chat (FAQ list, links, thinking block) and the agent chat, light and dark.
for (const viewport of [PHONE, DESKTOP]) {
  for (const lang of ['ar', 'zh'] as const) {
    const phone = viewport === PHONE;
    describe(`axe in ${lang} at ${viewport.width}×${viewport.height}`, () => {
      const s = useBrowser(viewport, { isMobile: phone });
      it(`robot chat with the FAQ list and agent chat, light and dark${phone ? '; nothing overflows, tap targets of 40 px' : ''}`, async () => {
        const { page } = s;
        const bothSchemes = async (what: string) => {
          if (phone) expect(await phoneLayoutProblems(page), `${what} in ${lang}`).toEqual([]);
          for (const scheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme: scheme });
            expect(await axeViolations(page, `${what} in ${lang}, ${scheme}`)).toEqual([]);
          }
        };
        await page.addInitScript((l) => window.localStorage.setItem('chat-lan', l), lang);
        await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
        const field = page.locator('.composer__input');
        await field.fill('Do you sell unicorns?');
        await field.press('Enter');
        await unknownQuestionFaq(page).waitFor();
        await bothSchemes('robot chat');
        await page.goto(`${s.baseUrl}/chat/?channelid=agent`);
        await messages(page).locator('.message--left').first().waitFor();
        await bothSchemes('agent chat');
      });
    });
  }
}

describe('motion and direction', () => {
  const s = useBrowser(PHONE);

  it('prefers-reduced-motion: the typing and thinking dots stand still', async () => {
    const { page } = s;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openChat(page, s.baseUrl, 'demo');
    const animations = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'typing__dots';
      probe.innerHTML = '<span></span>';
      document.body.append(probe);
      const name = getComputedStyle(probe.firstElementChild as Element).animationName;
      probe.remove();
      return name;
    });
    expect(animations).toBe('none');
  });

  it('in ar the empty composer follows the page (placeholder on the right); typed Latin text reads left to right', async () => {
    const { page } = s;
    await page.addInitScript(() => window.localStorage.setItem('chat-lan', 'ar'));
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    const field = page.locator('.composer__input');
    await field.waitFor();
    expect(await field.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await field.fill('about order #1042.');
    expect(await field.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await field.press('Enter');
    const bubble = messages(page).locator('.message--right [dir="auto"]').filter({ hasText: 'about order #1042.' });
    expect(await bubble.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  });
});

describe('keyboard only', () => {
  const s = useBrowser(DESKTOP);

  it('the robot chat: Tab to the composer, type, Enter; Tab to a quick reply, Enter', async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    await composer(page).waitFor();
    await tabTo(page, (f) => f.tag === 'textarea');
    await page.keyboard.type('What are your opening hours?');
    await page.keyboard.press('Enter');
    await messages(page).getByText('We are open Monday to Friday').waitFor();
    // The composer keeps focus after sending.
    expect((await describeFocus(page)).tag).toBe('textarea');

    // The quick replies show once the answer is typed out (SPEC §9 Typewriter, up to 2 s).
    await page.locator('.quick-reply').first().waitFor();
    const reply = await tabTo(page, (f) => f.className.includes('quick-reply'), { back: true });
    await page.keyboard.press('Enter');
    await messages(page).locator('.message--right').getByText(reply.name, { exact: true }).waitFor();
    await messages(page).getByRole('group', { name: 'Was this answer helpful?' }).nth(1).waitFor();
    // Focus is not dropped to the page when the chosen reply goes away.
    expect((await describeFocus(page)).tag).not.toBe('body');

    // The FAQ list of an unknown question, by keyboard too.
    await tabTo(page, (f) => f.tag === 'textarea');
    await page.keyboard.type('Do you sell unicorns?');
    await page.keyboard.press('Enter');
    await unknownQuestionFaq(page).waitFor();
    const question = await tabTo(page, (f) => f.className.includes('message__faq-question'), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => messages(page).locator('.message--right').getByText(question.name, { exact: true }).count()).toBe(1);
  });

  it('the evaluation: stars with the arrow keys, a comment, submit, done', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await dev(s.baseUrl, 'endSession', { userId: await visitorId(page, 'agent'), outType: 2 });
    const dialog = page.getByRole('dialog', { name: 'How was your conversation?' });
    await dialog.waitFor();
    // Focus is inside the dialog from the start.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await tabTo(page, (f) => f.type === 'radio');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.getByRole('radio', { checked: true }).getAttribute('value')).toBe('3');
    await tabTo(page, (f) => f.tag === 'textarea');
    await page.keyboard.type('Helpful, thanks.');
    await tabTo(page, (f) => f.name === 'Submit');
    await page.keyboard.press('Enter');
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.waitFor();
    // The step opens on its one control, where the Submit that was pressed has gone.
    expect(await describeFocus(page)).toMatchObject({ tag: 'button', name: 'Done' });
    await page.keyboard.press('Enter');
    await thanks.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Rate this conversation' }).count()).toBe(0);
    // Focus goes on in the composer, not to the page.
    expect(await describeFocus(page)).toMatchObject({ tag: 'textarea', name: 'Message' });
  });

  it('focus goes on in the composer after a thumb rating, a chosen group and the inline form’s Start chat', async () => {
    const { page } = s;
    const inComposer = { tag: 'textarea', name: 'Message' };
    await openChat(page, s.baseUrl, 'demo');
    await tabTo(page, (f) => f.tag === 'textarea');
    await page.keyboard.type('What are your opening hours?');
    await page.keyboard.press('Enter');
    await messages(page).getByRole('group', { name: 'Was this answer helpful?' }).waitFor();
    await tabTo(page, (f) => f.name === 'Helpful', { back: true });
    await page.keyboard.press('Enter');
    await messages(page).getByText('Thanks for your feedback').waitFor();
    expect(await describeFocus(page)).toMatchObject(inComposer);

    // The group picker is a modal dialog: the composer behind it is inert until it has closed.
    await page.goto(`${s.baseUrl}/chat/?channelid=groups`);
    const picker = page.getByRole('dialog', { name: 'Who would you like to talk to?' });
    await picker.waitFor();
    await tabTo(page, (f) => f.className.includes('group-picker__option'));
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => describeFocus(page)).toMatchObject(inComposer);

    await page.goto(`${s.baseUrl}/chat/?channelid=form-inline`);
    const panel = page.getByRole('region', { name: 'Before we start' });
    await panel.waitFor();
    await tabTo(page, (f) => f.tag === 'input' && f.name.startsWith('Name'));
    await page.keyboard.type('Vera Visitor');
    await tabTo(page, (f) => f.name === 'Start chat');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => describeFocus(page)).toMatchObject(inComposer);
  });
});

describe('the polite live region', () => {
  const s = useBrowser(DESKTOP);

  it('announces each new agent message once, also a repeated text, and not the history', async () => {
    const { page } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await messages(page).getByText("Hi, I'm Alice").waitFor();
    const userId = await visitorId(page, 'agent');
    // Every text the polite region takes on, in order (one entry per DOM change batch).
    await page.evaluate(() => {
      const region = document.querySelector('.message-list [aria-live="polite"]');
      if (!region) throw new Error('no polite live region in the message list');
      const w = window as unknown as { announced: string[] };
      w.announced = [];
      new MutationObserver(() => {
        const text = region.textContent ?? '';
        if (text.trim()) w.announced.push(text);
      }).observe(region, { childList: true, subtree: true, characterData: true });
    });
    const announced = () => page.evaluate(() => (window as unknown as { announced: string[] }).announced);
    for (const text of ['Your order has shipped.', 'It arrives on Monday.', 'It arrives on Monday.']) {
      const before = await messages(page).getByText(text).count();
      await dev(s.baseUrl, 'agentSay', { userId, text });
      await expect.poll(() => messages(page).getByText(text).count()).toBe(before + 1);
    }
    // Each with its sender's name.
    await expect.poll(announced).toEqual(['Alice: Your order has shipped.', 'Alice: It arrives on Monday.', 'Alice: It arrives on Monday.']);
    expect(await page.locator('.message-list [aria-live="polite"]').getAttribute('aria-atomic')).toBe('true');

    // A reload shows the history without announcing it.
    await page.reload();
    await messages(page).getByText('Your order has shipped.').waitFor();
    expect((await page.locator('.message-list [aria-live="polite"]').textContent())?.trim()).toBe('');
  });
});

/** Text at 200 %: the root font size doubled, as a browser's text-size setting does (the widget sizes its text in rem). */
async function largeText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = 'html { font-size: 200% }';
      document.head.append(style);
    });
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('text at 200 % on a 360 px screen (WCAG 1.4.4, 1.4.10)', () => {
  const s = useBrowser(PHONE);

  for (const channel of ['agent', 'demo']) {
    it(`${channel}: the nav bar reflows (title shown, no control over another) and the message field keeps half the width`, async () => {
      const { page } = s;
      await largeText(page);
      await openChat(page, s.baseUrl, channel);
      if (channel === 'agent') await page.getByRole('button', { name: 'End chat' }).waitFor();
      expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBe(32);

      // The title: on screen, not squeezed to nothing, and not covered.
      const title = page.getByRole('heading', { level: 1 });
      const box = await title.boundingBox();
      expect(box && box.width >= 100 && box.height > 0 && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      expect(
        await title.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }),
      ).toBe(true);

      // The bar's controls and the title: none over another, each inside the screen.
      const boxes = await page.locator('.navbar > *').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { name: el.getAttribute('title') ?? el.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(channel === 'agent' ? 3 : 2);
      for (const [i, a] of boxes.entries()) {
        expect(a.x >= 0 && a.x + a.width <= PHONE.width, `${a.name} is off screen`).toBe(true);
        for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `${a.name} overlaps ${b.name}`).toBe(false);
      }
      // Each control keeps its name for screen readers (words may give way to icons).
      if (channel === 'agent') expect(await page.getByRole('button', { name: 'End chat' }).isVisible()).toBe(true);
      else expect(await page.getByRole('button', { name: 'Human agent' }).isVisible()).toBe(true);

      // The message field: at least half the screen wide (it fell to ~30 px), so that a few words fit on a line.
      const field = await composer(page).boundingBox();
      expect(field?.width).toBeGreaterThanOrEqual(PHONE.width / 2);
      expect(await overflowsHorizontally(page)).toMatchObject({ scrollWidth: PHONE.width });
      await composer(page).fill('Where is my order?');
      await composer(page).press('Enter');
      // The visitor's own bubble: the robot's streamed reasoning quotes the question too.
      await messages(page).locator('.message--right').getByText('Where is my order?').waitFor();
    });
  }
});
