/**
 * The list table of `npm run bench` (section `list`): the widget's message list against a floor —
 * a bare React 19 page of the same transcript (./floor.tsx: one plain div a message, no
 * virtualisation), the same history response of the same backend (a server process of its own,
 * as each build has) — in one run, so that the ratio holds on any machine. Both builds of the
 * widget are served at once and every round measures the floor, the React build and the Preact
 * build in turn (the order rotating from round to round).
 * - 100 messages (the `bench100` channel) and 10,000 (`bench`): from the history response read to
 *   the first frame with the newest message ({@link instrument}); a fresh browser context a run.
 * - Append @10k: Enter in the composer (the floor's textarea) to the frame with the message, on
 *   the first 10,000-message page of each.
 * - Heap (V8's used heap after a forced garbage collection, CDP Runtime.getHeapUsage) and DOM
 *   elements of each page at 10,000, once the list has settled.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { WIDGET_RUNTIMES, type WidgetRuntime } from '../../scripts/widgetRuntime';
import { startLikeNpmStart, startServerProcess, type ServedBuild, type ServerProcess } from '../support/npmStart';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Runs of each target: the short transcript is quick and noisier, so more of them. */
const SHORT_RUNS = 7;
const LONG_RUNS = 5;
const APPENDS = 7;
/**
 * The wait after a page is closed, before the next opens: the browser tears the closed page's
 * renderer down meanwhile (the floor's, with 70,000 nodes at 10,000 messages, for about a second),
 * and the rotation keeps the targets' cyclic order: without it, the page opened after the floor's
 * — always the same build — shared the machine's two cores with that teardown.
 */
const SETTLE_MS = 1_000;
/** The two transcripts: their channel, and the text the newest message ends with (server/presets.ts). */
const SHORT = { channel: 'bench100', size: 100, newest: '(#100)' } as const;
const LONG = { channel: 'bench', size: 10_000, newest: '(#10000)' } as const;
type Transcript = typeof SHORT | typeof LONG;
/** The targets (issue 30). */
const LIST_TARGET = { longRatio: 10, shortRatio: 1, append: 16 } as const;

/**
 * In the page, before any script: marks when the history response has been read (once the chat's
 * screen, `.chat`, is up), and the first frame after it with a `.message` holding `newest` (the
 * transcript's newest message) — requestAnimationFrame after the mutation that shows it.
 */
function instrument(newest: string): void {
  const w = window as unknown as { __bench: { historyRead?: number; firstPaint?: number } };
  w.__bench = {};
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    if (!String(input instanceof Request ? input.url : input).includes('getHistoryMsg') || w.__bench.historyRead !== undefined) return response;
    const body = await response.arrayBuffer();
    // The engine starts before React has arrived: the history is handed over once the chat screen
    // is mounted, so that the figure is the list's first render, not the page's load.
    await new Promise<void>((resolve) => {
      if (document.querySelector('.chat')) return resolve();
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.chat')) return;
        observer.disconnect();
        resolve();
      }).observe(document, { childList: true, subtree: true });
    });
    w.__bench.historyRead = performance.now();
    return new Response(body, response);
  };
  // When the newest message is first painted: Chromium's Element Timing gives the paint of a text
  // marked with `elementtiming` before it is painted. (The next animation frame after the message is
  // in the DOM is not that frame: the widget's rows come in a ResizeObserver's callback, after that
  // frame's animation callbacks, so it would count the next frame; the floor's come in a task, and
  // the frame's layout of them would not be counted.)
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === 'bench-newest');
    if (entry) w.__bench.firstPaint = (entry as PerformanceEntry & { renderTime: number }).renderTime;
  }).observe({ type: 'element', buffered: true });
  new MutationObserver((_, observer) => {
    if (w.__bench.historyRead === undefined) return;
    // The newest is the last message (or near it): looked for from the end, a few nodes at most.
    const messages = document.querySelectorAll('.message');
    let shown: Element | undefined;
    for (let i = messages.length - 1; i >= 0 && !shown; i--) if (messages[i]?.textContent?.includes(newest)) shown = messages[i];
    if (!shown) return;
    observer.disconnect();
    const walker = document.createTreeWalker(shown, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent?.includes(newest)) node.parentElement?.setAttribute('elementtiming', 'bench-newest');
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Opens `url` in a fresh context and waits for the instrument's figure; the page stays open. */
export async function openTranscript(browser: Browser, url: string, newest: string): Promise<{ page: Page; took: number; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(instrument, newest);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: { firstPaint?: number } }).__bench.firstPaint !== undefined, null, { timeout: 60_000 });
  const took = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { historyRead: number; firstPaint: number } }).__bench;
    return b.firstPaint - b.historyRead;
  });
  return { page, took, close: () => context.close() };
}

