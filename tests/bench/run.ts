/**
 * `npm run bench`: performance figures (printed, not asserted in `npm test`), of the engine and of
 * both builds of the widget — React (the default) and WIDGET_RUNTIME=preact — each a production
 * build served by server/node.ts's host, in Chromium.
 * - Engine (Node): applying one poll batch of 1,000 agent messages (< 20 ms).
 * - List table (./list.ts, section `list`): issue 30's table — the list against a plain React 19
 *   page of the same transcript (./floor.tsx, the floor), both builds served at once and measured
 *   in turn with it: 100 messages (`bench100`) and 10,000 (`bench`), from the history response
 *   read to the first frame with the newest message (the widget: ≤ the floor's time at 100, ≥ 10×
 *   faster at 10,000), appending one message at 10,000 (≤ 16 ms), heap and DOM nodes at 10,000.
 * - List (widget section): the real MessageList with the `bench` channel's 10,000 history
 *   messages — first render (< 100 ms, from the history response read to the next frame with the
 *   newest message), appending one message (< 16 ms, Enter to the next frame with it), and
 *   `.message` DOM nodes (bounded by the viewport).
 * - List: "Back to the latest" from the top of the 10,000 — the click to the frame with the list at its
 *   end (< 100 ms; a smooth scroll rendered and measured every row on the way: 5.6–6.8 s), the
 *   longest task, and the most rows rendered on the way.
 * - Page (demo channel): navigation to the first message shown.
 * - Launcher (./launcher.ts): on a host page with the loader, the launcher click to the composer
 *   ready and to the first message visible, with the loader's default hover prefetch and without.
 * - Host page (./hostPage.ts): what the loader costs a shop page before the chat is opened — its
 *   main-thread time attributed by URL in a Chromium trace, as third-party-web measures a vendor
 *   (≤ 5 ms, no task over 50 ms), its top costs, and the page with and without its script tag; first
 *   views in new tabs and next views.
 * Page and launcher on this machine's loopback and over an emulated slow network (150 ms round
 * trips, 1.6 Mbit/s down). The launcher's table ends with the React build against the Preact one,
 * with prefetch (the aim: within 10 %).
 * - Stream (./stream.ts): a 2,000-token robot answer at 50 tokens/s, relayed from an AI SDK stream
 *   (ROBOT_URL) into the `bench` channel: long tasks (none over 50 ms), what each delta changes
 *   outside the answer's own message (nothing), a delta's arrival to the frame that shows it (one
 *   frame).
 * - Long message (./longMessage.ts): a 1 MB text with a link every 48 characters, and without links,
 *   arriving, in history and expanded: the longest task (< 200 ms) and the freeze.
 * The bench ends with a summary of issue 30's targets: the list table, the host page's script
 * (≤ 5 ms), the launcher's click → first message with the default prefetch (≤ 300 ms on loopback).
 * BENCH_ONLY names the sections to run, comma-separated: engine, list (the table, about 2 min),
 * widget (list, page, host page and launcher), stream, long (about 1 min a build); all when unset
 * (e.g. BENCH_ONLY=stream, about 40 s a build).
 */
import { cpus, loadavg } from 'node:os';
import { Subject, of, type Observable } from 'rxjs';
import { chromium, type Page } from 'playwright-core';
import { createChatEngine, EventCode, MsgType, SenderType, type EventBatch, type VisitorApi } from '@visitor-chat/chat-engine';
import { encodeText } from '../../server/agent';
import { WIDGET_RUNTIMES, type WidgetRuntime } from '../../scripts/widgetRuntime';
import { startLikeNpmStart, startServerProcess, type ServedBuild } from '../support/npmStart';
import { emulateNetwork, launcherFigures, HOVER_MS, LOOPBACK, SLOW, type LauncherRun, type Network, type Visit } from './launcher';
import { hostPageFigures, hostPageReport } from './hostPage';
import { startPacedRobot, streamFigures, streamReport, STREAM } from './stream';
import { appendOnce, listReport, listSection, openTranscript } from './list';
import { benchSummary } from './summary';
import { longMessageFigures, longMessageReport } from './longMessage';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const POLL_SIZE = 1_000;
const RUNS = 7;
const BUDGET = { poll: 20, firstRender: 100, append: 16, backToLatest: 100 } as const;

