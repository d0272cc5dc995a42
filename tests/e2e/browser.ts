import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, type TestContext } from 'vitest';

/** Debian's Chromium, installed by .ci/run with apt-get (no browser download). */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of failing tests land here (ignored by git). */
const ARTIFACTS = 'test-results';

export const PHONE = { width: 360, height: 640 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Gives each test a fresh browser context and page against the suite's server; a failing test
 * leaves a screenshot under test-results/. A viewport under 600 px wide has touch; `isMobile` makes
 * it a phone's browser too (its meta viewport, overlay scroll bars).
 */
export function useBrowser(viewport: { width: number; height: number } = PHONE, { isMobile = false }: { isMobile?: boolean } = {}) {
  const logs: string[] = [];
  const session = { baseUrl: inject('baseUrl') } as { baseUrl: string; browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await chromium.launch({
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
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ viewport, hasTouch: viewport.width < 600, isMobile });
    // Well under the test's 60 s, so that a missing element fails with a call log, not a time-out.
    session.context.setDefaultTimeout(15_000);
    session.page = await session.context.newPage();
    logs.length = 0;
    session.page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    session.page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') logs.push(`console.${m.type()}: ${m.text()}`);
    });
  });
  // Vitest runs afterEach before onTestFailed, so what the page showed is captured here, before the
  // context closes.
  afterEach(async (ctx: TestContext) => {
    if (ctx.task.result?.state === 'fail') {
      mkdirSync(ARTIFACTS, { recursive: true });
      const file = `${ARTIFACTS}/${ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 120)}.png`;
      await session.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      // The accessibility tree says what a visitor would hear; the 25 language options are left out.
      const snapshot = await session.page
        .locator('body')
        .ariaSnapshot()
        .catch((e: unknown) => `(none: ${String(e)})`);
      const text = snapshot
        .split('\n')
        .filter((line) => !/^\s*- option /.test(line))
        .join('\n');
      console.error(
        `[e2e] ${ctx.task.name}: screenshot at ${file}; the page (${session.page.url()}) read:\n${text}\n[e2e] its console:\n${logs.join('\n') || '(nothing)'}`,
      );
    }
    await session.context.close();
  });
  return session;
}
