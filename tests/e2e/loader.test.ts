import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import { dirname } from 'node:path';
import type { CDPSession, Frame, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitorChat, VisitorChatCall } from '../../ui/loader/api';
import { DESKTOP, PHONE, useBrowser } from './browser';
import { axeViolations, describeFocus, dev, tabTo } from './helpers';

/**
 * The host-page loader (ui/loader, issue 13) on a shop page of another origin than the chat's, as
 * a host integrator and a visitor meet it: its cost before the chat is opened, the API and its
 * events, what reaches the chat's start, the unread badge, the origin checks of the postMessage
 * protocol, the open state across page loads, keyboard use, destroy() and accessibility.
 *
 * The shop pages come from a tiny server on 127.0.0.1 (Chromium's Local Network Access blocks a
 * "public" page, one fulfilled by page.route included, from loading scripts from localhost); the
 * chat is the suite's server on http://localhost:PORT. The launcher lives in a closed shadow root
 * that Playwright's locators cannot enter: the tests reach it over the DevTools protocol (its
 * accessible name from the accessibility tree, its place on screen for the mouse).
 */

/** Where the cost figures land (test-results/ is ignored by git). */
const COST_FILE = 'test-results/loader-cost.md';
/**
 * The loader's own script time per page view of the shop, at most (the median of LOADS loads in
 * one tab; see the cost test). Issue 13 aims at 5 ms; this 2-core machine, shared with other test
 * runs, measures 3–6 ms with spikes above, so the bound is generous and the figures go to
 * COST_FILE. The first page view in a new tab costs more (a fresh renderer compiles the script and
 * opens sessionStorage, a synchronous round trip to the browser process): recorded, not asserted.
 */
const SCRIPT_BUDGET_MS = 20;
const LOADS = 5;

