/**
 * A long message stays cheap (issue 30): one 1,000,000-character agent text, with an http link every
 * 48 characters (20,833 links) and without links, as it arrives (the dev control agentSay, pushed to
 * the open chat) and as history (the chat opened again by the same visitor), then expanded with
 * "Show more" when the widget collapses it. Each figure: the longest main-thread task and the page's
 * freeze — the sum of its long tasks (over 50 ms, PerformanceObserver 'longtask') from the message's
 * arrival (the history response read) until the page is quiet again — and the anchors and elements
 * the message list holds then. Target: no task over 200 ms.
 * Figures only, printed by `npm run bench` (BENCH_ONLY=long); tests/e2e/longMessage.test.ts asserts
 * what does not depend on the machine (the DOM bounded until expanded).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { rendererTasks, type TraceEvent } from './mainThread';

/** The long text: its length, and a link every `linkEvery` characters (the issue's case). */
const LONG_MESSAGE = { chars: 1_000_000, linkEvery: 48 } as const;

/** What a case is measured on: the message arriving in the open chat, in the history of a chat opened again, expanded. */
type Moment = 'arrives' | 'history' | 'expanded';

export interface LongMessageFigure {
  links: boolean;
  moment: Moment;
  /** The longest task (ms). */
  longest: number;
  /** The sum of the long tasks (ms). */
  freeze: number;
  /** Long tasks. */
  tasks: number;
  /** The same by the main thread's CPU time (Chromium's trace: a busy machine stretches a task's wall time, not its CPU time). */
  longestCpu: number;
  freezeCpu: number;
  /** Anchors and elements in the message list once quiet. */
  anchors: number;
  elements: number;
}

/**
 * 1,000,000 characters: with links, units of 48 characters that each start with a link
 * (`https://example.com/item/000001 lorem ipsum sit `); without, the same words and numbers with no scheme.
 */
export function longMessageText(links: boolean): string {
  const unit = (i: number) => `${links ? 'https://' : 'see:    '}example.com/item/${String(i).padStart(6, '0')} lorem ipsum sit `;
  const units = Math.ceil(LONG_MESSAGE.chars / LONG_MESSAGE.linkEvery);
  return Array.from({ length: units }, (_, i) => unit(i))
    .join('')
    .slice(0, LONG_MESSAGE.chars);
}

/** In the page, before any script: every long task, kept in `window.__longTasks`. */
function observeLongTasks(): void {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Waits until no long task has ended for `quietMs`, then reads those that started after `from` (page time), and the list's nodes. */
async function settle(page: Page, from: number, quietMs = 1_500): Promise<Omit<LongMessageFigure, 'links' | 'moment' | 'longestCpu' | 'freezeCpu'>> {
  for (;;) {
    const last = await page.evaluate((since) => {
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      return { now: performance.now(), end: Math.max(since, ...tasks.map((t) => t.start + t.duration)) };
    }, from);
    if (last.now - last.end > quietMs) break;
    await page.waitForTimeout(250);
  }
  return page.evaluate((since) => {
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((t) => t.start >= since);
    const log = document.querySelector('[role="log"]');
    return {
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      freeze: tasks.reduce((n, t) => n + t.duration, 0),
      tasks: tasks.length,
      anchors: log?.querySelectorAll('a').length ?? 0,
      elements: log?.querySelectorAll('*').length ?? 0,
    };
  }, from);
}

/**
 * The CPU time of the page's main-thread tasks while `run` runs, from a Chromium trace: the longest,
 * and the sum of those over 50 ms. The page's renderer is the one that records the mark `run` ends with.
 */
async function cpuOf(browser: Browser, page: Page, run: () => Promise<Omit<LongMessageFigure, 'links' | 'moment' | 'longestCpu' | 'freezeCpu'>>) {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  const figure = await run();
  await page.evaluate(() => performance.mark('long-message:end'));
  const { traceEvents: events } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const cpu = rendererTasks(events, 'long-message:end').map((e) => (e.tdur ?? 0) / 1000);
  return { ...figure, longestCpu: Math.max(0, ...cpu), freezeCpu: cpu.filter((d) => d > 50).reduce((n, d) => n + d, 0) };
}

/** Waits for the long message in the list (its text's start), without reading a megabyte of text each poll. */
const shown = (page: Page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('.content-text')].some((m) => m.textContent?.slice(0, 100).includes('example.com/item/000000')),
    null,
    {
      timeout: 120_000,
      polling: 250,
    },
  );

/** The page time when the newest getHistoryMsg response had been read. */
const historyRead = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('getHistoryMsg'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    ),
  );

/** One case (with links or not) in the build at `url`: as it arrives, as history, and expanded (when the widget offers Show more). */
async function measure(url: string, chromiumPath: string, links: boolean): Promise<LongMessageFigure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const figures: LongMessageFigure[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    await page.goto(`${url}/chat/index?channelid=agent`);
    await page.locator('textarea').waitFor({ timeout: 60_000 });
    const userId = await page.waitForFunction(() => localStorage.getItem('chat-agent-uid')).then((h) => h.jsonValue());
    await settle(page, 0, 1_000);
    const text = longMessageText(links);
    const arrives = await cpuOf(browser, page, async () => {
      const from = await page.evaluate(() => performance.now());
      const said = await fetch(`${url}/api/dev/agentSay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, text }),
      });
      if (!said.ok) throw new Error(`agentSay: ${said.status}`);
      await shown(page);
      return settle(page, from);
    });
    figures.push({ links, moment: 'arrives', ...arrives });

    const again = await context.newPage();
    await page.close();
    const history = await cpuOf(browser, again, async () => {
      await again.goto(`${url}/chat/index?channelid=agent`);
      await shown(again);
      await again.waitForTimeout(200);
      return settle(again, await historyRead(again));
    });
    figures.push({ links, moment: 'history', ...history });

    const more = again.getByRole('button', { name: 'Show more' });
    if (await more.count()) {
      // Clicked as a visitor does once the list has stopped moving.
      await more.scrollIntoViewIfNeeded();
      await again.waitForTimeout(500);
      const expanded = await cpuOf(browser, again, async () => {
        const clicked = await again.evaluate(() => performance.now());
        await more.click();
        return settle(again, clicked);
      });
      figures.push({ links, moment: 'expanded', ...expanded });
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return figures;
}

/** Both cases in the build at `url`. */
export async function longMessageFigures(url: string, chromiumPath: string): Promise<LongMessageFigure[]> {
  return [...(await measure(url, chromiumPath, true)), ...(await measure(url, chromiumPath, false))];
}

const MOMENT: Record<Moment, string> = { arrives: 'arrives (pushed)', history: 'in history (reopened)', expanded: 'Show more' };

/** The figures as printed lines. */
export function longMessageReport(figures: readonly LongMessageFigure[]): string[] {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  return figures.map(
    (f) =>
      `long message, ${(LONG_MESSAGE.chars / 1e6).toFixed(0)} MB ${f.links ? `with a link every ${LONG_MESSAGE.linkEvery} chars` : 'without links'}, ${MOMENT[f.moment]}: longest task ${ms(f.longest)} (CPU ${ms(f.longestCpu)})${f.longestCpu > 200 ? ' OVER 200 ms' : ''}, freeze ${ms(f.freeze)} in ${f.tasks} long tasks (CPU ${ms(f.freezeCpu)}); the list holds ${f.anchors} anchors, ${f.elements} elements`,
  );
}
