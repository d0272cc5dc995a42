import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMMIT_PROBE, type Rendered } from '../support/reactCommits';
import { DESKTOP, useBrowser } from './browser';
import { composer, connected, dev, messages, openChat, say, visitorId, withoutPush } from './helpers';

/*
 * Issue 30, the CI guard on what does not depend on the machine: how much React renders for one
 * change of the conversation, counted from React's own commits (tests/support/reactCommits.ts).
 * The list renders once per message that arrives, and no other message renders; a message's
 * delivery status changing renders that message only. (The times are `npm run bench`'s.)
 */

/** In the page: what each commit rendered, by what it draws into — the list, a message (by its text), or another part. */
function countCommits(): void {
  const label = (host: Element | null): string => {
    if (!host) return '(none)';
    if (host.matches('.message-list')) return 'list';
    // A message's own part, or the list's wrapper of one message (virtua's item).
    const inside = host.querySelectorAll('.message');
    const message = host.closest('.message') ?? (inside.length === 1 ? inside[0] : null);
    if (message) return `message: ${message.textContent?.trim().slice(0, 60) ?? ''}`;
    return `${host.tagName.toLowerCase()}${host.className && typeof host.className === 'string' ? `.${host.className.trim().split(/\s+/).join('.')}` : ''}`;
  };
  const w = window as unknown as { commits: { rendered: string[]; mounted: string[] }[]; __onCommit: (r: Rendered[]) => void };
  w.commits = [];
  w.__onCommit = (rendered) =>
    w.commits.push({
      rendered: rendered.filter((r) => !r.mounted).map((r) => label(r.host)),
      mounted: rendered.filter((r) => r.mounted).map((r) => label(r.host)),
    });
}

/** The commits since countCommits, once the page has drawn two more frames. */
async function commitsSince(page: Page): Promise<{ rendered: string[]; mounted: string[] }[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { commits: { rendered: string[]; mounted: string[] }[] }).commits);
}

/** What the list is made of besides its messages: the list itself, virtua's scroller and wrappers, the live region. */
const LIST_PARTS = new Set(['list', 'div.message-list__scroller', 'div', 'div.message-list__viewport', 'div.visually-hidden']);

/** The commits' rendered components (not mounts): how many commits rendered the list, the messages other than `own` that rendered, and what rendered outside the list. */
function summary(commits: { rendered: string[] }[], own: string) {
  const rendered = commits.flatMap((c) => c.rendered);
  return {
    listRenders: commits.filter((c) => c.rendered.includes('list')).length,
    otherMessages: rendered.filter((l) => l.startsWith('message: ') && !l.includes(own)),
    outsideList: rendered.filter((l) => !l.startsWith('message: ') && !LIST_PARTS.has(l)),
    ownRenders: rendered.filter((l) => l.includes(own)).length,
    total: rendered.length,
  };
}

describe('what React renders for one change of the conversation (issue 30)', () => {
  const s = useBrowser(DESKTOP);

  it('an agent message renders the list once and no other message; a delivery status change renders its own message only', async () => {
    const { page } = s;
    await page.addInitScript({ content: COMMIT_PROBE });
    // Polling (no push), so that the agent's answers can wait while the visitor's message is confirmed.
    await withoutPush(page);
    let pollsHeld: Promise<void> | null = null;
    await page.route('**/api/chat/visitor/getEventMsg', async (route: Route) => {
      const response = await route.fetch();
      await pollsHeld;
      await route.fulfill({ response });
    });
    await openChat(page, s.baseUrl, 'agent');
    await connected(page);
    await messages(page).getByText("Hi, I'm Alice.", { exact: false }).waitFor();
    const userId = await visitorId(page, 'agent');
    // A conversation that fills the list.
    for (let i = 1; i <= 12; i++) await dev(s.baseUrl, 'agentSay', { userId, text: `Earlier message ${i}.` });
    await messages(page).getByText('Earlier message 12.').waitFor();
    await commitsSince(page);

    await page.evaluate(countCommits);
    await dev(s.baseUrl, 'agentSay', { userId, text: 'Your parcel is at the depot.' });
    await messages(page).getByText('Your parcel is at the depot.').waitFor();
    const arrival = summary(await commitsSince(page), 'Your parcel is at the depot.');
    expect(arrival).toMatchObject({ listRenders: 1, otherMessages: [], outsideList: [] });
    // 9 on 2026-11-29: the list's parts, the live region and the new message once after it mounted.
    expect(arrival.total).toBeLessThanOrEqual(12);

    // The visitor's message waits for the server; meanwhile the agent's answers wait too. Its
    // indicator shows after 800 ms (SPEC §4), then goes when the server confirms the message.
    let releaseSend: () => void = () => undefined;
    const sendHeld = new Promise<void>((resolve) => (releaseSend = resolve));
    await page.route('**/api/chat/visitor/sendMsg', async (route: Route) => {
      await sendHeld;
      await route.continue();
    });
    let releasePolls: () => void = () => undefined;
    pollsHeld = new Promise<void>((resolve) => (releasePolls = resolve));
    await say(page, 'Thanks, I will pick it up.');
    await page.getByRole('img', { name: 'Sending' }).waitFor();
    await commitsSince(page);
    await page.evaluate(countCommits);
    releaseSend();
    await page.getByRole('img', { name: 'Sending' }).waitFor({ state: 'detached' });
    const delivered = summary(await commitsSince(page), 'Thanks, I will pick it up.');
    releasePolls();
    expect(delivered).toMatchObject({ listRenders: 1, otherMessages: [], outsideList: [] });
    // 16 on 2026-11-29: the list's parts, and the message's row (its 11 components) made again with its new status.
    expect(delivered.total).toBeLessThanOrEqual(20);
    console.log(`renders: an agent message ${JSON.stringify(arrival)}; a delivery status change ${JSON.stringify(delivered)}`);
    // The agent's answer still comes once the polls go on.
    await messages(page).getByText('Thanks, I will pick it up.').waitFor();
    await composer(page).waitFor();
  });
});
