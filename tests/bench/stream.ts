/**
 * A long streamed robot answer in the widget (issue 25): a 2,000-token answer at 50 tokens/s,
 * produced by the AI SDK (`createUIMessageStream`, as a backend built on it answers) in a tiny
 * server of its own, which the reference server relays (ROBOT_URL, server/robotRelay.ts) to the
 * widget's production build on the `bench` channel (10,000 history messages). In the page, while
 * the text streams:
 * - long tasks (PerformanceObserver 'longtask'): how many, the longest (target: none over 50 ms);
 *   and, from a Chromium trace (category `toplevel`, light enough to leave on), each task's time on
 *   the clock against its thread's CPU time: on a machine busy with other work (the load average is
 *   printed) the renderer's main thread is descheduled inside a task, which the clock counts and the
 *   CPU time does not, so a task long only on the clock is the machine's, one long in CPU the page's;
 * - what each delta changes outside the answer's own message item: every DOM mutation of the
 *   document (MutationObserver), and in the React build the components each commit rendered, read
 *   from the commits React reports to a DevTools hook (`__REACT_DEVTOOLS_GLOBAL_HOOK__`, which
 *   production React calls too); target: nothing of the list or of another message;
 * - each delta's arrival (the robotAsk response's body, timestamped chunk by chunk before the
 *   engine reads it) to the frame that shows it (the bubble's text grown to include it, then the
 *   next requestAnimationFrame); target: within one frame (16.7 ms), and whether the text's end
 *   was inside the list's viewport then.
 */
import { serve } from '@hono/node-server';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { Hono } from 'hono';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { COMMIT_PROBE } from '../support/reactCommits';
import { rendererTasks, type TraceEvent } from './mainThread';

/** The answer: 2,000 tokens at 50 tokens/s, each token one text-delta (about 40 s). */
export const STREAM = { tokens: 2_000, tokensPerSecond: 50 } as const;
/** One frame at 60 Hz. */
const FRAME_MS = 1000 / 60;
/** The longest main-thread task the target allows. */
const LONG_TASK_MS = 50;

const WORDS = (
  'Your order ships from our warehouse within two working days and arrives in three to five more ' +
  'depending on where you live. You can return anything within thirty days, unworn and with its ' +
  'tags, for a full refund to the card you paid with; exchanges are free. Payment by card, PayPal ' +
  'or bank transfer is accepted, and invoices are sent by email once the parcel leaves us.'
).split(' ');

/** The answer's deltas: a word each with the space before it, a paragraph every 80 tokens, one link. */
function answerTokens(count: number = STREAM.tokens): string[] {
  return Array.from({ length: count }, (_, i) => {
    const word = i === 40 ? 'https://shop.example/help/returns' : (WORDS[i % WORDS.length] ?? 'word');
    if (i === 0) return word;
    return i % 80 === 0 ? `\n\n${word}` : ` ${word}`;
  });
}

/** A running paced robot: its chat endpoint (for ROBOT_URL) and how to stop it. */
export interface PacedRobot {
  url: string;
  stop: () => Promise<void>;
}

/**
 * An AI SDK chat endpoint that answers every question with `tokens` text deltas, `tokensPerSecond`
 * of them a second on an absolute schedule (no drift), as the AI SDK's `createUIMessageStream`
 * writes them; a request that goes away ends its stream.
 */
