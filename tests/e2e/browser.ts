import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, type TestContext } from 'vitest';

/** Debian's Chromium, installed by .ci/run with apt-get (no browser download). */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of failing tests land here (ignored by git). */
const ARTIFACTS = 'test-results';

export const PHONE = { width: 360, height: 640 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Launches the suite's Chromium. */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** One test's browser context and page, with what the page logged (errors and warnings). */
export interface TestPage {
  context: BrowserContext;
  page: Page;
  logs: string[];
}

type Viewport = { width: number; height: number };

/** A fresh context and page: touch under 600 px wide; `isMobile` makes it a phone's browser too (its meta viewport, overlay scroll bars). */
async function openTestPage(browser: Browser, viewport: Viewport, isMobile: boolean): Promise<TestPage> {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 600, isMobile });
  // Well under the test's 60 s, so that a missing element fails with a call log, not a time-out.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`console.${m.type()}: ${m.text()}`);
  });
  return { context, page, logs };
}

/** A failed test's screenshot under test-results/, and what its page read (the accessibility tree) and logged. */
async function reportFailure(name: string, { page, logs }: TestPage): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = `${ARTIFACTS}/${name.replace(/[^\w-]+/g, '_').slice(0, 120)}.png`;
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  // The accessibility tree says what a visitor would hear; the 25 language options are left out.
  const snapshot = await page
    .locator('body')
    .ariaSnapshot()
    .catch((e: unknown) => `(none: ${String(e)})`);
  const text = snapshot
    .split('\n')
    .filter((line) => !/^\s*- option /.test(line))
    .join('\n');
  console.error(`[e2e] ${name}: screenshot at ${file}; the page (${page.url()}) read:\n${text}\n[e2e] its console:\n${logs.join('\n') || '(nothing)'}`);
}

/**
 * Gives each test a fresh browser context and page against the suite's server; a failing test
 * leaves a screenshot under test-results/.
 */
export function useBrowser(viewport: Viewport = PHONE, { isMobile = false }: { isMobile?: boolean } = {}) {
  const session = { baseUrl: inject('baseUrl') } as { baseUrl: string; browser: Browser; context: BrowserContext; page: Page };
  let current: TestPage | undefined;
  beforeAll(async () => {
    session.browser = await launch();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    current = await openTestPage(session.browser, viewport, isMobile);
    session.context = current.context;
    session.page = current.page;
  });
  // Vitest runs afterEach before onTestFailed, so what the page showed is captured here, before the
  // context closes.
  afterEach(async (ctx: TestContext) => {
    if (ctx.task.result?.state === 'fail' && current) await reportFailure(ctx.task.name, current);
    await current?.context.close();
  });
  return session;
}

/**
 * For tests that run concurrently (`it.concurrent`): one browser for the file, and `withPage`, which
 * gives the test a context and page of its own, reports them if the test fails, and closes them.
 */
export function useSharedBrowser(viewport: Viewport) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl: inject('baseUrl'),
    async withPage<T>(name: string, body: (test: TestPage) => Promise<T>): Promise<T> {
      if (!browser) throw new Error('withPage runs in a test, after the browser launched');
      const test = await openTestPage(browser, viewport, false);
      try {
        return await body(test);
      } catch (error) {
        await reportFailure(name, test);
        throw error;
      } finally {
        await test.context.close();
      }
    },
  };
}
