import type { Page } from 'playwright-core';
import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { answerChunks, uiStreamResponse } from '../support/robotStreams';
import { PHONE, useBrowser } from './browser';
import { messages, openChat, say } from './helpers';

/**
 * A streamed robot answer in Chromium (docs/protocol.md "Streamed answers"). The reference
 * server answers robotAsk with JSON; here the page's robotAsk is answered by a stream the AI SDK
 * made (its bytes, event by event, `GAP_MS` apart), served from the page's own fetch so that it
 * really arrives over time.
 */

const GAP_MS = 200;

/** The server-sent events of a UI message stream the AI SDK writes for `chunks`, one string per event. */
async function eventsOf(chunks: readonly UIMessageChunk[]): Promise<string[]> {
  const text = await uiStreamResponse(chunks).text();
  return text
    .split('\n\n')
    .filter((event) => event.trim() !== '')
    .map((event) => `${event}\n\n`);
}

/** Answers the page's robotAsk calls, in turn, with these streams; `window.robotAsks` counts the calls. */
async function streamedRobot(page: Page, answers: string[][]): Promise<void> {
  await page.addInitScript(
    ({ answers, gapMs }) => {
      const original = window.fetch.bind(window);
      const w = window as unknown as { robotAsks: number };
      w.robotAsks = 0;
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.endsWith('/api/chat/visitor/robotAsk')) return original(input, init);
        const events = answers[Math.min(w.robotAsks, answers.length - 1)] ?? [];
        w.robotAsks += 1;
        const encoder = new TextEncoder();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            let i = 0;
            const next = () => {
              const event = events[i++];
              if (event === undefined) return controller.close();
              controller.enqueue(encoder.encode(event));
              timer = setTimeout(next, gapMs);
            };
            timer = setTimeout(next, gapMs);
          },
          cancel: () => clearTimeout(timer),
        });
        const headers = { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' };
        return Promise.resolve(new Response(body, { headers }));
      };
    },
    { answers, gapMs: GAP_MS },
  );
}

/** Records every text the live region takes (the screen reader's announcements). */
async function listen(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const region = document.querySelector('[aria-live="polite"][aria-atomic="true"]') as HTMLElement;
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text && heard.at(-1) !== text) heard.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
}

const ANSWER = ['We are open ', 'Monday to Friday, ', 'from nine ', 'to six, ', 'and on Saturday ', 'until noon.'];
const FULL = ANSWER.join('');

describe('a streamed robot answer in Chromium', () => {
  const s = useBrowser(PHONE);

  it('grows in its bubble: reasoning in the thinking block, then the text delta by delta, then two sources; read out once, whole', async () => {
    const { page } = s;
    await streamedRobot(page, [
      await eventsOf(
        answerChunks({
          reasoning: ['The visitor asks ', 'for the opening hours; ', 'the FAQ has them.'],
          deltas: ANSWER,
          sources: [
            { url: 'https://shop.example/hours', title: 'Opening hours' },
            { url: 'https://shop.example/faq', title: 'FAQ' },
          ],
        }),
      ),
    ]);
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    const heard = await listen(page);
    await say(page, 'When are you open?');

    const answer = messages(page).locator('.message--left').last();
    // Thinking, with the reasoning readable when expanded.
    await answer.getByText(/^Thinking…/).waitFor();
    await answer.locator('summary').click();
    await expect.poll(() => answer.locator('.thinking__body').innerText()).toContain('the FAQ has them.');
    // The text grows: each new state of the bubble is the one before with more.
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const text = (await answer.locator('.answer-streaming').count()) ? await answer.locator('.answer-streaming').innerText() : '';
          if (text && seen.at(-1) !== text) seen.push(text);
          return answer.locator('.answer-sources a').count();
        },
        { interval: 50, timeout: 15_000 },
      )
      .toBe(2);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]?.startsWith(seen[i - 1] ?? '')).toBe(true);
    // Finished: the text is the message's own, no longer the streaming one.
    await expect.poll(() => answer.locator('.answer-streaming').count()).toBe(0);
    await answer.getByText(FULL).waitFor();
    await expect.poll(() => answer.locator('summary').innerText()).toMatch(/^Deeply thought/);

    const links = answer.getByRole('list', { name: 'Sources' }).getByRole('link');
    expect(await links.allInnerTexts()).toEqual(['Opening hours', 'FAQ']);
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await expect.poll(heard).toEqual([`Robo: ${FULL}`]);
  });

  it('a stream that breaks off keeps what came and says so; Try again streams the answer into the same bubble', async () => {
    const { page } = s;
    const broken = await eventsOf([
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'We are open ' },
      { type: 'text-delta', id: 't', delta: 'Monday' },
      { type: 'error', errorText: 'the model is overloaded' },
    ]);
    await streamedRobot(page, [broken, await eventsOf(answerChunks({ deltas: ANSWER }))]);
    await openChat(page, s.baseUrl, 'demo');
    await page.getByText("Hi! I'm Robo").waitFor();
    const robotBubbles = messages(page).locator('.message--left');
    const heard = await listen(page);
    await say(page, 'When are you open?');

    const answer = robotBubbles.last();
    await answer.getByText('The answer was cut off.').waitFor();
    expect(await answer.innerText()).toContain('We are open Monday');
    await expect.poll(heard).toEqual(['Robo: We are open Monday The answer was cut off.']);

    await answer.getByRole('button', { name: 'Try again' }).click();
    await answer.getByText(FULL).waitFor();
    expect(await answer.getByText('The answer was cut off.').count()).toBe(0);
    // Into the same bubble: one bubble holds the answer (the list is virtualised, so rows above may
    // leave the DOM as the answer grows: counting every bubble raced with that).
    expect(await robotBubbles.filter({ hasText: 'We are open' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { robotAsks: number }).robotAsks)).toBe(2);
    await expect.poll(heard).toEqual(['Robo: We are open Monday The answer was cut off.', `Robo: ${FULL}`]);
  });
});
