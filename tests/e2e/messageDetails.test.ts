import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './browser';
import { axeViolations, composer, connected, messages, openChat, overflowsHorizontally, say, tabTo } from './helpers';

/** Issue 28's details: file cards, the composer's counter, each message's time, links to addresses and numbers, the recorder's time, a run's name, the file notice's end. */

const INVOICE = { name: 'invoice-order-1042.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(592) };

async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(files);
}

/** How a file box's name shows: its text, whether its start is cut, whether its end shows whole inside the box. */
function nameShown(page: Page, name: string) {
  return messages(page)
    .getByTitle(name)
    .first()
    .evaluate((el) => {
      const [start, end] = Array.from(el.querySelectorAll<HTMLElement>('[aria-hidden="true"]'));
      const box = el.getBoundingClientRect();
      const last = end?.getBoundingClientRect();
      return {
        text: `${start?.textContent ?? ''}${end?.textContent ?? ''}`,
        read: el.querySelector('.visually-hidden')?.textContent,
        startCut: start !== undefined && start.scrollWidth > start.clientWidth,
        endWhole: last !== undefined && end !== undefined && end.scrollWidth <= end.clientWidth && last.right <= box.right + 0.5 && last.left >= box.left - 0.5,
        endAtRight: last !== undefined && Math.abs(last.right - box.right) < 1,
      };
    });
}

/** The seconds of an m:ss time. */
function seconds(text: string | null): number {
  const [m, ss] = (text ?? '').split(':').map(Number);
  return (m ?? NaN) * 60 + (ss ?? NaN);
}