/** Types `text` into the page's textarea and presses Enter: the time to the frame that shows the message (looked for from the list's end). */
export function appendOnce(page: Page, text: string): Promise<number> {
  return page.fill('textarea', text).then(() =>
    page.evaluate(
      (t) =>
        new Promise<number>((resolve) => {
          const input = document.querySelector('textarea');
          if (!input) throw new Error('no composer');
          const observer = new MutationObserver(() => {
            const messages = document.querySelectorAll('.message');
            let shown = false;
            for (let i = messages.length - 1; i >= Math.max(0, messages.length - 5) && !shown; i--) shown = messages[i]?.textContent?.includes(t) ?? false;
            if (!shown) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          const t0 = performance.now();
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        }),
      text,
    ),
  );
}

/** The floor's page and script, built with Vite (React's production build) and served from memory by a server of its own. */
async function startFloor(): Promise<{ url: string; close: () => Promise<void> }> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: { write: false, rolldownOptions: { input: fileURLToPath(new URL('./floor.tsx', import.meta.url)), output: { entryFileNames: 'floor.js' } } },
  });
  const outputs = Array.isArray(built) ? built : 'output' in built ? [built] : [];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk' && o.fileName === 'floor.js');
  if (chunk?.type !== 'chunk') throw new Error('the floor did not build');
  const script = chunk.code;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 14px system-ui, sans-serif; } .message { padding: 4px 8px; }</style></head>