export async function startPacedRobot({
  tokens = STREAM.tokens,
  tokensPerSecond = STREAM.tokensPerSecond,
}: { tokens?: number; tokensPerSecond?: number } = {}): Promise<PacedRobot> {
  const deltas = answerTokens(tokens);
  const app = new Hono().post('/chat', (c) => {
    const gone = c.req.raw.signal;
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        writer.write({ type: 'start' });
        writer.write({ type: 'start-step' });
        writer.write({ type: 'text-start', id: 'text-1' });
        const t0 = performance.now();
        for (const [i, delta] of deltas.entries()) {
          const wait = t0 + (i * 1000) / tokensPerSecond - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (gone.aborted) return;
          writer.write({ type: 'text-delta', id: 'text-1', delta });
        }
        writer.write({ type: 'text-end', id: 'text-1' });
        writer.write({ type: 'finish-step' });
        writer.write({ type: 'finish', finishReason: 'stop' });
      },
    });
    return createUIMessageStreamResponse({ stream });
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/chat`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the page records (window.__stream). */
interface StreamProbe {
  /** Per text delta, in order: when the chunk that completed it arrived, and the answer's length with it. */
  arrivals: { at: number; length: number }[];
  /** Per text delta (same index): when the bubble's text first held it, the next animation frame (performance.now() in it, and the frame's own time), and whether the text's end was in the list's viewport then. */
  shown: ({ dom: number; paint: number; frame: number; inView: boolean } | null)[];
  /** Every requestAnimationFrame time while the answer streams. */
  frames: number[];
  longTasks: { start: number; duration: number }[];
  /** DOM mutations inside the answer's message item while its text streams. */
  inside: number;
  /** DOM mutations elsewhere meanwhile, by what changed. */
  outside: Record<string, number>;
  /** React commits meanwhile (React build): component renders inside the answer's item, in other message items, elsewhere (by host element). */
  commits: { inside: number; otherItems: number; otherMounts: number; elsewhere: string[] }[];
}

/**
 * In the page, before any script (addInitScript): the probe above. `tokens` is the number of text
 * deltas to expect; counting outside the bubble stops once the last one is on screen.
 */
function probeStream(tokens: number): void {
  const probe: StreamProbe = { arrivals: [], shown: [], frames: [], longTasks: [], inside: 0, outside: {}, commits: [] };
  (window as unknown as { __stream: StreamProbe }).__stream = probe;
  /** Between the first delta's arrival and the last delta on screen. */
  let shownCount = 0;
  const streaming = () => probe.arrivals.length > 0 && shownCount < tokens;

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  // The robotAsk response's body, timestamped as each chunk arrives, before the engine reads it.
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith('/robotAsk') || !response.body) return response;
    const decoder = new TextDecoder();
    let pending = '';
    let length = 0;
    const timestamp = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const at = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        const events = pending.split(/\r?\n\r?\n/);
        pending = events.pop() ?? '';
        for (const event of events) {
          const data = event
            .split(/\r?\n/)
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          try {
            const frame = JSON.parse(data) as { type?: unknown; delta?: unknown };
            if (frame.type === 'text-delta' && typeof frame.delta === 'string') {
              length += frame.delta.length;
              probe.arrivals.push({ at, length });
              // The window in the trace: marks are trace events (blink.user_timing) on the trace's clock.
              if (probe.arrivals.length === 1) performance.mark('stream:first');
              if (probe.arrivals.length === tokens) performance.mark('stream:last');
              if (probe.arrivals.length === 1)
                requestAnimationFrame(function frame(t) {
                  probe.frames.push(t);
                  if (streaming()) requestAnimationFrame(frame);
                });
            }
          } catch {
            // [DONE], or no JSON: not a delta.
          }
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(timestamp), response);
  };

  /** The streaming text and its message item, while the answer streams. */
  const answerItem = () => {
    const text = document.querySelector('.answer-streaming');
    return { text, item: text?.closest('.message') ?? null };
  };
  const name = (el: Element): string => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls}`;
  };
  /** An element by its tag and classes; one without classes with its parent's. */
  const describe = (node: Node): string => {
    const el = node instanceof Element ? node : node.parentElement;
    if (!el) return node.nodeName;
    return el.className || !el.parentElement ? name(el) : `${name(el)} in ${name(el.parentElement)}`;
  };

  let next = 0;
  /** The answer's message item, kept for the last deltas: the one that ends the answer may come in the commit that shows its whole text. */
  let lastItem: Element | null = null;
  new MutationObserver((records) => {
    if (!streaming()) return;
    const { text: streamingText, item } = answerItem();
    if (item) lastItem = item;
    const text = streamingText ?? lastItem?.querySelector('.content-text') ?? null;
    if (!text) return;
    const at = performance.now();
    // What a delta changes: counted while the text streams (the answer's end changes its message, which is no delta).
    if (item) {
      for (const r of records) {
        if (item.contains(r.target)) probe.inside += 1;
        else {
          const what = `${r.type}${r.attributeName ? ` ${r.attributeName}` : ''} on ${describe(r.target)}`;
          probe.outside[what] = (probe.outside[what] ?? 0) + 1;
        }
      }
    }
    const length = text.textContent?.length ?? 0;
    const now: number[] = [];
    while (next < probe.arrivals.length && (probe.arrivals[next]?.length ?? Infinity) <= length) now.push(next++);
    if (now.length === 0) return;
    requestAnimationFrame((frame) => {
      const paint = performance.now();
      const scroller = document.querySelector('.message-list__scroller')?.getBoundingClientRect();
      const end = text.getBoundingClientRect().bottom;
      const inView = scroller !== undefined && end <= scroller.bottom + 1;
      for (const i of now) probe.shown[i] = { dom: at, paint, frame, inView };
      shownCount += now.length;
    });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });

  // What each React commit rendered (tests/support/reactCommits.ts, installed before this probe).
  window.__onCommit = (rendered) => {
    const { item } = answerItem();
    if (!streaming() || !item) return;
    const commit = { inside: 0, otherItems: 0, otherMounts: 0, elsewhere: [] as string[] };
    // The answer's own item: its message and the list's wrapper of it (virtua's item element).
    const own = item.parentElement ?? item;
    // `mounted`: rendered for the first time (a row entering the list's rendered range).
    for (const { host, mounted } of rendered) {
      if (host && own.contains(host)) commit.inside += 1;
      else if ((host?.querySelector('.message') && !host.querySelector('.message-list__scroller') && !host.contains(item)) || host?.closest('.message')) {
        // Another message's item (its wrapper in the list, or inside it).
        commit.otherItems += 1;
        if (mounted) commit.otherMounts += 1;
      } else commit.elsewhere.push(host ? describe(host) : '(no element)');
    }
    probe.commits.push(commit);
  };
}

