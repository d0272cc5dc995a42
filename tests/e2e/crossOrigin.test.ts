import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { startSite, type Site } from './hostSite';

/*
 * Issue 29, files across origins (docs/protocol.md §3 File addresses): an app on one origin (a page
 * of the 127.0.0.1 site) runs the engine with `apiBase` the suite's server on another
 * (http://localhost:PORT), and shows each file message as an integrator would — an image as <img>,
 * a file as a link. The backend gives every file address as a path (the other reading of §3: the
 * upload answer and the history are rewritten here), which must mean the API's origin, not the app's.
 */

/** A 2×1 PNG: an image whose loading the test can see (naturalWidth). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==', 'base64');
const NOTES = 'The visitor’s notes: not the app’s index.html.';

/**
 * The app's script: the engine from the sources, keeping the visitor in local storage, drawn into
 * the page at every change. `window.chat` is the engine, for the test to send with.
 */
const APP = (engine: string, browser: string) => `
import { MsgType, createChatEngine } from ${JSON.stringify(engine)};
import { browserStorage } from ${JSON.stringify(browser)};
const chat = createChatEngine({ apiBase: window.API_BASE, query: '?channelid=demo', storage: browserStorage() });
window.chat = chat;
const list = document.querySelector('#messages');
const draw = () => {
  list.replaceChildren(...chat.getSnapshot().messages.flatMap((m) => {
    const url = m.fileUrl ?? m.msgContent;
    if (m.msgType === MsgType.Image) return [Object.assign(document.createElement('img'), { src: url, alt: m.fileName ?? '' })];
    if (m.msgType === MsgType.File) return [Object.assign(document.createElement('a'), { href: url, textContent: m.fileName ?? url })];
    return [];
  }));
  document.body.dataset.sent = String(chat.getSnapshot().messages.filter((m) => m.fileUrl && m.status === 'sent').length);
};
chat.subscribe(draw);
draw();
chat.start();
`;

/** A path for an absolute URL on `origin` (anything else as it is): how the backend of this test gives file addresses. */
const pathOn = (origin: string, value: unknown) => (typeof value === 'string' && value.startsWith(origin) ? value.slice(origin.length) : value);

let site: Site;
let appUrl = '';
const work = mkdtempSync(join(tmpdir(), 'visitor-chat-cross-origin-'));

describe('an app on another origin than the API (apiBase): files it sent still open after a reload', () => {
  const s = useBrowser();

  beforeAll(async () => {
    site = await startSite();
    const entry = join(work, 'app.js');
    writeFileSync(entry, APP(resolve('engine/index.ts'), resolve('engine/browser.ts')));
    const built = (await build({
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: false, lib: { entry, formats: ['es'] }, rolldownOptions: { output: { codeSplitting: false } } },
    })) as Rolldown.RolldownOutput[];
    const [chunk] = built[0]?.output ?? [];
    if (!chunk || chunk.type !== 'chunk') throw new Error('the app did not bundle');
    // A closing script tag inside the bundle would end the inline script.
    const code = chunk.code.replaceAll('</script', '<\\/script');
    appUrl = site.page(
      `<!doctype html><title>App</title><ul id="messages"></ul><script>window.API_BASE = ${JSON.stringify(s.baseUrl)};</script><script type="module">${code}</script>`,
    );
  });

  afterAll(async () => {
    await site.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('an image and a file sent, then the page reloaded: the image loads and the link brings the file, both from the API origin', async () => {
    const { page, context, baseUrl } = s;
    const api = `${baseUrl}/api/chat/visitor`;
    await context.route(`${api}/upload`, async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { data: { url: string } };
      await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, url: pathOn(baseUrl, envelope.data.url) } } });
    });
    await context.route(`${api}/getHistoryMsg`, async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { data: Record<string, unknown>[] };
      const data = envelope.data.map((m) => ({ ...m, fileUrl: pathOn(baseUrl, m.fileUrl), msgContent: pathOn(baseUrl, m.msgContent) }));
      await route.fulfill({ response, json: { ...envelope, data } });
    });

    await page.goto(appUrl);
    await page.waitForFunction(() => (window as unknown as { chat: { getSnapshot(): { phase: string } } }).chat.getSnapshot().phase === 'ready');
    await page.evaluate(
      ({ png, notes }) => {
        const { chat } = window as unknown as { chat: { sendFile(file: Blob, name: string): unknown } };
        chat.sendFile(new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'dot.png');
        chat.sendFile(new Blob([notes], { type: 'text/plain' }), 'notes.txt');
      },
      { png: PNG.toString('base64'), notes: NOTES },
    );
    await expect.poll(() => page.locator('body').getAttribute('data-sent')).toBe('2');

    await page.reload();
    const image = page.getByRole('img', { name: 'dot.png' });
    const link = page.getByRole('link', { name: 'notes.txt' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href).origin).toBe(new URL(baseUrl).origin);
    expect(await (await fetch(href)).text()).toBe(NOTES);
  });
});
