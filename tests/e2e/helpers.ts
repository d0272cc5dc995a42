import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, NodeResult, RunOptions } from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { WireMessage } from '#engine/protocol';

const require = createRequire(import.meta.url);

/** The message list (the visually hidden live region repeats new messages, so text queries stay in here). */
export const messages = (page: Page): Locator => page.getByRole('log');

/** The composer's text field. */
/**
 * The FAQ list of the reference robot's answer to a question it does not know (not the channel's
 * FAQ message, which opens the chat and may be scrolled out of the rendered list).
 */
export const unknownQuestionFaq = (page: Page): Locator =>
  messages(page).locator('.message').filter({ hasText: "Sorry, I don't know the answer" }).locator('.message__faq');

export const composer = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });

/** Opens the widget for a channel (extra query appended) and waits for the composer. */
/**
 * The reference backend as one that does not push (docs/protocol.md "Push" is an extension): its
 * channelInfo without `eventStream`, so the widget polls getEventMsg (SPEC §7), whose answers a test
 * can then change in flight.
 */
export async function withoutPush(target: Page | BrowserContext): Promise<void> {
  await target.route('**/api/chat/visitor/channelInfo', async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as { data?: Record<string, unknown> };
    delete envelope.data?.eventStream;
    await route.fulfill({ response, json: envelope });
  });
}

export async function openChat(page: Page, baseUrl: string, channel: string, extra = ''): Promise<void> {
  await page.goto(`${baseUrl}/chat/?channelid=${channel}${extra}`);
  await composer(page).waitFor();
}

/**
 * Waits until the message list has settled: the same scroll height and position over three looks
 * 100 ms apart. The list opens on its newest message and keeps scrolling there while the rows' heights
 * change (virtua measures them; a card's code arrives); a scroll made by script meanwhile is taken back.
 */
export async function listSettled(page: Page): Promise<void> {
  const scroller = page.locator('.message-list__scroller');
  let last = '';
  let same = 0;
  for (let i = 0; i < 100 && same < 3; i++) {
    const now = await scroller.evaluate((el) => `${el.scrollHeight}/${el.scrollTop}`);
    same = now === last ? same + 1 : 0;
    last = now;
    await page.waitForTimeout(100);
  }
}

/** Types a message and sends it with Enter, as a visitor does. */
export async function say(page: Page, text: string): Promise<void> {
  const input = composer(page);
  await input.fill(text);
  await input.press('Enter');
}

/** The visitor id the widget keeps in `chat-{tenant}-uid` (tenants equal channel ids), once it is there. */
export async function visitorId(page: Page, tenant: string): Promise<string> {
  const key = `chat-${tenant}-uid`;
  let id: string | null = null;
  await expect
    .poll(async () => {
      id = await page.evaluate((k) => window.localStorage.getItem(k), key);
      return id;
    })
    .toBeTruthy();
  return id as unknown as string;
}

/** POST /api/dev/{action}: drives the simulated agent of the reference server. */
export async function dev(baseUrl: string, action: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl}/api/dev/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as { code: number; message?: string };
  if (json.code !== 200) throw new Error(`dev ${action} failed: ${json.code} ${json.message ?? ''}`);
}