/** The probe as an init script's source: tsx names the probe's inner functions with its `__name` helper, so the page gets one of its own. */
const probeSource = (tokens: number): string => `${COMMIT_PROBE}\n(() => { const __name = (f) => f; (${probeStream.toString()})(${tokens}); })();`;

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** The figures of one streamed answer in one build. */
export interface StreamFigures {
  deltas: number;
  shown: number;
  seconds: number;
  longTasks: { over50: number; longest: number; at: string[] };
  /** From the trace: the renderer's main-thread tasks while it streams, on the clock and in the thread's CPU time (ms). */
  cpu: { over50Wall: number; over50Cpu: number; longestCpu: number; at: string[]; busy: number } | null;
  /** The machine's 1-minute load average as the answer started and ended (2 cores: above 2, work waits for a core). */
  load: [number, number];
  latency: { p50: number; p95: number; max: number; withinFrame: number; firstFrame: number; inView: number };
  inside: number;
  outside: Record<string, number>;
  commits: { count: number; inside: number; otherItems: number; otherMounts: number; elsewhere: Record<string, number> } | null;
}

/**
 * The page's main-thread tasks between the marks `stream:first` and 0.1 s after `stream:last`, from a
 * `toplevel` trace: how many took over 50 ms on the clock, how many over 50 ms of CPU, the longest
 * in CPU, each long one as "at: clock/CPU", and the share of the window the thread was busy (CPU).
 */
