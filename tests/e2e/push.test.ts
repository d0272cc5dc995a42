import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './browser';
import { connected, dev, messages, openChat, visitorId } from './helpers';

/** docs/protocol.md "Push": the widget against the reference server, which offers push (PUSH unset). */
describe('agent events pushed over server-sent events, polled while the stream is down', () => {
  const s = useBrowser(PHONE);

  it(
    'an agent message comes over push; the stream dropped mid-conversation: polling takes over at once, push comes back, each message shows once',
    { tags: ['smoke'] },
    async () => {
      const { page } = s;
      const streams: URL[] = [];
      let polls = 0;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/chat/visitor/events') streams.push(url);
        if (url.pathname === '/api/chat/visitor/getEventMsg') polls += 1;
      });
      await openChat(page, s.baseUrl, 'agent');
      await connected(page);
      const userId = await visitorId(page, 'agent');
      await expect.poll(() => streams.length).toBe(1);
      expect(streams[0]?.searchParams.get('userId')).toBe(userId);

      await dev(s.baseUrl, 'agentSay', { userId, text: 'Pushed to you' });
      await messages(page).getByText('Pushed to you').waitFor();
      expect(polls).toBe(0);

      // The connection drops: the next poll goes at once, and the message the agent sends now comes by it.
      await dev(s.baseUrl, 'dropStreams', { userId });
      await expect.poll(() => polls).toBeGreaterThan(0);
      await dev(s.baseUrl, 'agentSay', { userId, text: 'Polled meanwhile' });
      await messages(page).getByText('Polled meanwhile').waitFor();
      expect(streams).toHaveLength(1);

      // Push again 5 s later, resuming after the last event received; polling stops.
      await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
      expect(streams[1]?.searchParams.get('lastEventId')).toMatch(/^\d+$/);
      const pollsWhenBack = polls;
      await dev(s.baseUrl, 'agentSay', { userId, text: 'Pushed again' });
      await messages(page).getByText('Pushed again').waitFor();
      expect(polls).toBe(pollsWhenBack);

      for (const text of ['Pushed to you', 'Polled meanwhile', 'Pushed again']) expect(await messages(page).getByText(text).count()).toBe(1);
    },
  );
});
