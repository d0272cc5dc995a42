import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { messages, openChat, say } from './helpers';
import { specOnlyBackend } from './specOnlyBackend';

/** The channel whose settings the backend below serves (the reference server's agent channel). */
const CHANNEL = 'agent';

/**
 * The connections the visitor's tabs hold for agent events: each getEventMsg (its pollId, and the
 * tab that made it), how many were in flight at once at most, and every push stream opened.
 */
function watchListening(context: BrowserContext) {
  const polled: string[] = [];
  const pollers: Page[] = [];
  const inFlight = new Set<Request>();
  const seen = { polled, pollers, mostAtOnce: 0, streams: 0 };
  const isPoll = (r: Request) => r.url().endsWith('/api/chat/visitor/getEventMsg');
  context.on('request', (r) => {
    if (r.url().includes('/api/chat/visitor/events')) seen.streams += 1;
    if (!isPoll(r)) return;
    polled.push(String((r.postDataJSON() as { pollId?: unknown }).pollId));
    pollers.push(r.frame().page());
    inFlight.add(r);
    seen.mostAtOnce = Math.max(seen.mostAtOnce, inFlight.size);
  });
  const done = (r: Request) => inFlight.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return seen;
}

/** Opens the chat in `count` tabs of the browser (the suite's page first), one after another. */
async function openTabs(context: BrowserContext, first: Page, baseUrl: string, count: number): Promise<Page[]> {
  const tabs = [first];
  while (tabs.length < count) tabs.push(await context.newPage());
  for (const tab of tabs) await openChat(tab, baseUrl, CHANNEL);
  return tabs;
}

/** Each tab shows `text` once in its message list. */
async function everyTabShowsOnce(tabs: Page[], text: string): Promise<void> {
  for (const tab of tabs) {
    await messages(tab).getByText(text, { exact: true }).waitFor();
    expect(await messages(tab).getByText(text, { exact: true }).count()).toBe(1);
  }
}

describe('several tabs of one visitor against a backend of SPEC §7 alone (docs/protocol.md "Several tabs")', () => {
  const s = useBrowser(PHONE);

  it('two tabs: every agent message and what the visitor sent in either shows once in both; one tab polls, and the other takes over when it closes', async () => {
    const { context, page } = s;
    const backend = await specOnlyBackend(context);
    const listening = watchListening(context);
    const tabs = await openTabs(context, page, s.baseUrl, 2);
    const [first, second] = tabs as [Page, Page];

    backend.agentSays('Hello from the agent');
    await everyTabShowsOnce(tabs, 'Hello from the agent');
    await say(second, 'Typed in the second tab');
    await say(first, 'Typed in the first tab');
    await everyTabShowsOnce(tabs, 'Typed in the second tab');
    await everyTabShowsOnce(tabs, 'Typed in the first tab');
    backend.agentSays('And a second answer');
    await everyTabShowsOnce(tabs, 'And a second answer');

    expect(new Set(listening.polled).size).toBe(1);
    expect(listening.mostAtOnce).toBe(1);
    expect(listening.streams).toBe(0);

    // The listening tab closes: the other takes the lock over and polls on its own pollId.
    const listener = listening.pollers[0] as Page;
    const survivor = listener === first ? second : first;
    await listener.close();
    backend.agentSays('After the listening tab closed');
    await everyTabShowsOnce([survivor], 'After the listening tab closed');
    expect(new Set(listening.pollers.slice(-1))).toEqual(new Set([survivor]));
    expect(new Set(listening.polled).size).toBe(2);
    expect(listening.mostAtOnce).toBe(1);
  });

  it('eight tabs: each shows every agent message once, and the visitor holds one connection for events', async () => {
    const { context, page } = s;
    const backend = await specOnlyBackend(context);
    const listening = watchListening(context);
    const tabs = await openTabs(context, page, s.baseUrl, 8);

    const said = ['One', 'Two', 'Three'].map((n) => `${n} of the agent’s answers`);
    for (const text of said) {
      backend.agentSays(text);
      await everyTabShowsOnce(tabs, text);
    }
    await say(tabs[7] as Page, 'Typed in the eighth tab');
    await everyTabShowsOnce(tabs, 'Typed in the eighth tab');

    expect(new Set(listening.polled).size).toBe(1);
    expect(listening.mostAtOnce).toBe(1);
    expect(listening.streams).toBe(0);
  });
});