/** A tiny site on 127.0.0.1: pages registered by path, served as HTML. */
interface Site {
  origin: string;
  /** Serves `html` at a new path of this site; returns its URL. */
  page(html: string): string;
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const html = pages.get((req.url ?? '/').split('?')[0] ?? '/');
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html ?? 'not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the site does not listen');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    page(html) {
      const path = `/p${pages.size + 1}/`;
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the shop's handlers heard: `[event, ...args]`, and `['marker']` for the test's own ordering marks. */
type Heard = [string, ...unknown[]];
interface ShopWindow {
  heard: Heard[];
  VisitorChat: VisitorChat;
}

const EVENTS = ['ready', 'open', 'close', 'message', 'unreadCountChange'] as const;

/**
 * A shop page: the queue snippet (with `queue` pushed onto it, and handlers recording every event
 * into `window.heard` unless `record` is false), then the loader's script tag.
 */
function shopHtml(baseUrl: string, { queue = '', record = true, body = '', loader = true, channel = 'agent' } = {}): string {
  const recording = record ? `for (const e of ${JSON.stringify(EVENTS)}) VisitorChat.push(['on', e, (...a) => heard.push([e, ...a])]);` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title><link rel="icon" href="data:,"></head>
<body><header><nav aria-label="Shop"><a href="#teas">Teas</a></nav></header>
<main><h1>Tea shop</h1><p id="teas">Small-batch green and black teas.</p>${body}</main>
<script>window.VisitorChat = window.VisitorChat || []; window.heard = [];
addEventListener('message', (e) => { if (e.data && e.data.marker) heard.push(['marker', e.data.marker]); });
${recording}${queue}</script>
${loader ? `<script async src="${baseUrl}/chat/loader.js" data-channel-id="${channel}"></script>` : ''}
</body></html>`;
}

// --- the launcher in its closed shadow root, over the DevTools protocol ---

const sessions = new WeakMap<Page, Promise<CDPSession>>();
function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** What a visitor can tell of the launcher, and where it is. */
interface Launcher {
  /** Its accessible name (the accessibility tree's). */
  name: string;
  expanded: boolean;
  focused: boolean;
  focusVisible: boolean;
  outline: string;
  badge: string;
  /** Drawn (the panel hides it on a phone while open). */
  shown: boolean;
  /** The panel with the chat is visible. */
  panelOpen: boolean;
  x: number;
  y: number;
}

const LAUNCHER_STATE = `function () {
  const root = this.getRootNode();
  const panel = root.querySelector('div');
  const style = getComputedStyle(this);
  const box = this.getBoundingClientRect();
  return {
    expanded: this.getAttribute('aria-expanded') === 'true',
    focused: root.activeElement === this && document.hasFocus(),
    focusVisible: this.matches(':focus-visible'),
    outline: style.outlineStyle + ' ' + style.outlineWidth,
    badge: this.querySelector('b').textContent,
    shown: style.display !== 'none' && box.width > 0,
    panelOpen: getComputedStyle(panel).visibility === 'visible',
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  };
}`;

/** The launcher's state, or null when the page has no `<visitor-chat>` (yet, or any more). */
async function launcher(page: Page): Promise<Launcher | null> {
  const session = await cdp(page);
  const { result } = await session.send('Runtime.evaluate', { expression: 'document.querySelector("visitor-chat")' });
  if (!result.objectId) return null;
  const { node } = await session.send('DOM.describeNode', { objectId: result.objectId, depth: 2, pierce: true });
  const button = node.shadowRoots?.[0]?.children?.find((child) => child.nodeName === 'BUTTON');
  if (!button) return null;
  const { object } = await session.send('DOM.resolveNode', { backendNodeId: button.backendNodeId });
  const state = await session.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: LAUNCHER_STATE, returnByValue: true });
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { backendNodeId: button.backendNodeId, fetchRelatives: false });
  const name = nodes.find((n) => n.role?.value === 'button')?.name?.value as string | undefined;
  return { ...(state.result.value as Omit<Launcher, 'name'>), name: name ?? '' };
}

/** The launcher, once it is drawn. */
async function launcherShown(page: Page): Promise<Launcher> {
  let state: Launcher | null = null;
  await expect.poll(async () => (state = await launcher(page))?.shown, { message: 'the launcher is drawn' }).toBe(true);
  return state as unknown as Launcher;
}

async function clickLauncher(page: Page): Promise<void> {
  const { x, y } = await launcherShown(page);
  await page.mouse.click(x, y);
}

/** The chat's frame (in the panel), once it is there. */
async function chatFrame(page: Page): Promise<Frame> {
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('/chat/index')))?.url(), { message: 'the chat frame is there' }).toBeTruthy();
  return frame as Frame;
}

/** The DevTools Performance metrics of one page view, in ms: script and main-thread task time. */
interface Metrics {
  script: number;
  task: number;
}
const measuring = new WeakSet<Page>();
/** Loads `url` in `page` and returns its page view's script and task time up to the load event (the counters start at each navigation; an async script runs before load). */
async function scriptTimeOf(page: Page, url: string): Promise<Metrics> {
  const session = await cdp(page);
  if (!measuring.has(page)) {
    await session.send('Performance.enable');
    measuring.add(page);
  }
  await page.goto(url, { waitUntil: 'load' });
  const { metrics } = await session.send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { script: get('ScriptDuration'), task: get('TaskDuration') };
}

const heard = (page: Page): Promise<Heard[]> => page.evaluate(() => (window as unknown as ShopWindow).heard);
const heardOf = async (page: Page, event: string): Promise<unknown[][]> => (await heard(page)).filter(([e]) => e === event).map(([, ...args]) => args);
/** Calls the API on the shop page once the loader has run. */
async function call(page: Page, ...args: VisitorChatCall): Promise<void> {
  await page.waitForFunction(() => !Array.isArray(window.VisitorChat));
  await page.evaluate((c) => (window as unknown as ShopWindow).VisitorChat.push(c), args);
}
const isOpen = (page: Page): Promise<boolean> => page.evaluate(() => (window as unknown as ShopWindow).VisitorChat.isOpen());

/** Every request of the page and its frames. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}
const apiCalls = (requests: Request[]) => requests.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
const chatStarts = (requests: Request[]) => requests.filter((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
const bodyOf = (request: Request) => JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
const storageOf = (page: Page) => page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));

describe('the host-page loader on a shop page of another origin (issue 13)', () => {
  const s = useBrowser(DESKTOP);
  let shop: Site;
  /** A second origin: an ad frame on the shop page, or a page that frames the chat itself. */
  let other: Site;
  const hostPage = (html: string) => shop.page(html);

  beforeAll(async () => {
    [shop, other] = await Promise.all([startSite(), startSite()]);
  });
  afterAll(async () => {
    await Promise.all([shop?.close(), other?.close()]);
  });

  it('costs the shop page no chat request, no storage and little script until the visitor opens the chat', async () => {
    const { page, context } = s;
    const withLoader = hostPage(shopHtml(s.baseUrl));
    const without = hostPage(shopHtml(s.baseUrl, { loader: false }));
    const requests = recordRequests(page);
    const loaderResponse = page.waitForResponse((r) => r.url().endsWith('/chat/loader.js'));
    // The first page view in a new tab: the loader's script time in a fresh renderer.
    const coldWith = await scriptTimeOf(page, withLoader);
    const loaderJs = await loaderResponse;
    const { responseBodySize, responseHeadersSize } = await loaderJs.request().sizes();
    const encoding = (await loaderJs.allHeaders())['content-encoding'] ?? 'identity';
    await launcherShown(page);
    const requestsOnLoad = requests.map((r) => r.url());

    // Hovering the page does nothing; hovering the launcher loads the chat's files ahead of the
    // first open (prefetch: hover), and the chat waits: still no request to the chat's backend.
    await page.getByRole('heading', { name: 'Tea shop' }).hover();
    expect(page.frames()).toHaveLength(1);
    const { x, y } = await launcherShown(page);
    await page.mouse.move(x, y);
    const frame = await chatFrame(page);
    await frame.waitForLoadState('networkidle');
    const prefetched = requests.length - requestsOnLoad.length;
    expect(apiCalls(requests).map((r) => r.url())).toEqual([]);
    expect(await storageOf(page)).toEqual({ local: {}, session: {} });
    expect(await context.cookies()).toEqual([]);

    // Opening it starts the chat, and only now is something stored.
    const chatStart = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
    await page.mouse.click(x, y);
    await chatStart;
    expect(Object.keys((await storageOf(page)).session)).toEqual(['visitor-chat-agent']);

    // The main-thread cost: the same page with and without the loader, loaded in turn in one tab
    // (the visitor's next page views of the shop) after a warm-up of each; and the first view of
    // the page without the loader in a new tab, beside the first view with it above.
    const coldWithout = await scriptTimeOf(await context.newPage(), without);
    const tab = await context.newPage();
    await scriptTimeOf(tab, withLoader);
    await scriptTimeOf(tab, without);
    const runs: { with: Metrics; without: Metrics }[] = [];
    for (let i = 0; i < LOADS; i++) runs.push({ with: await scriptTimeOf(tab, withLoader), without: await scriptTimeOf(tab, without) });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const of = (key: keyof Metrics, variant: 'with' | 'without') => median(runs.map((r) => r[variant][key]));
    const extra = (key: keyof Metrics) => median(runs.map((r) => r.with[key] - r.without[key]));
    const chatRequests = requestsOnLoad.filter((u) => u.startsWith(s.baseUrl));
    const table = [
      '| Figure | Value |',
      '|---|---|',
      `| loader.js transferred (content-encoding ${encoding}) | ${responseBodySize + responseHeadersSize} B (body ${responseBodySize} B, headers ${responseHeadersSize} B) |`,
      `| Requests of the page until the visitor opens the chat | ${requestsOnLoad.length} (to the chat's origin ${chatRequests.length}: ${chatRequests.map((u) => new URL(u).pathname).join(', ')}; to /api/ 0) |`,
      `| Requests when the launcher is hovered (prefetch), before open | ${prefetched} more (the widget's files; to /api/ 0) |`,
      '| Storage written before open | none (localStorage, sessionStorage, cookies) |',
      `| First page view in a new tab: ScriptDuration with / without the loader | ${ms(coldWith.script)} / ${ms(coldWithout.script)} |`,
      `| Next page views, median of ${LOADS}: ScriptDuration with / without the loader | ${ms(of('script', 'with'))} / ${ms(of('script', 'without'))} |`,
      `| Next page views, median of ${LOADS}: TaskDuration with / without the loader | ${ms(of('task', 'with'))} / ${ms(of('task', 'without'))} |`,
      `| The loader's extra script time per page view (median of the differences) | ${ms(extra('script'))} |`,
      `| The loader's extra main-thread task time per page view (median of the differences) | ${ms(extra('task'))} |`,
      `| Each page view: script with / without | ${runs.map((r) => `${r.with.script.toFixed(1)}/${r.without.script.toFixed(1)}`).join(', ')} |`,
    ].join('\n');
    console.log(`[loader cost] the shop page before the chat is opened (Chromium, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}):\n${table}`);
    mkdirSync(dirname(COST_FILE), { recursive: true });
    writeFileSync(
      COST_FILE,
      `# What the loader costs the host page before the chat is opened\n\nMeasured by tests/e2e/loader.test.ts on ${new Date().toISOString()} (Chromium, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}).\n\n${table}\n`,
    );
    expect(extra('script')).toBeLessThan(SCRIPT_BUDGET_MS);
  });

  it('runs the calls queued before it loaded in order, fires ready, and opens, closes and toggles with events', async () => {
    const { page } = s;
    // Handlers added between the calls hear only what comes after them.
    const queue = `
      VisitorChat.push(['on', 'open', () => heard.push(['first open handler'])]);
      VisitorChat.push(['open']);
      VisitorChat.push(['on', 'close', () => heard.push(['close handler'])]);
      VisitorChat.push(['close']);
      VisitorChat.push(['on', 'open', () => heard.push(['second open handler'])]);
      VisitorChat.push(['toggle']);
      VisitorChat.push(['on', 'ready', () => heard.push(['ready handler'])]);`;
    await page.goto(hostPage(shopHtml(s.baseUrl, { record: false, queue })));
    await expect.poll(() => heard(page)).toContainEqual(['ready handler']);
    expect(await heard(page)).toEqual([['first open handler'], ['close handler'], ['first open handler'], ['second open handler'], ['ready handler']]);
    expect(await isOpen(page)).toBe(true);
    expect(await launcherShown(page)).toMatchObject({ expanded: true, panelOpen: true });

    // Now the API object itself.
    const result = await page.evaluate(async () => {
      const chat = (window as unknown as ShopWindow).VisitorChat;
      const log: string[] = [];
      const stop = chat.on('close', () => log.push('close'));
      chat.on('open', () => log.push('open'));
      chat.close();
      const closed = chat.isOpen();
      chat.close(); // already closed: no event
      chat.toggle();
      const toggledOpen = chat.isOpen();
      stop();
      chat.toggle(); // the close handler is gone
      chat.open();
      // A handler added after ready still hears it, at once.
      const lateReady = await new Promise<boolean>((resolve) => {
        chat.on('ready', () => resolve(true));
        setTimeout(() => resolve(false), 1_000);
      });
      return { log, closed, toggledOpen, lateReady, open: chat.isOpen() };
    });
    expect(result).toEqual({ log: ['close', 'open', 'open'], closed: false, toggledOpen: true, lateReady: true, open: true });
    expect(await launcherShown(page)).toMatchObject({ expanded: true, panelOpen: true });
    await call(page, 'close');
    expect(await launcherShown(page)).toMatchObject({ expanded: false, panelOpen: false });
  });

  it('sends identify and setParams with the chat’s start, never in the frame’s URL', async () => {
    const { page } = s;
    const queue = `
      VisitorChat.push(['identify', { name: 'Ada Lovelace', email: 'ada@example.com' }]);
      VisitorChat.push(['identify', { phone: '+44 20 7946 0000' }]);
      VisitorChat.push(['setParams', 'plan=gold&cart=3']);`;
    const requests = recordRequests(page);
    await page.goto(hostPage(shopHtml(s.baseUrl, { queue })));
    const started = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
    await clickLauncher(page);
    expect(bodyOf(await started)).toMatchObject({ userName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', params: 'plan=gold&cart=3' });
    const frameUrl = (await chatFrame(page)).url();
    const frameQuery = [...new URL(frameUrl).searchParams.keys()];
    expect(frameQuery.sort()).toEqual(['channelid', 'from', 'host']);
    for (const secret of ['Ada', 'Lovelace', 'ada@example', 'ada%40example', '7946', 'plan', 'gold']) expect(frameUrl).not.toContain(secret);
    // Nor in any URL the chat requests.
    for (const r of requests) expect(r.url()).not.toMatch(/Lovelace|ada(@|%40)example|7946|plan=gold/);
  });

  it('setLanguage before the chat opens starts it in that language, and after switches the open chat', async () => {
    const { page } = s;
    await page.goto(hostPage(shopHtml(s.baseUrl, { queue: `VisitorChat.push(['setLanguage', 'de']);` })));
    await clickLauncher(page);
    const frame = await chatFrame(page);
    await frame.locator('html[lang=de]').waitFor({ state: 'attached' });
    await frame.getByRole('button', { name: 'Chat schließen' }).waitFor();
    await frame.getByRole('textbox', { name: 'Nachricht' }).waitFor();

    await call(page, 'setLanguage', 'es');
    await frame.locator('html[lang=es]').waitFor({ state: 'attached' });
    await frame.getByRole('button', { name: 'Cerrar chat' }).waitFor();
  });

  it('counts the agent’s messages while the panel is closed: message event, unread count and the launcher’s name; opening resets it', { tags: ['smoke'] }, async () => {
    const { page } = s;
    await page.goto(hostPage(shopHtml(s.baseUrl)));
    await clickLauncher(page);
    const frame = await chatFrame(page);
    await frame.getByRole('log').getByText("Hi, I'm Alice").waitFor();
    // What came while the panel was open is not unread.
    expect(await heardOf(page, 'unreadCountChange')).toEqual([]);
    await clickLauncher(page);
    expect(await launcherShown(page)).toMatchObject({ expanded: false, panelOpen: false, name: 'Chat', badge: '' });

    const userId = await page.evaluate(() => localStorage.getItem('visitor-chat-agent-uid'));
    expect(userId).toBeTruthy();
    await dev(s.baseUrl, 'agentSay', { userId, text: 'Your parcel left our warehouse today.' });
    await expect.poll(() => heardOf(page, 'unreadCountChange')).toEqual([[1]]);
    expect(await heardOf(page, 'message')).toContainEqual([{ senderName: 'Alice', preview: 'Your parcel left our warehouse today.' }]);
    expect(await launcherShown(page)).toMatchObject({ name: 'Chat (1)', badge: '1' });

    await clickLauncher(page);
    await expect.poll(() => heardOf(page, 'unreadCountChange')).toEqual([[1], [0]]);
    expect(await launcherShown(page)).toMatchObject({ name: 'Chat', badge: '', expanded: true });
  });

  it('ignores close and message notices that another frame on the shop page forges', async () => {
    const { page } = s;
    const adUrl = other.page('<!doctype html><title>Ad</title><p>Buy kettles</p>');
    await page.goto(hostPage(shopHtml(s.baseUrl, { body: `<iframe title="Advertisement" src="${adUrl}"></iframe>` })));
    await clickLauncher(page);
    await chatFrame(page);
    const ad = page.frames().find((f) => f.url() === adUrl);
    if (!ad) throw new Error('the ad frame is missing');
    /** Posts `data` to the shop page from the ad frame and from the shop page itself, then a marker, and waits for the marker. */
    async function forge(data: object, marker: string): Promise<void> {
      const post = ([d, m]: [object, string]) => {
        parent.postMessage(d, '*');
        parent.postMessage({ marker: m }, '*');
      };
      await ad?.evaluate(post, [data, `${marker} from the ad`] as [object, string]);
      await page.evaluate(post, [data, `${marker} from the page`] as [object, string]);
      await expect.poll(() => heardOf(page, 'marker')).toContainEqual([`${marker} from the page`]);
      expect(await heardOf(page, 'marker')).toContainEqual([`${marker} from the ad`]);
    }
    const widget = { source: 'visitor-chat', version: 1 };

    await forge({ ...widget, type: 'close' }, 'close');
    expect(await isOpen(page)).toBe(true);
    expect(await launcherShown(page)).toMatchObject({ expanded: true, panelOpen: true });

    await call(page, 'close');
    const forged = { senderName: 'Alice', preview: 'Your account is locked, call +1 555 0100' };
    await forge({ ...widget, type: 'message', newMessage: true, channel: {}, message: forged }, 'message');
    expect(await heardOf(page, 'message')).not.toContainEqual([forged]);
    expect(await heardOf(page, 'unreadCountChange')).toEqual([]);
    expect(await launcherShown(page)).toMatchObject({ name: 'Chat', badge: '' });
  });

  it('a page of another origin that frames the chat announcing the shop’s origin gets no say: its init is ignored', async () => {
    const { page } = s;
    const chatUrl = `${s.baseUrl}/chat/index?channelid=agent&from=iframe&host=${encodeURIComponent(shop.origin)}`;
    // The framing page answers the widget's hello (if it ever came) and posts init once the frame loaded.
    const evil = other.page(`<!doctype html><html lang="en"><title>Not the shop</title><main><h1>Win a kettle</h1>
<iframe id="chat" title="Chat" src="${chatUrl}"></iframe></main><script>
const init = { source: 'visitor-chat-host', version: 1, type: 'init', open: true, identity: { name: 'Mallory', email: 'mallory@example.com' }, params: 'forged=1' };
const chat = document.getElementById('chat');
addEventListener('message', (e) => { if (e.source === chat.contentWindow && e.data && e.data.type === 'hello') chat.contentWindow.postMessage(init, '*'); });
window.postInit = () => chat.contentWindow.postMessage(init, '*');
</script></html>`);
    const requests = recordRequests(page);
    const warned = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('not ' + shop.origin + ' as announced'));
    await page.goto(evil);
    const frame = await chatFrame(page);
    await warned;
    await frame.waitForLoadState('load');
    // The init reaches the widget's window (a listener of the test's, added after the widget's, hears it) …
    await frame.evaluate(() => {
      (window as unknown as { gotInit: Promise<void> }).gotInit = new Promise((resolve) => addEventListener('message', (e) => e.data?.type === 'init' && resolve()));
    });
    await page.evaluate(() => (window as unknown as { postInit: () => void }).postInit());
    await frame.evaluate(() => (window as unknown as { gotInit: Promise<void> }).gotInit);
    // The chat it starts on this agent channel ends its start with the transfer (the network never
    // idles after it: the push stream stays open).
    await expect.poll(() => requests.some((r) => r.url().endsWith('/api/chat/visitor/transferAgent'))).toBe(true);
    await requests.find((r) => r.url().endsWith('/api/chat/visitor/transferAgent'))?.response();
    // … and changes nothing. Chromium tells the frame its real ancestor, so the widget runs as a
    // hand-written `from=iframe` embedding would (docs/embedding.md "Origin checks"): whatever chat
    // it starts carries nothing of the forged init.
    for (const start of chatStarts(requests)) {
      const body = bodyOf(start);
      expect(body).not.toHaveProperty('userName');
      expect(body).not.toHaveProperty('email');
      expect(body).not.toHaveProperty('params');
    }
    expect(requests.map((r) => r.postData() ?? '').join('\n')).not.toMatch(/Mallory|forged=1/);
  });

  it('keeps the panel open across the shop’s page loads, and closed once closed', async () => {
    const { page } = s;
    await page.goto(hostPage(shopHtml(s.baseUrl)));
    await clickLauncher(page);
    await chatFrame(page);
    await page.reload();
    await expect.poll(async () => (await launcher(page))?.panelOpen).toBe(true);
    expect(await launcherShown(page)).toMatchObject({ expanded: true });
    expect(await isOpen(page)).toBe(true);
    await chatFrame(page);

    await clickLauncher(page);
    expect(await launcherShown(page)).toMatchObject({ expanded: false, panelOpen: false });
    await page.reload();
    const after = await launcherShown(page);
    expect(after).toMatchObject({ expanded: false, panelOpen: false });
    await page.waitForFunction(() => !Array.isArray(window.VisitorChat));
    expect(await isOpen(page)).toBe(false);
  });

  it('works by keyboard: Tab reaches the launcher, Enter opens the chat with focus in it, its Close chat button returns focus to the launcher', async () => {
    const { page } = s;
    await page.goto(hostPage(shopHtml(s.baseUrl)));
    await launcherShown(page);
    await tabTo(page, (f) => f.tag === 'visitor-chat');
    expect(await launcherShown(page)).toMatchObject({ focused: true, focusVisible: true, outline: 'solid 3px' });

    // Enter at once: the frame (created when the launcher got focus) has not loaded its page yet,
    // and focus must still reach the chat once it has.
    await page.keyboard.press('Enter');
    const frame = await chatFrame(page);
    expect(await launcherShown(page)).toMatchObject({ expanded: true, panelOpen: true });
    await expect.poll(() => frame.evaluate(() => document.hasFocus()), { message: 'focus is in the chat' }).toBe(true);
    await frame.getByRole('textbox', { name: 'Message' }).waitFor();

    // Tab through the chat to its own close button, and press it.
    const close = frame.getByRole('button', { name: 'Close chat' });
    await close.waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 20 && !(await close.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      seen.push(await frame.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? ''));
    }
    expect(await close.evaluate((el) => el === document.activeElement), `focus went through ${seen.join(' → ')}`).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await launcherShown(page)).toMatchObject({ expanded: false, panelOpen: false, focused: true });
    expect((await describeFocus(page)).tag).toBe('visitor-chat');
  });

  it('a chat that cannot start (an unknown channel) still has its Close chat button: a phone visitor is never stuck in the panel', async () => {
    const { page } = s;
    await page.goto(hostPage(shopHtml(s.baseUrl, { channel: 'no-such-channel' })));
    await clickLauncher(page);
    const frame = await chatFrame(page);
    await frame.getByRole('alert').getByText(/Unknown channel, /).waitFor();
    await frame.getByRole('button', { name: 'Close chat' }).click();
    await expect.poll(() => isOpen(page)).toBe(false);
  });

  it('destroy() removes the launcher and the chat; messages and calls afterwards change nothing and log no error', async () => {
    const { page } = s;
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.goto(hostPage(shopHtml(s.baseUrl)));
    await clickLauncher(page);
    const frame = await chatFrame(page);
    await frame.getByRole('textbox', { name: 'Message' }).waitFor();
    await call(page, 'destroy');
    expect(await page.locator('visitor-chat').count()).toBe(0);
    expect(await launcher(page)).toBeNull();
    // The iframe left the DOM with the element; Playwright learns of the detach by an event of its own.
    await expect.poll(() => frame.isDetached()).toBe(true);

    await page.evaluate(() => {
      const chat = (window as unknown as ShopWindow).VisitorChat;
      const widget = { source: 'visitor-chat', version: 1 };
      postMessage({ ...widget, type: 'message', newMessage: true, channel: {}, message: { senderName: 'Alice', preview: 'late' } }, '*');
      postMessage({ ...widget, type: 'close' }, '*');
      chat.open();
      chat.push(['toggle']);
      chat.setLanguage('de');
      chat.identify({ name: 'Ada' });
      postMessage({ marker: 'after destroy' }, '*');
    });
    await expect.poll(() => heardOf(page, 'marker')).toEqual([['after destroy']]);
    expect(await isOpen(page)).toBe(false);
    expect(await page.locator('visitor-chat').count()).toBe(0);
    expect(page.frames()).toHaveLength(1);
    expect((await heard(page)).filter(([e]) => e !== 'marker' && e !== 'message' && e !== 'ready')).toEqual([['open']]);
    expect(problems).toEqual([]);
  });

  it('keeps the visitor’s id in the shop’s storage, so a browser with empty chat storage resumes as the same visitor', async () => {
    const { page, browser } = s;
    const url = hostPage(shopHtml(s.baseUrl));
    await page.goto(url);
    await clickLauncher(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('visitor-chat-agent-uid'))).toBeTruthy();
    const userId = await page.evaluate(() => localStorage.getItem('visitor-chat-agent-uid'));

    // A new browser context: nothing stored in the chat's origin; the shop's storage has the id.
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addInitScript(
        ([origin, id]) => {
          if (location.origin === origin && id) localStorage.setItem('visitor-chat-agent-uid', id);
        },
        [shop.origin, userId] as const,
      );
      const fresh = await context.newPage();
      await fresh.goto(url);
      const started = fresh.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
      await clickLauncher(fresh);
      expect(bodyOf(await started)).toMatchObject({ userId });
    } finally {
      await context.close();
    }
  });

  it('is accessible (axe) on the shop page with the launcher and with the panel open, on a phone and a desktop', async () => {
    const { page } = s;
    // axe cannot enter a closed shadow root: for axe to check the launcher and the panel, the
    // shadow root is made open here (the loader keeps its own reference; nothing else changes).
    await page.addInitScript(() => {
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init: ShadowRootInit) {
        return attach.call(this, { ...init, mode: 'open' });
      };
    });
    await page.goto(hostPage(shopHtml(s.baseUrl)));
    const found: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const label = `${viewport.width}×${viewport.height}`;
      await page.setViewportSize(viewport);
      await launcherShown(page);
      expect(await page.getByRole('button', { name: 'Chat' }).count(), 'the launcher is in reach of axe').toBe(1);
      found.push(...(await axeViolations(page, `shop page with the launcher, ${label}`)));
      await call(page, 'open');
      await chatFrame(page);
      await expect.poll(async () => (await launcher(page))?.panelOpen).toBe(true);
      found.push(...(await axeViolations(page, `shop page with the panel open, ${label}`)));
      await call(page, 'close');
    }
    expect(found).toEqual([]);
  });

  it('the demo shop page’s launcher opens the chat', { tags: ['smoke'] }, async () => {
    const { page } = s;
    await page.goto(`${s.baseUrl}/demo/`);
    await clickLauncher(page);
    const frame = await chatFrame(page);
    await frame.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await launcherShown(page)).toMatchObject({ expanded: true, panelOpen: true });
  });
});