/** The text a file box shows for its size, no-break spaces as spaces. */
async function sizeShown(page: Page): Promise<string[]> {
  return (await messages(page).locator('.content-file__size').allTextContents()).map((t) => t.replace(/[\u00a0\u202f]/g, ' '));
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`message details on a ${label} (issue 28)`, () => {
    const s = useBrowser(viewport);

    it('a file card keeps its extension (the name is cut in its middle) and reads its size "592 B", "1.5 kB"', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'agent');
      await connected(page);
      await attach(page, [INVOICE]);
      await attach(page, [{ name: 'size-guide.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1536) }]);
      await messages(page).getByTitle('size-guide.txt').waitFor();

      // Thanked for both: the agent is no longer typing.
      await expect.poll(() => messages(page).getByText('Thanks for the file').count()).toBe(2);
      const invoice = await nameShown(page, INVOICE.name);
      expect(invoice.text).toBe(INVOICE.name);
      // A screen reader reads the name whole, not in two parts.
      expect(invoice.read).toBe(INVOICE.name);
      expect(invoice.endWhole).toBe(true);
      expect(invoice.endAtRight).toBe(true);
      // On a phone the bubble is narrower than the name: its start gives way, "1042.pdf" stays.
      if (label === 'phone') expect(invoice.startCut).toBe(true);
      expect(await sizeShown(page)).toEqual(['592 B', '1.5 kB']);
      expect(await overflowsHorizontally(page)).toMatchObject({ scrollWidth: viewport.width });
      expect(await axeViolations(page, `file cards on a ${label}`)).toEqual([]);
    });

    it('in Arabic the name stays left to right with its extension at its end, and the size is in Arabic units', async () => {
      const { page } = s;
      await page.addInitScript(() => localStorage.setItem('chat-lan', 'ar'));
      await page.goto(`${s.baseUrl}/chat/?channelid=agent`);
      await messages(page).locator('.message--left').first().waitFor();
      await attach(page, [INVOICE]);
      await messages(page).getByTitle(INVOICE.name).waitFor();
      const invoice = await nameShown(page, INVOICE.name);
      expect(invoice).toMatchObject({ text: INVOICE.name, endWhole: true, endAtRight: true });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // Arabic's digits and its symbol for bytes ("٥٩٢ ب"), not "592 byte".
      expect(await sizeShown(page)).toEqual([expect.stringMatching(/^[٠-٩0-9]{3} ب$/)]);
    });

    it('the character counter shows only near the limit (the last 200 of 2,000), in a live region there from the start', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'demo');
      const counter = page.locator('.composer__counter');
      expect(await counter.getAttribute('aria-live')).toBe('polite');
      await composer(page).fill('Hello');
      expect(await counter.textContent()).toBe('');
      await composer(page).fill('x'.repeat(1799));
      expect(await counter.textContent()).toBe('');
      await composer(page).fill('x'.repeat(1800));
      expect(await counter.textContent()).toBe('200 characters left');
      await composer(page).fill('x'.repeat(1999));
      expect(await counter.textContent()).toBe('1 character left');
      expect(await counter.isVisible()).toBe(true);
    });

    it('each message shows its time on hover (or tap) and while focus is in it; the time is read with the message, its <time> holds the full date-time', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'demo');
      await say(page, 'Where is https://shop.example/orders ?');
      const item = messages(page).locator('.message--right').filter({ hasText: 'Where is' });
      const time = item.locator('time.message__time');
      await time.waitFor({ state: 'attached' });
      const opacity = () => time.evaluate((el) => getComputedStyle(el).opacity);
      expect(await opacity()).toBe('0');
      // Read with the message at all times: a screen reader's text of the item has the time.
      const clock = await time.textContent();
      expect(clock).toMatch(/\d:\d\d/);
      expect(await item.textContent()).toContain(clock);
      expect(new Date((await time.getAttribute('datetime')) ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

      if (label === 'phone') await item.locator('.message__bubble').tap();
      else await item.locator('.message__bubble').hover();
      await expect.poll(opacity).toBe('1');
      expect(await axeViolations(page, `a message time shown on a ${label}`)).toEqual([]);

      // Elsewhere: hidden again; keyboard focus on the message's link shows it.
      if (label === 'phone') return;
      await page.mouse.move(0, 0);
      await expect.poll(opacity).toBe('0');
      await composer(page).focus();
      await tabTo(page, (f) => f.tag === 'a' && f.name.includes('shop.example/orders'), { back: true });
      await expect.poll(opacity).toBe('1');
    });

    it('email addresses and phone numbers are links (mailto:, tel:); dates, prices and order numbers are not', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'demo');
      await say(page, 'Reach me at jane@example.com or +44 20 7946 0958. Order #13812345678 of 2024-05-15 cost $1,299.00');
      const bubble = messages(page).locator('.message--right').filter({ hasText: 'Reach me' });
      await bubble.waitFor();
      expect(await bubble.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
        ['jane@example.com', 'mailto:jane@example.com'],
        ['+44 20 7946 0958', 'tel:+442079460958'],
      ]);
      expect(await bubble.locator('.message__bubble').textContent()).toContain('Order #13812345678 of 2024-05-15 cost $1,299.00');
    });

    it('the voice recorder shows the time recorded, m:ss, each second (page clock)', async () => {
      const { page } = s;
      // A microphone without a device: a silent stream.
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.resolve(new AudioContext().createMediaStreamDestination().stream);
      });
      await page.clock.install();
      await openChat(page, s.baseUrl, 'demo');
      await page.getByRole('button', { name: 'Switch to voice input' }).click();
      const talk = page.getByRole('button', { name: 'Hold to talk' });
      await expect.poll(() => talk.isEnabled()).toBe(true);
      await talk.focus();
      await page.keyboard.down('Space');
      const shown = page.locator('.composer-recording__time');
      await shown.waitFor();
      expect(await shown.textContent()).toBe('0:00');
      // (axe waits on timers: before the clock stops.)
      expect(await axeViolations(page, `the recorder on a ${label}`)).toEqual([]);
      // Stop the clock a moment on (a busy machine may be past the first seconds), then move it on.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3_000);
      const at = seconds(await shown.textContent());
      expect(at).toBeGreaterThanOrEqual(2);
      await page.clock.runFor(1_000);
      await expect.poll(async () => seconds(await shown.textContent())).toBe(at + 1);
      await page.clock.runFor(59_000);
      await expect.poll(async () => seconds(await shown.textContent())).toBe(at + 60);
      expect(await shown.textContent()).toMatch(/^1:0\d$/);
      await page.keyboard.press('Escape');
      await page.keyboard.up('Space');
      await shown.waitFor({ state: 'detached' });
    });

    it('a run of one agent’s messages names the agent once, above the first, as the avatar shows', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'agent');
      await messages(page).getByText("Hi, I'm Alice").waitFor();
      // Two files at once: the agent thanks for each, two messages in a row.
      await attach(page, [INVOICE, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
      const thanks = messages(page).locator('.message--left').filter({ hasText: 'Thanks for the file' });
      await expect.poll(() => thanks.count()).toBe(2);
      const names = await thanks.evaluateAll((items) =>
        items.map((el) => [el.querySelector('.message__sender')?.textContent ?? null, el.querySelector('.avatar') !== null]),
      );
      expect(names).toEqual([
        ['Alice', true],
        [null, false],
      ]);
    });

    it('the notice of a file too large goes when the conversation ends (End chat), not into the next one', async () => {
      const { page } = s;
      await openChat(page, s.baseUrl, 'agent');
      await connected(page);
      // A file over the 10 MB limit, made in the page (a quicker pick than sending 10 MB to it).
      await page.locator('input[type="file"]').evaluate((input: HTMLInputElement) => {
        const files = new DataTransfer();
        files.items.add(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'movie.mp4', { type: 'video/mp4' }));
        input.files = files.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
      const notice = page.getByRole('alert').filter({ hasText: 'is too large to send' });
      await notice.waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'End chat' }).click();
      // Ending asks first (issue 28).
      await page.getByRole('dialog', { name: 'End the chat?' }).getByRole('button', { name: 'End chat' }).click();
      await messages(page)
        .getByText(/You ended the chat/)
        .waitFor();
      await notice.waitFor({ state: 'detached' });
    });
  });
}
