import type { Frame, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitorChat, VisitorChatCall } from '../../ui/loader/api';
import { DESKTOP, PHONE, useBrowser } from './browser';
import { axeViolations, describeFocus, dev, tabTo } from './helpers';
import { startSite, type Site } from './hostSite';
import type { TraceEvent } from '../bench/mainThread';

/**
 * The host-page loader (ui/loader, issue 13) on a shop page of another origin than the chat's, as
 * a host integrator and a visitor meet it: its cost before the chat is opened, the API and its
 * events, what reaches the chat's start, the unread badge, the origin checks of the postMessage
 * protocol, the open state across page loads, keyboard use, destroy() and accessibility.
 *
 * The shop pages come from a tiny server on 127.0.0.1 (Chromium's Local Network Access blocks a
 * "public" page, one fulfilled by page.route included, from loading scripts from localhost); the
 * chat is the suite's server on http://localhost:PORT. The launcher lives in an open shadow root:
 * the tests find it by role, as a host page's own tests do.
 */

/** What the shop's handlers heard: `[event, ...args]`, and `['marker']` for the test's own ordering marks. */
type Heard = [string, ...unknown[]];
interface ShopWindow {
  heard: Heard[];
  VisitorChat: VisitorChat;
}

const EVENTS = ['ready', 'open', 'close', 'message', 'unreadCountChange'] as const;

/**
 * A shop page: the queue snippet (with `queue` pushed onto it, and handlers recording every event
 * into `window.heard` unless `record` is false), then the loader's script tag; `head` goes into its
 * head, and both scripts carry `nonce` when given (for a page whose CSP allows no inline script).
 */