/** In the page: scrolls the list to its top, then clicks "Back to the latest"; the time to the frame with the list at its end, the longest task, the most rows rendered. */
async function backToLatest(page: Page): Promise<{ took: number; longestTask: number; mostRows: number }> {
  for (let i = 0; i < 20 && (await page.evaluate(() => document.querySelector('.message-list__scroller')?.scrollTop)) !== 0; i++) {
    await page.evaluate(() => document.querySelector('.message-list__scroller')?.scrollTo({ top: 0 }));
    await page.waitForTimeout(100);
  }
  await page.locator('.message-list__jump').waitFor();
  // tsx keeps the names of functions (esbuild's keepNames): the function below calls its helper,
  // which the page lacks (a string is not compiled).
  await page.evaluate('window.__name = (f) => f');
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const scroller = document.querySelector('.message-list__scroller');
        const rows = scroller?.firstElementChild;
        const jump = document.querySelector<HTMLButtonElement>('.message-list__jump');
        if (!scroller || !rows || !jump) throw new Error('no list or no button');
        let longestTask = 0;
        let mostRows = 0;
        const tasks = new PerformanceObserver((list) => list.getEntries().forEach((e) => (longestTask = Math.max(longestTask, e.duration))));
        tasks.observe({ type: 'longtask' });
        const rendered = new MutationObserver(() => (mostRows = Math.max(mostRows, rows.childElementCount)));
        rendered.observe(rows, { childList: true });
        const t0 = performance.now();
        jump.click();
        const atEnd = () => {
          if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight >= 2) return requestAnimationFrame(atEnd);
          const took = performance.now() - t0;
          rendered.disconnect();
          // The long tasks of the jump are reported after it.
          setTimeout(() => {
            tasks.disconnect();
            resolve({ took, longestTask, mostRows });
          }, 200);
        };
        requestAnimationFrame(atEnd);
      }),
  );
}