<body><div id="root"></div><script type="module" src="/floor.js"></script></body></html>`;
  const server = createServer((req, res) => {
    const js = req.url === '/floor.js';
    res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(js ? script : html);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the floor does not listen');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What is measured: the floor, or a build of the widget. */
type ListTarget = 'floor' | WidgetRuntime;

/** Each target's runs, in ms (heap in bytes). */
interface ListRuns {
  short: number[];
  long: number[];
  append: number[];
  heap: number[];
  /** DOM nodes alive (DevTools' Performance monitor's count, after the collection) and elements in the document. */
  nodes: number[];
  elements: number[];
}

export interface ListFigures {
  runs: Map<ListTarget, ListRuns>;
  /** The load average (1 min) before and after the section. */
  load: [number, number];
}

/** The V8 heap in use and the DOM nodes alive after a forced garbage collection, and the document's elements. */
async function footprint(page: Page): Promise<{ heap: number; nodes: number; elements: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes } = await cdp.send('Memory.getDOMCounters');
  await cdp.detach();
  return { heap: usedSize, nodes, elements: await page.evaluate(() => document.getElementsByTagName('*').length) };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * Measures the floor and each build served at `widgets` (origin of each build's server), rounds
 * interleaved. The floor reads the history from a server of its own (`api`): a server keeps every
 * visitor's 10,000 messages, and the build that shared its server with the floor's ran 9–23 ms
 * slower at 10,000 (its process collecting twice the garbage on the same two cores).
 */
async function listFigures(widgets: ReadonlyMap<WidgetRuntime, string>, api: string): Promise<ListFigures> {
  const load0 = loadavg()[0] ?? NaN;
  const floor = await startFloor();
  const urls = new Map<ListTarget, (t: Transcript) => string>([
    ['floor', (t) => `${floor.url}/?api=${encodeURIComponent(api)}&channelid=${t.channel}`],
    ...[...widgets].map(([runtime, origin]) => [runtime, (t: Transcript) => `${origin}/chat/index?channelid=${t.channel}`] as const),
  ]);
  const targets = [...urls.keys()];
  const runs = new Map(targets.map((t) => [t, { short: [], long: [], append: [], heap: [], nodes: [], elements: [] } as ListRuns]));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const rotated = (round: number) => targets.map((_, i) => targets[(i + round) % targets.length] as ListTarget);
  const urlOf = (target: ListTarget, t: Transcript) => (urls.get(target) as (t: Transcript) => string)(t);
  const runsOf = (target: ListTarget) => runs.get(target) as ListRuns;
  try {
    // A warm-up round, not counted: the browser's first pages pay for its own start.
    for (const target of targets) await (await openTranscript(browser, urlOf(target, SHORT), SHORT.newest)).close();
    for (let round = 0; round < SHORT_RUNS; round++) {
      for (const target of rotated(round)) {
        const { took, close } = await openTranscript(browser, urlOf(target, SHORT), SHORT.newest);
        runsOf(target).short.push(took);
        await close();
        await settle();
      }
    }
    for (let round = 0; round < LONG_RUNS; round++) {
      for (const target of rotated(round)) {
        const { page, took, close } = await openTranscript(browser, urlOf(target, LONG), LONG.newest);
        const r = runsOf(target);
        r.long.push(took);
        await page.waitForTimeout(500);
        const { heap, nodes, elements } = await footprint(page);
        r.heap.push(heap);
        r.nodes.push(nodes);
        r.elements.push(elements);
        if (round === 0) {
          for (let i = 0; i < APPENDS; i++) {
            r.append.push(await appendOnce(page, `bench append ${i}`));
            // The widget's robot answers the message meanwhile: the next one starts after that.
            await page.waitForTimeout(1_500);
          }
        }
        await close();
        await settle();
      }
    }
  } finally {
    await browser.close();
    await floor.close();
  }
  return { runs, load: [load0, loadavg()[0] ?? NaN] };
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const ROW_NAME: Record<ListTarget, string> = { floor: 'plain React 19 divs (floor)', react: 'this widget, React build', preact: 'this widget, Preact build' };

/**
 * Builds and serves both builds of the widget at once (as `npm start` does, each on its own port),
 * then measures them against the floor.
 */
export async function listSection(): Promise<ListFigures> {
  const servers = new Map<WidgetRuntime, ServedBuild>();
  let floorApi: ServerProcess | undefined;
  try {
    for (const runtime of WIDGET_RUNTIMES) servers.set(runtime, await startLikeNpmStart(runtime));
    floorApi = await startServerProcess();
    return await listFigures(new Map([...servers].map(([runtime, server]) => [runtime, server.url])), floorApi.url);
  } finally {
    for (const server of servers.values()) await server.stop();
    await floorApi?.stop();
  }
}

/** The table and the ratios against the floor of each build (`table`), and every run (`runs`). */
export function listReport({ runs, load }: ListFigures): { table: string[]; runs: string[] } {
  const m = (target: ListTarget, key: keyof ListRuns) => median(runs.get(target)?.[key] ?? []);
  const lines = [
    `| | ${SHORT.size.toLocaleString('en')} messages | ${LONG.size.toLocaleString('en')} messages | append @10k | heap @10k | DOM nodes (elements) @10k |`,
    '|---|---:|---:|---:|---:|---:|',
    ...[...runs.keys()].map(
      (t) =>
        `| ${ROW_NAME[t]} | ${ms(m(t, 'short'))} | ${ms(m(t, 'long'))} | ${ms(m(t, 'append'))} | ${mib(m(t, 'heap'))} | ${m(t, 'nodes').toFixed(0)} (${m(t, 'elements').toFixed(0)}) |`,
    ),
  ];
  const floor = { short: m('floor', 'short'), long: m('floor', 'long') };
  for (const t of runs.keys()) {
    if (t === 'floor') continue;
    const long = floor.long / m(t, 'long');
    const short = m(t, 'short') / floor.short;
    const append = m(t, 'append');
    lines.push(
      `- ${ROW_NAME[t]}: 10,000: widget is ${long.toFixed(1)}× faster than the floor (target ≥ ${LIST_TARGET.longRatio}×)${long >= LIST_TARGET.longRatio ? '' : ' MISSED'}; ` +
        `100: widget/floor = ${short.toFixed(2)} (target ≤ ${LIST_TARGET.shortRatio.toFixed(1)})${short <= LIST_TARGET.shortRatio ? '' : ' MISSED'}; ` +
        `append ${ms(append)} (target ≤ ${LIST_TARGET.append} ms)${append <= LIST_TARGET.append ? '' : ' MISSED'}; ` +
        `heap ${mib(m(t, 'heap'))}, ${m(t, 'nodes').toFixed(0)} DOM nodes (issue 30: ≈ 5 MiB, ≈ 270 nodes; no more)`,
    );
  }
  lines.push(
    '',
    `Medians of ${SHORT_RUNS} runs (100), ${LONG_RUNS} (10,000), ${APPENDS} appends on the first 10,000-message page; each run a fresh context, the floor and the builds in turn; Chromium on ${cpus().length} cores, load average ${load[0].toFixed(1)} → ${load[1].toFixed(1)}.`,
  );
  const every: string[] = [];
  for (const [t, r] of runs) {
    every.push(
      `- ${t}: 100 [${r.short.map(ms).join(', ')}]; 10,000 [${r.long.map(ms).join(', ')}]; append [${r.append.map(ms).join(', ')}]; heap [${r.heap.map(mib).join(', ')}]; nodes [${r.nodes.join(', ')}]; elements [${r.elements.join(', ')}]`,
    );
  }
  return { table: lines, runs: every };
}