function shopHtml(baseUrl: string, { queue = '', record = true, body = '', channel = 'agent', head = '', nonce = '' } = {}): string {
  const recording = record ? `for (const e of ${JSON.stringify(EVENTS)}) VisitorChat.push(['on', e, (...a) => heard.push([e, ...a])]);` : '';
  const script = nonce ? `<script nonce="${nonce}"` : '<script';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tea shop</title><link rel="icon" href="data:,">${head}</head>
<body><header><nav aria-label="Shop"><a href="#teas">Teas</a></nav></header>
<main><h1>Tea shop</h1><p id="teas">Small-batch green and black teas.</p>${body}</main>
${script}>window.VisitorChat = window.VisitorChat || []; window.heard = [];
addEventListener('message', (e) => { if (e.data && e.data.marker) heard.push(['marker', e.data.marker]); });
${recording}${queue}</script>
${script} async src="${baseUrl}/chat/loader.js" data-channel-id="${channel}"></script>
</body></html>`;
}

// --- the launcher, as a host page's own tests find it ---

/**
 * The launcher, by role: Playwright's locators enter the loader's open shadow root, as they do for a
 * host page's own tests (`page.getByRole('button', { name: 'Chat' })` finds it too). Hidden ones
 * included: on a phone the open panel hides it.
 */
const launcherButton = (page: Page): Locator => page.locator('visitor-chat').getByRole('button', { includeHidden: true });

/** What a visitor can tell of the launcher. */
interface Launcher {
  /** Its accessible name (as Playwright's accessibility snapshot computes it; '' while hidden). */
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
}

/** The launcher's state, or null when the page has no `<visitor-chat>` (yet, or any more). */
async function launcher(page: Page): Promise<Launcher | null> {
  const button = launcherButton(page);
  if ((await button.count()) === 0) return null;
  const state = await button.evaluate((el) => {
    const root = el.getRootNode() as ShadowRoot;
    const style = getComputedStyle(el);
    return {
      expanded: el.getAttribute('aria-expanded') === 'true',
      focused: root.activeElement === el && document.hasFocus(),
      focusVisible: el.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      badge: el.querySelector('b')?.textContent ?? '',
      shown: style.display !== 'none' && el.getBoundingClientRect().width > 0,
      panelOpen: getComputedStyle(root.querySelector('div') as Element).visibility === 'visible',
    };
  });
  const name = state.shown ? (/^- button "([^"]*)"/.exec(await button.ariaSnapshot())?.[1] ?? '') : '';
  return { ...state, name };
}

/** The launcher, once it is drawn. */
async function launcherShown(page: Page): Promise<Launcher> {
  let state: Launcher | null = null;
  await expect.poll(async () => (state = await launcher(page))?.shown, { message: 'the launcher is drawn' }).toBe(true);
  return state as unknown as Launcher;
}

/** A real click on the launcher (Playwright checks first that nothing of the page covers it). */
async function clickLauncher(page: Page): Promise<void> {
  await launcherButton(page).click();
}

/** The chat's frame (in the panel), once it is there. */
async function chatFrame(page: Page): Promise<Frame> {
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('/chat/index')))?.url(), { message: 'the chat frame is there' }).toBeTruthy();
  return frame as Frame;
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
  const hostPage = (html: string, headers?: Record<string, string>) => shop.page(html, headers);

  beforeAll(async () => {
    [shop, other] = await Promise.all([startSite(), startSite()]);
  });
  afterAll(async () => {
    await Promise.all([shop?.close(), other?.close()]);
  });

  it('costs the shop page no chat request and no storage until the visitor opens the chat (its script time: npm run bench)', async () => {
    const { page, context } = s;
    const requests = recordRequests(page);
    await page.goto(hostPage(shopHtml(s.baseUrl)));
    await launcherShown(page);
    // Of the chat's origin, the page loads the loader alone.
    expect(requests.map((r) => r.url()).filter((u) => u.startsWith(s.baseUrl))).toEqual([`${s.baseUrl}/chat/loader.js`]);

    // Hovering the page does nothing; hovering the launcher loads the chat's files ahead of the
    // first open (prefetch: hover), and the chat waits: still no request to the chat's backend.
    await page.getByRole('heading', { name: 'Tea shop' }).hover();
    expect(page.frames()).toHaveLength(1);
    await launcherButton(page).hover();
    const frame = await chatFrame(page);
    await frame.waitForLoadState('networkidle');
    expect(apiCalls(requests).map((r) => r.url())).toEqual([]);
    expect(await storageOf(page)).toEqual({ local: {}, session: {} });
    expect(await context.cookies()).toEqual([]);

    // Opening it starts the chat, and only now is something stored.
    const chatStart = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
    await clickLauncher(page);
    await chatStart;
    expect(Object.keys((await storageOf(page)).session)).toEqual(['visitor-chat-agent']);
  });

  it('does in the page’s task that runs it only what the launcher’s first paint needs: no storage read, no style or layout computed; the saved state and the top layer wait for the page to be idle (its main-thread time: npm run bench)', async () => {
    const { page, browser } = s;
    const loaderUrl = `${s.baseUrl}/chat/loader.js`;
    // Every storage access of the page, with the script that ran when it came (none: a callback, later).
    await page.addInitScript(() => {
      const accesses: string[] = [];
      (window as unknown as { storageAccesses: string[] }).storageAccesses = accesses;
      for (const name of ['sessionStorage', 'localStorage'] as const) {
        let owner: object | null = window;
        while (owner && !Object.getOwnPropertyDescriptor(owner, name)) owner = Object.getPrototypeOf(owner) as object | null;
        const { get } = Object.getOwnPropertyDescriptor(owner, name) as PropertyDescriptor;
        Object.defineProperty(owner, name, {
          configurable: true,
          get() {
            accesses.push(`${name} in ${(document.currentScript as HTMLScriptElement | null)?.src || 'a later task'}`);
            return get?.call(this) as Storage;
          },
        });
      }
    });
    const requests = recordRequests(page);
    const url = hostPage(shopHtml(s.baseUrl, { record: false }));
    /** One page view, traced: the style and layout the browser computed while the loader's script ran, and the storage it touched. */
    async function view(navigate: () => Promise<unknown>) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await navigate();
      await launcherShown(page);
      // Idle: in the top layer, the saved state restored.
      await page.waitForFunction(() => document.querySelector('visitor-chat')?.matches(':popover-open'));
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const run = traceEvents.find((e) => e.name === 'EvaluateScript' && e.args?.data?.url === loaderUrl);
      if (!run?.dur) throw new Error('the loader did not run in the trace');
      const forced = traceEvents
        .filter((e) => e.pid === run.pid && e.tid === run.tid && e.ts >= run.ts && e.ts <= run.ts + run.dur!)
        .map((e) => e.name)
        .filter((name) => ['UpdateLayoutTree', 'Layout', 'ForcedStyleAndLayout'].includes(name));
      const storage = await page.evaluate(() => (window as unknown as { storageAccesses: string[] }).storageAccesses);
      return { forced, storage };
    }
    const later = ['sessionStorage in a later task'];

    // The first page view of a tab: the saved state (none yet) read once the page is idle; of the chat's origin, the loader alone.
    expect(await view(() => page.goto(url))).toEqual({ forced: [], storage: later });
    expect(requests.map((r) => r.url()).filter((u) => u.startsWith(s.baseUrl))).toEqual([loaderUrl]);
    // The visitor opens the chat and closes it; the next page view (a reload) finds it so, read
    // once the page is idle (and the chat runs on: its frame may have asked for the visitor's id by then).
    await clickLauncher(page);
    await chatFrame(page);
    await clickLauncher(page);
    const next = await view(() => page.reload());
    expect(next.forced).toEqual([]);
    expect(next.storage.filter((access) => access !== 'localStorage in a later task')).toEqual(later);
    expect(await launcherShown(page)).toMatchObject({ expanded: false, panelOpen: false, badge: '' });
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

  it('sends identify, setParams and the shop page’s whole address (previousUrl, issue 27) with the chat’s start, never in the frame’s URL', async () => {
    const { page } = s;
    const queue = `
      VisitorChat.push(['identify', { name: 'Ada Lovelace', email: 'ada@example.com' }]);
      VisitorChat.push(['identify', { phone: '+44 20 7946 0000' }]);
      VisitorChat.push(['setParams', 'plan=gold&cart=3']);`;
    const requests = recordRequests(page);
    await page.goto(`${hostPage(shopHtml(s.baseUrl, { queue }))}?product=boots#reviews`);
    const started = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
    await clickLauncher(page);
    expect(bodyOf(await started)).toMatchObject({
      userName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      params: 'plan=gold&cart=3',
      previousUrl: page.url(),
    });
    expect(page.url()).toMatch(/\?product=boots#reviews$/);
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

  it(
    'counts the agent’s messages while the panel is closed: message event, unread count and the launcher’s name; opening resets it',
    { tags: ['smoke'] },
    async () => {
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
    },
  );

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
      (window as unknown as { gotInit: Promise<void> }).gotInit = new Promise((resolve) =>
        addEventListener('message', (e) => e.data?.type === 'init' && resolve()),
      );
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
    await frame.getByRole('alert').getByText('This chat is not available.').waitFor();
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
    // axe checks the launcher and the panel inside the loader's open shadow root.
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

  /** Issue 26: a shop's own toolbar item and the product it sends as the visitor's card. */
  const BOOTS = { code: 'goods', data: { name: 'Alpine Trail boots', price: 129.9, currency: 'EUR' }, fallback: 'Alpine Trail boots, EUR 129.90' };
  const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="#c2410c"/></svg>';
  /** The goods cards the chat shows with the boots' name. */
  const bootCards = (frame: Frame) => frame.locator('.card-goods', { hasText: 'Alpine Trail boots' });

  it('a toolbar item the shop added shows in the composer, named by its title, and choosing it (by keyboard) tells the shop; sendCard puts the product into the conversation once, the robot answering it', async () => {
    const { page } = s;
    const icon = shop.page(ICON, { 'content-type': 'image/svg+xml' });
    const queue = `
      VisitorChat.push(['addToolbarItem', { id: 'product', title: 'Ask about this product', icon: '${new URL(icon).pathname}' }]);
      VisitorChat.push(['addToolbarItem', { id: 'bad', title: 'Bad', icon: 'javascript:alert(1)' }]);
      VisitorChat.push(['on', 'toolbarItem', (id) => { heard.push(['toolbarItem', id]); VisitorChat.sendCard(${JSON.stringify(BOOTS)}); }]);`;
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(hostPage(shopHtml(s.baseUrl, { queue, channel: 'demo' })));
    await clickLauncher(page);
    const frame = await chatFrame(page);
    const item = frame.getByRole('button', { name: 'Ask about this product' });
    await item.waitFor();
    // Its title shows above it as a popover after SPEC §9's show delay (a CSS transition of its
    // visibility with a 300 ms delay, read from the computed style: the running transition is over
    // 300 ms later, which a busy machine may take to ask), and at once under reduced motion.
    const tip = item.locator('.composer__tip');
    const transition = () => tip.evaluate((el) => `${getComputedStyle(el).transitionProperty} ${getComputedStyle(el).transitionDelay}`);
    expect(await tip.textContent()).toBe('Ask about this product');
    expect(await tip.isVisible()).toBe(false);
    await item.hover();
    expect(await transition()).toBe('visibility 0.3s');
    await expect.poll(() => tip.isVisible()).toBe(true);
    // The pointer leaves for the list (a move out of the frame leaves its :hover as it was).
    const away = frame.locator('.message-list__scroller');
    await away.hover();
    await expect.poll(() => tip.isVisible()).toBe(false);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await item.hover();
    expect(await transition()).toMatch(/^none /);
    expect(await tip.isVisible()).toBe(true);
    await away.hover();
    expect(await tip.isVisible()).toBe(false);
    await page.emulateMedia({ reducedMotion: null });
    expect(await item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await frame.getByRole('button', { name: 'Bad' }).count()).toBe(0);
    // The widget checks the item: the console the shop's developer reads (the page's with its frames') has its one warning.
    await expect.poll(() => warnings.filter((w) => w.startsWith('[visitor-chat] bad addToolbarItem'))).toHaveLength(1);

    await item.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heardOf(page, 'toolbarItem')).toEqual([['product']]);
    await bootCards(frame).waitFor();
    await frame.getByText(/Thanks for sharing “Alpine Trail boots, EUR 129\.90”/).waitFor();
    expect(await bootCards(frame).count()).toBe(1);
  });

  it('a card sent with open() ("Ask about this product") comes after the robot’s welcome, and is in view when the answer is', async () => {
    const { page } = s;
    const queue = `VisitorChat.push(['sendCard', ${JSON.stringify(BOOTS)}]); VisitorChat.push(['open']);`;
    await page.goto(hostPage(shopHtml(s.baseUrl, { queue, channel: 'demo' })));
    const frame = await chatFrame(page);
    await frame.getByText(/Thanks for sharing “Alpine Trail boots, EUR 129\.90”/).waitFor();
    await bootCards(frame).waitFor();
    const order = await frame.locator('.message').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    const welcome = order.findIndex((text) => text.includes("Hi! I'm Robo"));
    const card = order.findIndex((text) => text.includes('Alpine Trail boots') && !text.includes('Thanks'));
    expect(card).toBeGreaterThan(-1);
    // The welcome may have scrolled out of the rendered rows; when it is there, it is above the card.
    if (welcome > -1) expect(welcome).toBeLessThan(card);
    // In the list's view: some of it shows between the list's top and bottom.
    const inView = await bootCards(frame).evaluate((card) => {
      const list = card.closest('.message-list__scroller')?.getBoundingClientRect();
      const box = card.getBoundingClientRect();
      return !!list && box.bottom > list.top && box.top < list.bottom;
    });
    expect(inView).toBe(true);
  });

  it("a card sent before the chat opens waits, and arrives once when the visitor opens it — also when the shop page reloads mid-send (the outbox's clientMsgId)", async () => {
    const { page } = s;
    // The first sendMsg reaches the server (which stores the card) but its answer never comes back.
    const sends: string[] = [];
    let held = 0;
    await page.route('**/api/chat/visitor/sendMsg', async (route) => {
      sends.push(route.request().postData() ?? '');
      if (held++ === 0) {
        await route.fetch();
        return; // never fulfilled: the page reloads with it in flight
      }
      await route.continue();
    });
    const queue = `VisitorChat.push(['sendCard', ${JSON.stringify(BOOTS)}]);`;
    const url = hostPage(shopHtml(s.baseUrl, { queue, channel: 'agent' }));
    await page.goto(url);
    await page.waitForFunction(() => !Array.isArray(window.VisitorChat));
    expect(sends).toEqual([]);
    await clickLauncher(page);
    let frame = await chatFrame(page);
    await bootCards(frame).waitFor();
    await expect.poll(() => sends.length).toBe(1);

    // The shop's next page (same origin: the panel stays open); it does not send the card again.
    await page.goto(hostPage(shopHtml(s.baseUrl, { channel: 'agent' })));
    frame = await chatFrame(page);
    await bootCards(frame).waitFor();
    // Give the outbox its chance to send it again, then count: one card on screen, one stored.
    await frame.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(await bootCards(frame).count()).toBe(1);
    // The visitor's id, as the shop keeps it (the frame's own storage is blocked as third-party here).
    const userId = await page.evaluate(() => localStorage.getItem('visitor-chat-agent-uid'));
    expect(userId).toBeTruthy();
    const stored = await frame.evaluate(async (userId) => {
      const res = await fetch('/api/chat/visitor/getHistoryMsg', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, pageSize: 50 }),
      });
      const { data } = (await res.json()) as { data: { msgType: unknown; msgContent: string }[] };
      return data.filter((m) => m.msgType === 'card' && m.msgContent.includes('Alpine Trail boots')).length;
    }, userId);
    expect(stored).toBe(1);
    await page.unroute('**/api/chat/visitor/sendMsg');
  });

  /**
   * Issue 22: host pages that would move, cover, unstyle or break the chat. Each page is scrolled
   * to its end (a launcher that followed the body would leave the corner) and checked at a desktop
   * and a phone size: the launcher in its corner and on top at its centre, a visitor's click there
   * opening the panel, the panel where it belongs and at its size with the chat running in it; and
   * nothing thrown into the page, logged as an error or warning, or refused by its CSP.
   */
  describe('on hostile host pages (issue 22)', () => {
    const NONCE = 'shop-nonce';
    /** A page long enough to scroll at both sizes. */
    const LONG = `<p>${'Small-batch green and black teas, packed by hand in our shop. '.repeat(60)}</p>`.repeat(6);
    /** What each hostile page is: its head, its body, its response headers. */
    const HOSTILE: { kind: string; head?: string; body?: string; csp?: true }[] = [
      // The chat needs script-src for loader.js and frame-src for its panel; img-src data: is the shop's own favicon.
      { kind: "a strict CSP (style-src 'self', no inline style or script)", csp: true },
      { kind: 'a transformed body', head: '<style>body{transform:translateX(0)}</style>' },
      { kind: 'a filtered body', head: '<style>body{filter:blur(0)}</style>' },
      { kind: 'a body with contain: paint', head: '<style>body{contain:paint}</style>' },
      {
        kind: 'a banner at the highest z-index over the bottom of the screen',
        body: '<div role="region" aria-label="Cookies" style="position:fixed;inset:auto 0 0 0;height:160px;z-index:2147483647;background:#333;color:#fff">We use cookies.</div>',
      },
    ];

    /** Where the launcher, the panel and the chat's frame are, and whose they are at their centres. */
    function placement(page: Page) {
      return page.evaluate(() => {
        const host = document.querySelector('visitor-chat') as HTMLElement;
        const root = host.shadowRoot as ShadowRoot;
        const boxOf = (el: Element | null) => {
          const r = el?.getBoundingClientRect();
          return r ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) } : null;
        };
        /** The loader's element on top at the centre of `el`'s box (null when the page's covers it). */
        const onTop = (el: Element | null) => {
          const r = el?.getBoundingClientRect();
          if (!r) return null;
          const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
          // Retargeted: the document sees the host; inside the root, the element of the loader's own.
          return document.elementFromPoint(x, y) === host ? (root.elementFromPoint(x, y)?.closest('button, iframe')?.tagName.toLowerCase() ?? null) : null;
        };
        const launcher = root.querySelector('button');
        const panel = root.querySelector('div');
        const frame = root.querySelector('iframe');
        return {
          viewport: { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
          scrolled: scrollY > 0,
          launcher: boxOf(launcher),
          launcherOnTop: onTop(launcher),
          panel: boxOf(panel),
          frame: boxOf(frame),
          frameOnTop: onTop(frame),
        };
      });
    }

    for (const { kind, head = '', body = '', csp } of HOSTILE) {
      it(`${kind}: the launcher in its corner and clickable, the panel on screen at its size`, async () => {
        const url = hostPage(
          shopHtml(s.baseUrl, { head, body: LONG + body, nonce: csp && NONCE }),
          csp && {
            'content-security-policy': `default-src 'self'; style-src 'self'; script-src 'nonce-${NONCE}' ${s.baseUrl}; frame-src ${s.baseUrl}; img-src data:`,
          },
        );
        for (const viewport of [DESKTOP, PHONE]) {
          const context = await s.browser.newContext({ viewport, hasTouch: viewport.width < 600 });
          try {
            const page = await context.newPage();
            const problems: string[] = [];
            page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
            page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`console.${m.type()}: ${m.text()}`));
            await page.addInitScript(() => {
              document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP refused ${e.violatedDirective}: ${e.blockedURI}`));
            });
            await page.goto(url);
            await launcherShown(page);
            await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
            const closed = await placement(page);
            const { width, height } = closed.viewport;
            const size = `${width}×${height}`;
            expect(closed.scrolled, size).toBe(true);
            expect(closed.launcher, `${size}: the launcher in the bottom corner`).toEqual({ x: width - 20 - 56, y: height - 20 - 56, width: 56, height: 56 });
            expect(closed.launcherOnTop, `${size}: nothing of the page over the launcher`).toBe('button');

            // A visitor's click in the corner.
            await page.mouse.click(width - 20 - 28, height - 20 - 28);
            await expect.poll(() => isOpen(page), { message: `${size}: the click opened the panel` }).toBe(true);
            const frame = await chatFrame(page);
            await frame.getByRole('textbox', { name: 'Message' }).waitFor();
            const open = await placement(page);
            const panel =
              width > 480
                ? { x: width - 20 - 380, y: height - 92 - Math.min(640, height - 112), width: 380, height: Math.min(640, height - 112) }
                : { x: 0, y: 0, width, height };
            expect(open.panel, `${size}: the panel on screen at its size`).toEqual(panel);
            expect(open.frame, `${size}: the chat fills the panel`).toEqual(panel);
            expect(open.frameOnTop, `${size}: nothing of the page over the chat`).toBe('iframe');
            expect(problems, size).toEqual([]);
          } finally {
            await context.close();
          }
        }
      });
    }

    it("garbage from the page (null and a number in the queue, on('ready', 42), identities postMessage cannot copy) is one warning each; the later calls run and the chat starts, also after reloads", async () => {
      const { page } = s;
      const problems: string[] = [];
      const warnings: string[] = [];
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
        if (m.type() === 'warning') warnings.push(m.text());
      });
      const queue = `
        VisitorChat.push(null);
        VisitorChat.push(42);
        VisitorChat.push(['on', 'ready', 42]);
        VisitorChat.push(['identify', { name: 'Grace Hopper', avatar: document.body }]);
        VisitorChat.push(['identify', { email: 'grace@example.com', onChange() {} }]);
        VisitorChat.push(['identify', { name: 'Ada Lovelace' }]);
        VisitorChat.push(['on', 'ready', () => heard.push(['ready after the garbage'])]);
        VisitorChat.push(['open']);`;
      const GARBAGE = 5;
      const bad = (text: string) => text.startsWith('[visitor-chat] bad ');
      const started = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
      await page.goto(hostPage(shopHtml(s.baseUrl, { queue })));
      expect(bodyOf(await started)).toMatchObject({ userName: 'Ada Lovelace' });
      expect(bodyOf(await started)).not.toHaveProperty('email');
      await expect.poll(() => heard(page)).toContainEqual(['ready after the garbage']);
      expect(await isOpen(page)).toBe(true);
      const frame = await chatFrame(page);
      await frame.getByRole('textbox', { name: 'Message' }).waitFor();
      expect(warnings.filter(bad)).toHaveLength(GARBAGE);

      // Called directly once the chat runs: returns, throws nothing, warns once.
      await page.evaluate(() => (window as unknown as ShopWindow).VisitorChat.identify({ name: 'Grace', avatar: document.body } as never));
      expect(warnings.filter(bad)).toHaveLength(GARBAGE + 1);

      // The widget reloads (it gets init again), then the whole page does (the queue runs again): the chat goes on.
      const again = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
      await frame.evaluate(() => location.reload());
      expect(bodyOf(await again)).toMatchObject({ userName: 'Ada Lovelace' });
      const afterReload = page.waitForRequest((r) => r.url().endsWith('/api/chat/visitor/chatStart'));
      await page.reload();
      expect(bodyOf(await afterReload)).toMatchObject({ userName: 'Ada Lovelace' });
      await (await chatFrame(page)).getByRole('textbox', { name: 'Message' }).waitFor();
      expect(warnings.filter(bad)).toHaveLength(2 * GARBAGE + 1);
      expect(warnings.filter((text) => !bad(text))).toEqual([]);
      expect(problems).toEqual([]);
    });

    it('a window.VisitorChat of the page’s own (an element with id="VisitorChat") is one warning; the chat loads in its place', async () => {
      const { page } = s;
      const problems: string[] = [];
      const warnings: string[] = [];
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      await page.goto(hostPage(shopHtml(s.baseUrl, { record: false, body: '<div id="VisitorChat">Talk to us</div>' })));
      await page.waitForFunction(() => typeof (window as unknown as ShopWindow).VisitorChat.isOpen === 'function');
      expect(warnings).toEqual([expect.stringMatching(/^\[visitor-chat\] bad window\.VisitorChat \(replaced\):/)]);
      await page.getByRole('button', { name: 'Chat' }).click();
      await (await chatFrame(page)).getByRole('textbox', { name: 'Message' }).waitFor();
      expect(await isOpen(page)).toBe(true);
      expect(problems).toEqual([]);
    });
  });
});