const SECTIONS = ['engine', 'list', 'widget', 'stream', 'long'] as const;
type Section = (typeof SECTIONS)[number];
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !SECTIONS.includes(name as Section));
if (unknown?.length) throw new Error(`BENCH_ONLY: no section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
/** Whether the section runs: all do unless BENCH_ONLY names some. */
const runs = (section: Section): boolean => !only?.length || only.includes(section);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const verdict = (value: number, budget: number): string => (value < budget ? `ok (< ${budget} ms)` : `OVER BUDGET (${budget} ms)`);

/** Issue 30: how many agent messages the per-message figures deliver, one a batch and all in one. */
const FEED_SIZE = 10_000;

/**
 * `total` agent messages applied to an engine in conversation, `perBatch` a batch (1: one a pushed
 * frame or a poll answer each); the time of the dispatch, all batches.
 */
function feedOnce(total: number, perBatch: number): number {
  const batches = new Subject<EventBatch>();
  let polls = 0;
  const answers: Partial<Record<keyof VisitorApi, () => Observable<unknown>>> = {
    channelInfo: () => of({ tenantId: 'bench', receiveMode: 3, robotName: null, faq: null, userForm: null }),
    chatStart: () => of({ userId: 'u', sessionId: 's', pollId: 'p', status: 2 }),
    getHistoryMsg: () => of([]),
    getEventMsg: () => (polls++ === 0 ? batches : new Subject()),
  };
  // Every other call answers with nothing (the engine tolerates it; none matter to the figure).
  const api = new Proxy({} as VisitorApi, { get: (_, name: string) => answers[name as keyof VisitorApi] ?? (() => of(undefined)) });
  const engine = createChatEngine({ query: '?channelid=bench', api, log: { warn: () => undefined } });
  engine.start();
  const now = Date.now();
  const events = Array.from({ length: total }, (_, i) => ({
    event_type: EventCode.AgentMessage,
    msgId: `a${i}`,
    msgContentEnc: encodeText(JSON.stringify({ senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: `Message ${i}`, msgTime: now + i * 1_000 })),
  }));
  const t0 = performance.now();
  for (let i = 0; i < events.length; i += perBatch) batches.next({ events: events.slice(i, i + perBatch) });
  const took = performance.now() - t0;
  const count = engine.getSnapshot().messages.length;
  engine.dispose();
  if (count < total) throw new Error(`the feed applied ${count} messages, not ${total}`);
  return took;
}

/** The engine line of issue 30: FEED_SIZE messages one a batch against all in one batch (the aim: within 3×). */
function feedLine(): string {
  const runs = 5;
  // One run of each warms the JIT up (not counted), then the two alternate: each is measured as warm as the other.
  feedOnce(FEED_SIZE, FEED_SIZE);
  feedOnce(FEED_SIZE, 1);
  const one: number[] = [];
  const each: number[] = [];
  for (let i = 0; i < runs; i++) {
    one.push(feedOnce(FEED_SIZE, FEED_SIZE));
    each.push(feedOnce(FEED_SIZE, 1));
  }
  const ratio = median(each) / median(one);
  return `engine: ${FEED_SIZE.toLocaleString('en')} agent messages one a batch: median ${ms(median(each))} [${each.map(ms).join(', ')}]; all in one batch: median ${ms(median(one))} [${one.map(ms).join(', ')}]; ${ratio.toFixed(1)}× ${ratio <= 3 ? 'ok (≤ 3×)' : 'OVER (3×)'}`;
}

/** In the page, before any script: the time from navigation start to the first message in the DOM. */
const FIRST_MESSAGE_PROBE = `new MutationObserver(function (_, observer) {
  if (!document.querySelector('.message')) return;
  observer.disconnect();
  window.__firstMessage = performance.now();
}).observe(document, { childList: true, subtree: true });`;

/** Navigation to the first message of the demo channel, in a fresh context each run (nothing cached). */
async function firstMessageTimes(url: string, network: Network): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 760 } });
      const page = await context.newPage();
      await emulateNetwork(context, page, network);
      await page.addInitScript({ content: FIRST_MESSAGE_PROBE });
      await page.goto(`${url}/chat/index?channelid=demo`);
      const handle = await page.waitForFunction(() => (window as unknown as { __firstMessage?: number }).__firstMessage, null, { timeout: 60_000 });
      times.push((await handle.jsonValue()) ?? NaN);
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function browserFigures(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const firstRenders: number[] = [];
    const appends: number[] = [];
    let nodes = { bottom: 0, middle: 0, total: 0 };
    const jumps: { took: number; longestTask: number; mostRows: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const { page, took, close } = await openTranscript(browser, `${url}/chat/index?channelid=bench`, '(#10000)');
      firstRenders.push(took);
      if (run === 0) {
        await page.waitForTimeout(500);
        const bottom = await page.locator('.message').count();
        await page.evaluate(() => {
          const s = document.querySelector('.message-list__scroller');
          if (s) s.scrollTop = s.scrollHeight / 2;
        });
        await page.waitForTimeout(500);
        const middle = await page.locator('.message').count();
        const total = await page.evaluate(() => document.getElementsByTagName('*').length);
        nodes = { bottom, middle, total };
        for (let i = 0; i < 3; i++) jumps.push(await backToLatest(page));
        await page.evaluate(() => {
          const s = document.querySelector('.message-list__scroller');
          if (s) s.scrollTop = s.scrollHeight;
        });
        await page.waitForTimeout(500);
        for (let i = 0; i < RUNS; i++) {
          appends.push(await appendOnce(page, `bench append ${i}`));
          await page.waitForTimeout(1_500);
        }
      }
      await close();
    }
    return { firstRender: median(firstRenders), firstRenders, append: median(appends), appends, nodes, jumps };
  } finally {
    await browser.close();
  }
}

if (runs('engine')) {
  const polls = Array.from({ length: RUNS }, () => feedOnce(POLL_SIZE, POLL_SIZE));
  const poll = median(polls.slice(1)); // the first run warms the JIT up
  console.log(`engine: one poll of ${POLL_SIZE} messages: median ${ms(poll)} [${polls.map(ms).join(', ')}] ${verdict(poll, BUDGET.poll)}`);
  console.log(feedLine());
}

const NETWORKS = [LOOPBACK, SLOW] as const;
const VISITS: readonly Visit[] = ['hover', 'hover-complete', 'none'];
const VISIT_LABEL: Record<Visit, string> = {
  hover: `hover, click after ${HOVER_MS} ms`,
  'hover-complete': 'hover, click once prefetched',
  none: 'none, click at once',
};
type LauncherFigures = Awaited<ReturnType<typeof launcherFigures>>;
const launchers = new Map<WidgetRuntime, LauncherFigures>();
/** Each build's host-page report, for the summary. */
const hostPages = new Map<WidgetRuntime, string[]>();

/** The widget section: list, page, host page and launcher figures of the build `server` serves. */
async function widgetSection(runtime: WidgetRuntime, server: ServedBuild): Promise<void> {
  const f = await browserFigures(server.url);
  console.log(`\n${runtime} build (${server.distDir}/)`);
  console.log(
    `list: first render of 10,000 messages: median ${ms(f.firstRender)} [${f.firstRenders.map(ms).join(', ')}] ${verdict(f.firstRender, BUDGET.firstRender)}`,
  );
  console.log(`list: append one message to paint: median ${ms(f.append)} [${f.appends.map(ms).join(', ')}] ${verdict(f.append, BUDGET.append)}`);
  const jump = median(f.jumps.map((j) => j.took));
  console.log(
    `list: Back to the latest from the top of 10,000: median ${ms(jump)} [${f.jumps.map((j) => `${ms(j.took)}, longest task ${ms(j.longestTask)}, ${j.mostRows} rows`).join('; ')}] ${verdict(jump, BUDGET.backToLatest)}`,
  );
  console.log(`list: .message nodes at the bottom ${f.nodes.bottom}, in the middle ${f.nodes.middle} (of 10,000); all elements ${f.nodes.total}`);
  for (const network of NETWORKS) {
    const times = await firstMessageTimes(server.url, network);
    console.log(`page: navigation to the first message, ${network.name}: median ${ms(median(times))} [${times.map(ms).join(', ')}]`);
  }
  hostPages.set(runtime, hostPageReport(await hostPageFigures(server.url)));
  for (const line of hostPages.get(runtime) ?? []) console.log(line);
  const figures = await launcherFigures(server.url, NETWORKS, VISITS, RUNS);
  for (const { network, visit, runs } of figures) {
    const of = (key: keyof LauncherRun) => runs.map((r) => r[key]);
    console.log(
      `launcher, ${network.name}, prefetch ${VISIT_LABEL[visit]}: click → composer ready [${of('composerReady').map(ms).join(', ')}]; click → first message [${of('firstMessage').map(ms).join(', ')}]`,
    );
  }
  launchers.set(runtime, figures);
}

// The list table: both builds served at once, measured in turn with the floor.
const list = runs('list') ? listReport(await listSection()) : undefined;
if (list) console.log(`\nlist: the widget against a plain React 19 page of the same transcript (the floor)\n${[...list.table, ...list.runs].join('\n')}`);

// The stream section's robot: one for both builds, started before either.
const robot = runs('stream') ? await startPacedRobot() : undefined;
try {
  for (const runtime of WIDGET_RUNTIMES) {
    // One build served at a time: the other server would only share the machine's cores.
    let distDir: string | undefined;
    if (runs('widget') || runs('long')) {
      const server = await startLikeNpmStart(runtime);
      distDir = server.distDir;
      try {
        if (runs('widget')) await widgetSection(runtime, server);
        if (runs('long')) console.log(`\n${runtime} build\n${longMessageReport(await longMessageFigures(server.url, CHROMIUM)).join('\n')}`);
      } finally {
        await server.stop();
      }
    }
    if (robot) {
      // A server of its own, relaying robotAsk to the paced robot (the widget section's appends ask the local one).
      const env = { ROBOT_URL: robot.url };
      const server = distDir === undefined ? await startLikeNpmStart(runtime, { env }) : await startServerProcess({ distDir, env });
      try {
        const f = await streamFigures(server.url, CHROMIUM);
        console.log(
          `\n${runtime} build: a ${STREAM.tokens.toLocaleString('en')}-token answer at ${STREAM.tokensPerSecond} tokens/s (AI SDK stream relayed by ROBOT_URL), bench channel`,
        );
        for (const line of streamReport(f)) console.log(line);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await robot?.stop();
}

/** The launcher's medians of both builds, as one markdown table, then React against Preact with the default hover prefetch. */
function launcherTable(): string {
  const rows = ['| network | prefetch | build | click → composer ready | click → first message |', '|---|---|---|---|---|'];
  const medianOf = (runtime: WidgetRuntime, network: Network, visit: Visit, key: keyof LauncherRun): number => {
    const figure = launchers.get(runtime)?.find((f) => f.network === network && f.visit === visit);
    return median(figure?.runs.map((r) => r[key]) ?? []);
  };
  for (const network of NETWORKS) {
    for (const visit of VISITS) {
      for (const runtime of WIDGET_RUNTIMES) {
        rows.push(
          `| ${network.name} | ${VISIT_LABEL[visit]} | ${runtime} | ${ms(medianOf(runtime, network, visit, 'composerReady'))} | ${ms(medianOf(runtime, network, visit, 'firstMessage'))} |`,
        );
      }
    }
  }
  const compared = NETWORKS.flatMap((network) =>
    (['hover', 'hover-complete'] as const).flatMap((visit) =>
      (['composerReady', 'firstMessage'] as const).map((key) => {
        const [react, preact] = [medianOf('react', network, visit, key), medianOf('preact', network, visit, key)];
        const slower = (react / preact - 1) * 100;
        const what = key === 'composerReady' ? 'composer ready' : 'first message';
        return `- ${network.name}, ${VISIT_LABEL[visit]}, ${what}: React ${slower >= 0 ? '+' : ''}${slower.toFixed(0)} % against Preact${slower > 10 ? ' (more than 10 %)' : ''}`;
      }),
    ),
  );
  return `${rows.join('\n')}\n\nWith prefetch:\n${compared.join('\n')}`;
}

if (runs('widget'))
  console.log(
    `\nlauncher on a host page: medians of ${RUNS} runs, each in a fresh context (nothing cached); Chromium on ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}\n${launcherTable()}`,
  );

for (const line of benchSummary({ list: list?.table, hostPages, launchers })) console.log(line);
