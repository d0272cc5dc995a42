import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { PNG, axeViolations, composer, connected, history, messages, openChat, say, visitorId } from './helpers';

/** Whether a request is for the paste dialog's chunk (under whatever query a retry puts on it). */
const pasteChunk = (url: URL) => /\/assets\/PasteConfirm-[\w-]+\.js$/.test(url.pathname);

/** Pastes an image into the composer, as the clipboard would: the paste dialog is needed. */
async function pasteImage(page: Page): Promise<void> {
  await composer(page).evaluate((el, base64) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG.toString('base64'));
}

/** The console's warnings, as a developer reads them. */
function warnings(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') lines.push(m.text());
  });
  return lines;
}

/** The paste chunk's requests, in order, with their query. */
function pasteRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (pasteChunk(url)) urls.push(url.search);
  });
  return urls;
}

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'This could not load.' });

describe('parts that fail to load (SPEC §8, §9) in Chromium', () => {
  const s = useBrowser(PHONE);

  it('a chunk that 404s: its own failure in a dialog frame, the chat goes on; Try again imports it afresh and it shows', { tags: ['smoke'] }, async () => {
    const { page } = s;
    const logged = warnings(page);
    const requests = pasteRequests(page);
    let gone = true;
    await page.route(pasteChunk, (route) => (gone ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue()));
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);

    await pasteImage(page);
    const failed = failure(page);
    await failed.waitFor();
    // Where the dialog would be: Try again has the focus, Close closes it as the dialog would.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
    expect(await failed.getByRole('button', { name: 'Close' }).count()).toBe(1);
    expect(await axeViolations(page, 'a dialog that could not load')).toEqual([]);
    // SPEC §8's name and text in the console's line.
    expect(logged.some((line) => line.includes('[chat] ChunkLoadError: Loading chunk paste confirmation failed'))).toBe(true);

    // The chat is not down: the visitor goes on chatting.
    await say(page, 'Still here');
    await messages(page).getByText('looking into “Still here”').waitFor();

    // The chunk is back: Try again loads it under a URL the browser has not fetched, and the dialog opens.
    gone = false;
    const before = requests.length;
    await failed.getByRole('button', { name: 'Try again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send photo' });
    await dialog.waitFor();
    expect(requests.slice(before)).toEqual([expect.stringMatching(/^\?retry=\d+$/)]);
    // Each try after the first failure had a URL of its own (Vite's preload and the import asked for the plain one).
    const retries = requests.filter(Boolean);
    expect(new Set(retries).size).toBe(retries.length);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await messages(page).getByRole('img', { name: 'Image', exact: true }).waitFor();
  });

  it('Close takes the failure away as the dialog would have gone, and the chat is as before', async () => {
    const { page } = s;
    await page.route(pasteChunk, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await pasteImage(page);
    await failure(page).getByRole('button', { name: 'Close' }).click();
    await failure(page).waitFor({ state: 'detached' });
    await say(page, 'After closing');
    await messages(page).getByText('looking into “After closing”').waitFor();
  });

  it('a chunk that hangs fails after SPEC §9’s 120 s (page clock); Try again does not join the hung request, and the part shows', async () => {
    const { page } = s;
    const logged = warnings(page);
    const requests = pasteRequests(page);
    let hung = true;
    // A hung request is never answered; once the network is well again, new requests are.
    await page.route(pasteChunk, (route) => (hung ? undefined : route.continue()));
    await page.clock.install();
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await pasteImage(page);
    // Nothing yet: the chunk is on its way.
    await page.clock.fastForward('01:00');
    expect(await failure(page).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // 120 s for the load started when the browser was idle, 120 s more for the first render's own try.
    await page.clock.fastForward('01:05');
    await page.clock.fastForward('02:01');
    await failure(page).waitFor();
    expect(logged.some((line) => line.includes('[chat] ChunkLoadError: Loading chunk paste confirmation failed'))).toBe(true);
    expect(requests.filter(Boolean)).toEqual([expect.stringMatching(/^\?retry=\d+$/)]);

    // The chat goes on meanwhile.
    await say(page, 'Still typing');
    await messages(page).getByText('Still typing', { exact: true }).waitFor();

    // The hung requests stay hung: a plain import of the same URL would wait on them for ever.
    hung = false;
    await failure(page).getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('dialog', { name: 'Send photo' }).waitFor();
    expect(requests.at(-1)).toMatch(/^\?retry=\d+$/);
  });

  it('a stale deploy with a message in the outbox: Reload, and the message is delivered once and the composer keeps its text', async () => {
    const { page } = s;
    // The paste dialog is the one part this build changed: its chunk of the page's build is gone
    // once the new one is deployed (before the page's idle second preloaded it; the other parts and
    // the failure's own chunk keep their names and stay).
    await page.route(pasteChunk, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const userId = await visitorId(page, 'agent');

    // The server is down for sends: the message waits in the outbox.
    await page.route('**/api/chat/visitor/sendMsg', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await say(page, 'Sent before the deploy');
    await composer(page).fill('Half a thought');

    // The deploy: the chat's page now loads another build.
    await page.route(
      (url) => url.pathname === '/chat/index',
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(/assets\/index-[\w-]+\.js/, 'assets/index-NewBuild1.js') });
      },
    );
    await pasteImage(page);
    const offer = page.getByRole('alert').filter({ hasText: 'The chat has been updated.' });
    await offer.waitFor();

    // The new build is served, the server is back: Reload.
    await page.unrouteAll();
    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => composer(page).inputValue()).toBe('Half a thought');
    await messages(page).getByText('looking into “Sent before the deploy”').waitFor();
    expect(await messages(page).getByText('Sent before the deploy', { exact: true }).count()).toBe(1);
    expect((await history(s.baseUrl, userId)).filter((m) => m.msgContent === 'Sent before the deploy').length).toBe(1);
  });
});