function mainThreadTasks(trace: Buffer): StreamFigures['cpu'] {
  const { traceEvents: events } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const first = events.find((e) => e.name === 'stream:first');
  const last = events.find((e) => e.name === 'stream:last');
  if (!first || !last) return null;
  const from = first.ts;
  const to = last.ts + 100_000;
  const tasks = rendererTasks(events, 'stream:first').filter((e) => e.ts + (e.dur ?? 0) >= from && e.ts <= to);
  const wall = (e: TraceEvent) => (e.dur ?? 0) / 1000;
  const cpu = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const long = tasks.filter((e) => wall(e) > LONG_TASK_MS || cpu(e) > LONG_TASK_MS);
  return {
    over50Wall: tasks.filter((e) => wall(e) > LONG_TASK_MS).length,
    over50Cpu: tasks.filter((e) => cpu(e) > LONG_TASK_MS).length,
    longestCpu: Math.max(0, ...tasks.map(cpu)),
    at: long.map((e) => `${((e.ts - from) / 1e6).toFixed(1)} s: ${wall(e).toFixed(0)}/${cpu(e).toFixed(0)} ms`),
    busy: tasks.reduce((n, e) => n + cpu(e), 0) / ((to - from) / 1000),
  };
}

/** Asks the `bench` channel's robot (relayed to the paced robot) one question in the build at `url`, and reads the probe. */
export async function streamFigures(url: string, chromiumPath: string): Promise<StreamFigures> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page: Page = await context.newPage();
    await page.addInitScript({ content: probeSource(STREAM.tokens) });
    await page.goto(`${url}/chat/index?channelid=bench`);
    await page.locator('.message').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    await page.fill('textarea', 'Tell me everything about shipping, returns and payment');
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    const loadBefore = loadavg()[0] ?? NaN;
    await page.press('textarea', 'Enter');
    const expected = (STREAM.tokens / STREAM.tokensPerSecond) * 1000;
    await page.waitForFunction((n) => (window as unknown as { __stream: StreamProbe }).__stream.shown.filter(Boolean).length >= n, STREAM.tokens, {
      timeout: expected + 60_000,
      polling: 1_000,
    });
    const loadAfter = loadavg()[0] ?? NaN;
    // The answer's end (its message takes the text, the list re-renders) comes within the 0.1 s after the last delta.
    await page.waitForTimeout(500);
    const cpu = mainThreadTasks(await browser.stopTracing());
    const probe = await page.evaluate(() => (window as unknown as { __stream: StreamProbe }).__stream);
    await context.close();

    const first = probe.arrivals[0]?.at ?? 0;
    const last = probe.arrivals.at(-1)?.at ?? 0;
    const tasks = probe.longTasks.filter((t) => t.start + t.duration >= first && t.start <= last + 100);
    const shown = probe.shown.flatMap((s, i) => (s && probe.arrivals[i] ? [{ ...s, at: probe.arrivals[i].at }] : []));
    const latencies = shown.map((s) => s.paint - s.at).sort((a, b) => a - b);
    // Shown in the first frame after its arrival: no other frame ran between the two.
    const firstFrame = shown.filter((s) => !probe.frames.some((f) => f > s.at && f < s.frame)).length;
    const elsewhere: Record<string, number> = {};
    for (const c of probe.commits) for (const what of c.elsewhere) elsewhere[what] = (elsewhere[what] ?? 0) + 1;
    return {
      deltas: probe.arrivals.length,
      shown: shown.length,
      seconds: (last - first) / 1000,
      longTasks: {
        over50: tasks.filter((t) => t.duration > LONG_TASK_MS).length,
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        at: tasks.map((t) => `${((t.start - first) / 1000).toFixed(1)} s: ${t.duration.toFixed(0)} ms`),
      },
      latency: {
        p50: quantile(latencies, 0.5),
        p95: quantile(latencies, 0.95),
        max: latencies.at(-1) ?? NaN,
        withinFrame: latencies.filter((l) => l <= FRAME_MS).length / latencies.length,
        firstFrame: firstFrame / shown.length,
        inView: shown.filter((s) => s.inView).length / shown.length,
      },
      cpu,
      load: [loadBefore, loadAfter],
      inside: probe.inside,
      outside: probe.outside,
      commits:
        probe.commits.length === 0
          ? null
          : {
              count: probe.commits.length,
              inside: probe.commits.reduce((n, c) => n + c.inside, 0),
              otherItems: probe.commits.reduce((n, c) => n + c.otherItems, 0),
              otherMounts: probe.commits.reduce((n, c) => n + c.otherMounts, 0),
              elsewhere,
            },
    };
  } finally {
    await browser.close();
  }
}

