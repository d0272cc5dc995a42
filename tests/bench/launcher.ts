/**
 * What a visitor waits for after clicking the loader's launcher on a host page: the launcher click
 * to the composer ready, and to the first message visible (the robot's welcome of the demo
 * channel), in the chat's frame. With the loader's default prefetch (`hover`: the chat's files
 * load while the pointer rests on the launcher) and without (`none`: everything loads after the
 * click). Each run is a fresh browser context: nothing cached.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';

/**
 * How the visitor reaches the click: `hover` — the pointer rests on the launcher for HOVER_MS, the
 * loader's default prefetch running meanwhile; `hover-complete` — it rests until the prefetched
 * frame has loaded everything (the most the prefetch can give); `none` — the page says
 * data-prefetch="none", and the click comes at once.
 */
export type Visit = 'hover' | 'hover-complete' | 'none';

/** A network the bench emulates, or none (this machine's loopback). */
export interface Network {
  name: string;
  /** Chromium's network emulation (CDP Network.emulateNetworkConditions), null for none. */
  conditions: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

export const LOOPBACK: Network = { name: 'loopback', conditions: null };
/** 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's "slow 4G". */
export const SLOW: Network = { name: '150 ms RTT, 1.6 Mbit/s', conditions: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } };

/**
 * How long the pointer rests on the launcher before the click in a `hover` visit: a visitor who
 * moved to the button meaning to press it presses it within a few hundred milliseconds.
 */
export const HOVER_MS = 300;

/** One run's figures, in ms from the click. */
export interface LauncherRun {
  composerReady: number;
  firstMessage: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * In every frame, before any script. The host page: the click's time, and shadow roots made open
 * so that the bench's locators reach the launcher (the loader keeps its own reference; nothing else
 * changes). The chat's frame: when the composer and the first message are first painted. Times are
 * wall-clock (timeOrigin + now), comparable across the two frames. A string: a function of this
 * module would carry the helpers tsx compiles into it (`__name`), which the page does not have.
 */
const PROBE = `(() => {
  const marks = (window.__marks = {});
  const now = () => performance.timeOrigin + performance.now();
  if (!location.pathname.startsWith('/chat/')) {
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      return attach.call(this, { ...init, mode: 'open' });
    };
    window.addEventListener('click', () => (marks.click ??= now()), { capture: true });
    return;
  }
  const painted = (name, selector) =>
    new MutationObserver((_, observer) => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => (marks[name] = now()));
    }).observe(document, { childList: true, subtree: true });
  painted('composer', 'textarea.composer__input');
  painted('message', '.message');
})();`;

/**
 * A host page with the loader's script tag, of its own origin but the same site as the chat
 * (localhost), so that the chat's frame shares the page's renderer and its network emulation.
 * `?prefetch=none` sets data-prefetch="none"; otherwise the loader's default applies.
 */
async function startHostSite(chatUrl: string): Promise<{ url: (visit: Visit) => string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const none = new URL(req.url ?? '/', 'http://host').searchParams.get('prefetch') === 'none';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title><link rel="icon" href="data:,"></head>
<body><main><h1>Tea shop</h1><p>Small-batch green and black teas.</p></main>
<script>window.VisitorChat = window.VisitorChat || [];</script>
<script async src="${chatUrl}/chat/loader.js" data-channel-id="demo"${none ? ' data-prefetch="none"' : ''}></script></body></html>`);
  });
  server.listen(0);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the host site does not listen');
  return {
    url: (visit) => `http://localhost:${address.port}/${visit === 'none' ? '?prefetch=none' : ''}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const marksOf = (target: Page | Frame): Promise<Record<string, number>> =>
  target.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);

/** Puts `page` on `network` (Chromium's emulation over CDP); nothing for loopback. */
export async function emulateNetwork(context: BrowserContext, page: Page, network: Network): Promise<void> {
  if (!network.conditions) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
}

async function runOnce(browser: Browser, hostUrl: string, network: Network, visit: Visit): Promise<LauncherRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await emulateNetwork(context, page, network);
    await context.addInitScript({ content: PROBE });
    await page.goto(hostUrl);
    const launcher = page.locator('visitor-chat button').first();
    await launcher.waitFor();
    if (visit !== 'none') await launcher.hover();
    if (visit === 'hover') await page.waitForTimeout(HOVER_MS);
    if (visit === 'hover-complete') {
      const prefetched = await (await page.waitForSelector('visitor-chat iframe', { state: 'attached' })).contentFrame();
      await prefetched?.waitForLoadState('networkidle');
    }
    await launcher.click();
    const frame = await (await page.waitForSelector('visitor-chat iframe')).contentFrame();
    if (!frame) throw new Error('the chat has no frame');
    await frame.waitForFunction(
      () => {
        const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
        return marks.composer !== undefined && marks.message !== undefined;
      },
      null,
      { timeout: 60_000 },
    );
    const { click } = await marksOf(page);
    const { composer, message } = await marksOf(frame);
    if (click === undefined || composer === undefined || message === undefined) throw new Error('a mark is missing');
    return { composerReady: composer - click, firstMessage: message - click };
  } finally {
    await context.close();
  }
}

/** `runs` runs of the launcher's click against the chat at `chatUrl`, for each network and visit. */
export async function launcherFigures(chatUrl: string, networks: readonly Network[], visits: readonly Visit[], runs: number) {
  const site = await startHostSite(chatUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const figures: { network: Network; visit: Visit; runs: LauncherRun[] }[] = [];
    for (const network of networks) {
      for (const visit of visits) {
        const measured: LauncherRun[] = [];
        for (let run = 0; run < runs; run++) measured.push(await runOnce(browser, site.url(visit), network, visit));
        figures.push({ network, visit, runs: measured });
      }
    }
    return figures;
  } finally {
    await browser.close();
    await site.close();
  }
}
