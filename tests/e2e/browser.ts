import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, type TestContext } from 'vitest';

/** Debian's Chromium, installed by .ci/run with apt-get (no browser download). */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of failing tests land here (ignored by git). */
export const ARTIFACTS = 'test-results';

export const PHONE = { width: 360, height: 640 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Gives each test a fresh browser context and page against the suite's server; a failing test
 * leaves a screenshot under test-results/.
 */
export function useBrowser(viewport: { width: number; height: number } = PHONE) {
  const session = { baseUrl: inject('baseUrl') } as { baseUrl: string; browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await chromium.launch({
      executablePath: EXECUTABLE,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async (ctx: TestContext) => {
    session.context = await session.browser.newContext({ viewport, hasTouch: viewport.width < 600 });
    session.page = await session.context.newPage();
    ctx.onTestFailed(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      const file = `${ARTIFACTS}/${ctx.task.name.replace(/[^\w-]+/g, '_')}.png`;
      await session.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      const text = await session.page.innerText('body').catch(() => '(none)');
      console.error(`[e2e] ${ctx.task.name}: screenshot at ${file}; the page read:\n${text}`);
    });
  });
  afterEach(async () => {
    await session.context.close();
  });
  return session;
}