/** The figures as the bench prints them, with the target of each. */
export function streamReport(f: StreamFigures): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const per = (n: number) => (n / Math.max(1, f.deltas)).toFixed(2);
  const outside = Object.entries(f.outside).sort((a, b) => b[1] - a[1]);
  const outsideCount = outside.reduce((n, [, c]) => n + c, 0);
  const lines = [
    `stream: ${f.deltas} text deltas over ${f.seconds.toFixed(1)} s (${(f.deltas / f.seconds).toFixed(1)}/s), ${f.shown} seen on screen`,
    `stream: long tasks while it streams: ${f.longTasks.over50} over ${LONG_TASK_MS} ms, longest ${ms(f.longTasks.longest)} ${f.longTasks.over50 === 0 ? 'ok' : 'OVER TARGET'} (target: none over ${LONG_TASK_MS} ms)${f.longTasks.at.length ? ` [from the first delta: ${f.longTasks.at.join(', ')}]` : ''}`,
    f.cpu
      ? `stream: the same window from a trace: ${f.cpu.over50Wall} main-thread tasks over ${LONG_TASK_MS} ms on the clock, ${f.cpu.over50Cpu} over ${LONG_TASK_MS} ms of CPU (longest in CPU ${ms(f.cpu.longestCpu)}); the thread busy ${pct(f.cpu.busy)} of the time${f.cpu.at.length ? ` [clock/CPU: ${f.cpu.at.join(', ')}]` : ''}; load average ${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)} on ${cpus().length} cores`
      : 'stream: no trace of the main thread (the marks were not found)',
    `stream: arrival → frame showing it: p50 ${ms(f.latency.p50)}, p95 ${ms(f.latency.p95)}, max ${ms(f.latency.max)}; within ${ms(FRAME_MS)} ${pct(f.latency.withinFrame)}, in the first frame after arrival ${pct(f.latency.firstFrame)} (target: within one frame); its end in the list's viewport ${pct(f.latency.inView)}`,
    `stream: DOM mutations: ${f.inside} inside the answer's message item (${per(f.inside)} per delta), ${outsideCount} outside (${per(outsideCount)} per delta)${outside.length ? `: ${outside.map(([what, n]) => `${what} ×${n}`).join('; ')}` : ''} (target: 0 outside)`,
  ];
  if (f.commits) {
    const elsewhere = Object.entries(f.commits.elsewhere).sort((a, b) => b[1] - a[1]);
    const elsewhereCount = elsewhere.reduce((n, [, c]) => n + c, 0);
    lines.push(
      `stream: React commits: ${f.commits.count} (${per(f.commits.count)} per delta); components rendered: ${f.commits.inside} in the answer's item, ${f.commits.otherItems} in other message items (${f.commits.otherMounts} of them mounting: rows entering the rendered range), ${elsewhereCount} elsewhere${elsewhere.length ? ` (${elsewhere.map(([what, n]) => `${what} ×${n}`).join('; ')})` : ''} (target: 0 in other items, no list re-render)`,
    );
  } else lines.push('stream: React commits: not counted (this runtime reports no commits to the DevTools hook)');
  return lines;
}