/** The visitor's stored messages (the newest page), straight from the server's history API. */
export async function history(baseUrl: string, userId: string): Promise<WireMessage[]> {
  const response = await fetch(`${baseUrl}/api/chat/visitor/getHistoryMsg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, pageSize: 100 }),
  });
  const json = (await response.json()) as { code: number; data: WireMessage[] };
  return json.data;
}

/** Chooses a language in the header's language menu (its globe button, then the language by its own name). */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').locator('[aria-haspopup="menu"]').click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** Whether the agent is connected: the "now chatting" line is in the log. */
export async function connected(page: Page): Promise<void> {
  await messages(page)
    .getByText(/You are now chatting with/)
    .waitFor();
}

/** Presses Tab (or Shift+Tab) until the focused element satisfies `matches` (its description: tag, role, name, class). */
export async function tabTo(page: Page, matches: (focused: Focused) => boolean, { back = false, max = 40 } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await describeFocus(page);
    seen.push(`${focused.tag}[${focused.name}]`);
    if (matches(focused)) return focused;
  }
  throw new Error(`focus never reached the target; it went through: ${seen.join(' → ')}`);
}

/** What has keyboard focus. */
export interface Focused {
  tag: string;
  type: string;
  name: string;
  className: string;
}

export function describeFocus(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return { tag: '', type: '', name: '', className: '' };
    const labels = 'labels' in el && el.labels instanceof NodeList ? Array.from(el.labels as NodeListOf<HTMLLabelElement>) : [];
    const label = el.getAttribute('aria-label') ?? (labels[0]?.textContent ?? '') + (el.textContent ?? '');
    return { tag: el.tagName.toLowerCase(), type: el.getAttribute('type') ?? '', name: label.trim(), className: el.className };
  });
}

interface AxeWindow {
  axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
}

let axeScript: string | undefined;
/** axe-core's script, read once. */
const axeSource = (): string => (axeScript ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * Runs axe-core on the page and returns the serious and critical violations, each with its nodes,
 * formatted for a failure message (empty when clean). Minor and moderate findings are printed only.
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  // Evaluated rather than added as a <script>: the chat page's CSP (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const results = await page.evaluate(() =>
    (window as unknown as AxeWindow).axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    }),
  );
  const describeNode = (n: NodeResult) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`;
  const all = results.violations.map((v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.help}\n${v.nodes.map(describeNode).join('\n')}`);
  if (all.length) console.info(`[axe] ${label}:\n${all.join('\n')}`);
  else console.info(`[axe] ${label}: no violations`);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact ?? ''} ${v.id}: ${v.help}\n${v.nodes.map(describeNode).join('\n')}`);
}

/** Whether the page scrolls sideways (the document is wider than the viewport). */
export function overflowsHorizontally(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** Smallest tap target, in CSS px, both ways (issue 7; WCAG 2.5.8 asks for 24, platforms for 44–48). */
const MIN_TARGET_PX = 40;

/**
 * The tap targets a visitor can reach now (inside the open modal dialog, if any) smaller than the
 * minimum, with their accessible names. A visually hidden input counts by its label; inline links
 * in message text are exempt (WCAG 2.5.8's inline exception).
 */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((minPx) => {
    const modal = document.querySelector('dialog[open]');
    const scope: ParentNode = modal ?? document;
    const found: string[] = [];
    const candidates = scope.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]');
    for (const el of Array.from(candidates)) {
      if (el.closest('[inert], [aria-hidden="true"]') || (el instanceof HTMLInputElement && el.type === 'hidden')) continue;
      if (el.tagName === 'A' && el.closest('.content-text, .message__system, .message__tip')) continue;
      const hidden = el.classList.contains('visually-hidden');
      const target = hidden && el instanceof HTMLInputElement ? el.closest('label') : el;
      if (!target) continue;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (r.width < minPx || r.height < minPx) {
        const name = el.getAttribute('aria-label') ?? (target.textContent?.trim() || (el.getAttribute('title') ?? ''));
        found.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0] ?? ''}` : ''} "${name.slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
    }
    return found;
  }, min);
}

/**
 * What a phone's visitor would trip over in the state shown (issue 7): the page scrolling sideways,
 * and tap targets under MIN_TARGET_PX.
 */
export async function phoneLayoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth } = await overflowsHorizontally(page);
  if (scrollWidth > innerWidth) problems.push(`the page is ${scrollWidth} px wide in a ${innerWidth} px viewport`);
  for (const small of await smallTargets(page, MIN_TARGET_PX)) problems.push(`tap target ${small}`);
  return problems;
}

/** A small PNG (1×1, red) for uploads and pastes. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
