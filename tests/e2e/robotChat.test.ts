import { describe, expect, it } from 'vitest';
import { testedRuntime } from '../support/runtime';
import { PHONE, useBrowser } from './browser';

describe('robot chat in Chromium against the npm start server', () => {
  const s = useBrowser(PHONE);

  it('SPEC §2: /chat/ redirects to /chat/index keeping the query, and the robot welcomes the visitor', { tags: ['smoke'] }, async () => {
    await s.page.goto(`${s.baseUrl}/chat/?channelid=demo&pid=p1`);
    await s.page.waitForURL(/\/chat\/index\?channelid=demo&pid=p1$/);
    await expect.poll(() => s.page.getByRole('heading', { level: 1 }).innerText()).toBe('Demo shop support');
    await s.page.getByText("Hi! I'm Robo").waitFor();
  });

  it(
    'index.html starts the chat engine and preloads /index beside the entry; each file is fetched once; dialogs load after the first screen',
    { tags: ['smoke'] },
    async () => {
      const { page } = s;
      const fetched: string[] = [];
      const warnings: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/.*\.(js|css)$/.test(r.url())) fetched.push(r.url().replace(/.*\/assets\//, ''));
      });
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
      });
      // The page notes when the welcome shows: the first screen is what it fetched until then, told by
      // the page's own clock (on a busy machine the test hears of the welcome after the idle loads began).
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.body?.textContent?.includes("Hi! I'm Robo")) return;
          (window as unknown as { welcomeAt: number }).welcomeAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(`${s.baseUrl}/chat/index?channelid=demo`);
      await page.getByText("Hi! I'm Robo").waitFor();
      const firstScreen = await page.evaluate(() => {
        const at = (window as unknown as { welcomeAt: number }).welcomeAt;
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= at && /\/assets\/.*\.(js|css)$/.test(e.name))
          .map((e) => e.name.replace(/.*\/assets\//, ''));
      });
      // What index.html loads and preloads is what the first screen fetches, each file once (a
      // preload that went unused would be fetched again, and Chromium would warn).
      const html = await (await page.request.get(`${s.baseUrl}/chat/index`)).text();
      const announced = [...html.matchAll(/(?:src|href)="[^"]*\/assets\/([^"]+)"/g)].map((m) => m[1] ?? '');
      const names = (files: string[]) => [...new Set(files)].map((f) => f.replace(/-[\w-]+\./, '.')).sort();
      // Beside the entry: the chat's early module, the engine's chunk (the engine, RxJS and what the
      // entry shares with them, vite.config.ts), /index and the hooks /index shares with the parts
      // that load on demand. Nothing else: each file is a request.
      const known = ['IndexPage.css', 'IndexPage.js', 'earlyChat.js', 'engine.js', 'hooks.js', 'index.css', 'index.js'];
      expect(names(announced)).toEqual(known);
      expect(firstScreen.length).toBe(new Set(firstScreen).size);
      // The English catalog is part of the entry; the forms and the image viewer load only after this.
      expect(names(firstScreen)).toEqual(names(announced));
      // Then, with the conversation on screen, what a tap may open loads while the browser is idle.
      await expect.poll(() => fetched.some((f) => f.startsWith('ImageViewer-')) && fetched.some((f) => f.startsWith('UserForm-'))).toBe(true);
      expect(warnings).toEqual([]);
    },
  );

  it('SPEC §4 robot mode: a question gets the robot answer, and a reload keeps the conversation', { tags: ['smoke'] }, async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    const input = page.getByRole('textbox', { name: 'Message' });
    const sendButton = page.getByRole('button', { name: 'Send' });
    await input.waitFor();
    expect(await sendButton.isDisabled()).toBe(true);
    await input.fill('What are your opening hours?');
    await input.press('Enter');
    await page.getByRole('log').getByText('We are open Monday to Friday').waitFor();
    expect(await input.inputValue()).toBe('');

    await page.screenshot({ path: `test-results/robot-chat-phone-${testedRuntime()}.png` });
    await page.reload();
    // The visitor's own question (the returning visitor's FAQ message lists it too).
    await page.getByRole('log').locator('.message--right').getByText('What are your opening hours?').waitFor();
    await page.getByRole('log').getByText('We are open Monday to Friday').waitFor();
  });

  it('SPEC §8: without a channel id the page shows the error state', async () => {
    await s.page.goto(`${s.baseUrl}/chat/`);
    await s.page.getByRole('alert').getByText('This chat is not available.').waitFor();
  });

  it('SPEC §8: an unknown channel shows the error state, the server message in its details for support', async () => {
    await s.page.goto(`${s.baseUrl}/chat/?channelid=nope`);
    await s.page.getByRole('alert').getByText('This chat is not available.').waitFor();
    await s.page.getByText('Details for support').click();
    await s.page.getByText('unknownChannel: channel not found').waitFor();
  });

  it('a backend that cannot be reached is not an unknown channel: its own words and Try again, which starts the chat once the backend answers', async () => {
    const { page } = s;
    await page.route('**/api/chat/visitor/channelInfo', (route) => route.abort('internetdisconnected'));
    await page.goto(`${s.baseUrl}/chat/?channelid=demo`);
    await page.getByRole('alert').getByText('The chat can’t be reached. Check your connection — it keeps trying.').waitFor();
    expect(await page.getByText(/not available|Failed to fetch/).count()).toBe(0);
    await page.unroute('**/api/chat/visitor/channelInfo');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText("Hi! I'm Robo, the demo shop's assistant.", { exact: false }).waitFor();
  });
});
