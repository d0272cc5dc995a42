import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { chooseLanguage, connected, dev, history, messages, openChat, say, visitorId, withoutPush } from './helpers';

const API = '**/api/chat/visitor/**';

/** Counts the calls of one API method that the page makes. */
function countCalls(page: Page, call: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/chat/visitor/${call}`)) n += 1;
  });
  return () => n;
}

/** How many stored copies of a visitor text the server holds. */
async function storedCopies(baseUrl: string, userId: string, text: string): Promise<number> {
  return (await history(baseUrl, userId)).filter((m) => m.msgContent === text).length;
}

/**
 * What the visitor sees of one typed message and of the agent's reply to it: both exactly once,
 * no failure mark, and one stored copy on the server.
 */
async function deliveredOnce(page: Page, baseUrl: string, text: string): Promise<void> {
  await messages(page).getByText(`looking into “${text}”`).waitFor();
  expect(await messages(page).getByText(text, { exact: true }).count()).toBe(1);
  expect(await messages(page).getByText(`looking into “${text}”`).count()).toBe(1);
  expect(await messages(page).getByText('Not delivered').count()).toBe(0);
  expect(await messages(page).getByRole('img', { name: 'Sending' }).count()).toBe(0);
  expect(await storedCopies(baseUrl, await visitorId(page, 'agent'), text)).toBe(1);
}

describe('network faults in Chromium', () => {
  const s = useBrowser(PHONE);

  it('the API answers 500 for a while: the message waits (sending) and is delivered by the next attempt', async () => {
    const { page } = s;
    // A backend that does not push: polling goes on through the errors.
    await withoutPush(page);
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const sends = countCalls(page, 'sendMsg');
    const polls = countCalls(page, 'getEventMsg');
    await page.route(API, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    const pollsBefore = polls();
    await say(page, 'Sent during an outage');
    await messages(page).getByRole('img', { name: 'Sending' }).waitFor();
    await expect.poll(() => sends()).toBe(1);
    // Polling goes on through the errors.
    await expect.poll(() => polls(), { timeout: 6_000 }).toBeGreaterThan(pollsBefore + 1);
    await page.unroute(API);
    await deliveredOnce(page, s.baseUrl, 'Sent during an outage');
    expect(sends()).toBe(2);
  });

  it('the API hangs past 20 s: the message is marked not delivered, polling recovers, and a retry (or the widget’s own resend) delivers it', async () => {
    const { page } = s;
    await page.clock.install();
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const userId = await visitorId(page, 'agent');
    const held: Route[] = [];
    await page.route(API, (route) => {
      held.push(route);
    });
    await dev(s.baseUrl, 'agentSay', { userId, text: 'Sorry for the wait.' });
    await say(page, 'Anyone there?');
    await expect.poll(() => held.some((r) => r.request().url().endsWith('/sendMsg'))).toBe(true);
    await page.clock.fastForward('00:13');
    await messages(page).getByText('Not delivered').waitFor();
    // Past the 20 s time-out the poll gives up and the loop goes on.
    await page.clock.fastForward('00:10');
    await page.unroute(API);
    await Promise.all(held.map((r) => r.abort().catch(() => undefined)));
    await messages(page).getByText('Sorry for the wait.').waitFor();
    // A visitor who still sees Retry presses it; the widget may have sent the message again by
    // itself meanwhile (its background resend, issue 27), and then there is nothing to press.
    await messages(page)
      .getByRole('button', { name: 'Not delivered. Retry' })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await deliveredOnce(page, s.baseUrl, 'Anyone there?');
    expect(await messages(page).getByText('Sorry for the wait.').count()).toBe(1);
  });

  it('offline for a few seconds: the message typed offline is delivered when the network returns, once', async () => {
    const { page, context } = s;
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    const userId = await visitorId(page, 'agent');
    const sends = countCalls(page, 'sendMsg');
    await context.setOffline(true);
    await say(page, 'Typed in a tunnel');
    await messages(page).getByRole('img', { name: 'Sending' }).waitFor();
    await expect.poll(() => sends()).toBe(1);
    await dev(s.baseUrl, 'agentSay', { userId, text: 'Are you still with us?' });
    await context.setOffline(false);
    await deliveredOnce(page, s.baseUrl, 'Typed in a tunnel');
    await messages(page).getByText('Are you still with us?').waitFor();
    expect(await messages(page).getByText('Are you still with us?').count()).toBe(1);
  });

  it('offline past 12 s: the message is marked not delivered (a retry while offline fails again), and it is sent by itself once back online', async () => {
    const { page, context } = s;
    await page.clock.install();
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await context.setOffline(true);
    await say(page, 'Lost signal');
    await page.clock.fastForward('00:13');
    const retry = messages(page).getByRole('button', { name: 'Not delivered. Retry' });
    await retry.waitFor();
    // Still offline: the retry fails again, the message stays once.
    await retry.click();
    await page.clock.fastForward('00:13');
    await retry.waitFor();
    // The browser's online event: the outbox sends it again, no tap needed.
    await context.setOffline(false);
    await deliveredOnce(page, s.baseUrl, 'Lost signal');
  });

  it("the page's code fails to download: a message and Try again, which loads the chat once the network is back", async () => {
    const { page } = s;
    let down = true;
    let attempts = 0;
    // The page's chunk under any query: a try after a failure asks for it under a fresh one.
    await page.route(
      (url) => /\/assets\/IndexPage-[\w-]+\.js$/.test(url.pathname),
      (route) => {
        attempts += 1;
        return down ? route.abort('internetdisconnected') : route.continue();
      },
    );
    await page.goto(`${s.baseUrl}/chat/index?channelid=demo`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The chat could not load.');
    // The preload and the page's own two imports: the first failure is not the last word.
    expect(attempts).toBeGreaterThanOrEqual(2);
    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText("Hi! I'm Robo").waitFor();
  });

  it("a catalog that fails to download: the chat shows in English (and says so in <html lang>), then in the visitor's language once it loads", async () => {
    const { page } = s;
    let down = true;
    await page.addInitScript(() => localStorage.setItem('chat-lan', 'de'));
    await page.route('**/assets/messages-*.js', (route) => (down ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${s.baseUrl}/chat/index?channelid=demo`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    // Choosing the language again fetches its catalog afresh.
    down = false;
    await chooseLanguage(page, 'English');
    await chooseLanguage(page, 'Deutsch');
    await page.getByRole('textbox', { name: 'Nachricht' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});
