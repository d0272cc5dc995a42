/**
 * What the loader costs a host page before the visitor opens the chat: the main thread's script
 * and task time of a shop page with the loader's script tag against the same page without it, in
 * Chromium's DevTools Performance metrics (counted from each navigation up to the load event; an
 * async script runs before load). The shop is of another origin (127.0.0.1) than the chat
 * (localhost), as on a real site.
 * - The first page view in a new tab: a fresh renderer compiles the script and opens the tab's
 *   session storage (a synchronous round trip to the browser process).
 * - The next page views in one tab: LOADS loads of each page in turn after a warm-up of each; the
 *   median of the differences.
 * Figures only: printed by `npm run bench` (a timed bound in the browser tests failed on a busy
 * machine); tests/e2e/loader.test.ts asserts what does not depend on the machine (no request to
 * the chat's backend, no storage before the visitor opens the chat).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { chromium, type CDPSession, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Page views of each page measured in one tab, after a warm-up of each. */
const LOADS = 9;

/** Script and main-thread task time of one page view, in ms. */
interface Metrics {
  script: number;
  task: number;
}

export interface HostPageFigures {
  /** The first page view in a new tab. */
  first: { with: Metrics; without: Metrics };
  /** The next page views in one tab, in the order measured. */
  next: { with: Metrics; without: Metrics }[];
}

/** The shop, with the loader's script tag at `/with` and without it at `/without`. */
async function startShop(chatUrl: string): Promise<{ url: (loader: boolean) => string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const loader = req.url === '/with';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title><link rel="icon" href="data:,"></head>
<body><main><h1>Tea shop</h1><p>Small-batch green and black teas.</p></main>
<script>window.VisitorChat = window.VisitorChat || [];</script>
${loader ? `<script async src="${chatUrl}/chat/loader.js" data-channel-id="demo"></script>` : ''}</body></html>`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the shop does not listen');
  return {
    url: (loader) => `http://127.0.0.1:${address.port}/${loader ? 'with' : 'without'}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** Loads `url` in `page` and returns that page view's metrics (the counters start at each navigation; one session a page, enabled once). */
async function metricsOf(page: Page, url: string): Promise<Metrics> {
  let session = sessions.get(page);
  if (!session) {
    session = page
      .context()
      .newCDPSession(page)
      .then(async (s) => (await s.send('Performance.enable'), s));
    sessions.set(page, session);
  }
  await page.goto(url, { waitUntil: 'load' });
  const { metrics } = await (await session).send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { script: get('ScriptDuration'), task: get('TaskDuration') };
}

/** Measures the shop with and without the loader of the chat at `chatUrl`. */
export async function hostPageFigures(chatUrl: string): Promise<HostPageFigures> {
  const shop = await startShop(chatUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const first = {
      with: await metricsOf(await context.newPage(), shop.url(true)),
      without: await metricsOf(await context.newPage(), shop.url(false)),
    };
    const tab = await context.newPage();
    await metricsOf(tab, shop.url(true));
    await metricsOf(tab, shop.url(false));
    const next: HostPageFigures['next'] = [];
    for (let i = 0; i < LOADS; i++) next.push({ with: await metricsOf(tab, shop.url(true)), without: await metricsOf(tab, shop.url(false)) });
    return { first, next };
  } finally {
    await browser.close();
    await shop.close();
  }
}

/** The figures as report lines. */
export function hostPageReport({ first, next }: HostPageFigures): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const extra = (key: keyof Metrics) => median(next.map((r) => r.with[key] - r.without[key]));
  return [
    `host page: first view in a new tab, script with / without the loader ${ms(first.with.script)} / ${ms(first.without.script)} (+${ms(first.with.script - first.without.script)})`,
    `host page: next views, median of ${next.length} differences: script +${ms(extra('script'))}, main-thread tasks +${ms(extra('task'))} [script with/without: ${next.map((r) => `${r.with.script.toFixed(1)}/${r.without.script.toFixed(1)}`).join(', ')}]`,
  ];
}
