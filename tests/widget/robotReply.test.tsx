import { act, fireEvent, screen, within } from '@testing-library/react';
import { Subject, of } from 'rxjs';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { MsgType, SenderType, type RobotFrame } from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import { MessageBoundary } from '../../ui/widget/components/MessageBoundary';
import { MessageList } from '../../ui/widget/components/MessageList';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { itemOf, renderUi, reportResize, resizeRowOf, stubLayout, tick } from './renderUi';

/** The widget's streamed robot answer (docs/protocol.md "Streamed answers"): the bubble grows, the thinking block reads along. */

const T = Date.UTC(2024, 4, 15, 12, 0);

// The thinking block and the rating buttons are lazy chunks of the widget: loaded once, a render settles in a tick.
beforeAll(async () => {
  await Promise.all(['ThinkingBlock', 'RatingButtons', 'AnswerExtras'].map((name) => import(`../../ui/widget/components/${name}.tsx`)));
});
beforeEach(() => {
  vi.useFakeTimers({ now: T });
  return stubLayout();
});
afterEach(() => void vi.useRealTimers());

/** A chat whose robot answers on `streams`, one Subject per ask; `history` shows above. */
function streamingChat(strict: boolean, history: WireMessage[] = []) {
  const streams: Subject<RobotFrame>[] = [];
  const { engine, fake } = testEngine({
    api: hookApi(
      {
        getHistoryMsg: () => of(history),
        robotAsk: () => {
          const s = new Subject<RobotFrame>();
          streams.push(s);
          return s;
        },
      },
      { robotName: 'Robo' },
    ),
  });
  const view = renderUi(<MessageList />, { engine, strict });
  const send = (f: RobotFrame, stream = streams.at(-1)) => act(() => stream?.next(f));
  return { engine, fake, view, streams, send, region: () => view.container.querySelector('[aria-live="polite"]') as HTMLElement };
}

describeBoth('a streamed robot answer', ({ strict }) => {
  it("the thinking block reads the reasoning live ('Thinking… (N s)'), collapses to 'Deeply thought (N s)' when the text starts, and the bubble grows", async () => {
    const { engine, view, send } = streamingChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick(1_000);
    send({ type: 'reasoning', part: 'r', delta: 'The opening hours are ' });
    send({ type: 'reasoning', part: 'r', delta: 'in the FAQ.' });
    await tick(1_000);
    const block = screen.getByText('Thinking… (2 s)').closest('details') as HTMLDetailsElement;
    expect(block.textContent).toContain('The opening hours are in the FAQ.');

    send({ type: 'text', part: 't', delta: 'We open' });
    await tick();
    expect(screen.getByText('Deeply thought (2 s)')).toBeDefined();
    expect(view.container.querySelector('.answer-streaming')?.textContent).toBe('We open');
    send({ type: 'text', part: 't', delta: ' at nine.' });
    await tick(3_000);
    expect(view.container.querySelector('.answer-streaming')?.textContent).toBe('We open at nine.');
    // The thinking stopped when the text started.
    expect(screen.getByText('Deeply thought (2 s)')).toBeDefined();

    send({ type: 'source', source: { url: 'https://shop.example/hours', title: 'Opening hours' } });
    send({ type: 'source', source: { url: 'https://shop.example/faq' } });
    send({ type: 'finish' });
    await tick();
    const item = itemOf('We open at nine.');
    expect(view.container.querySelector('.answer-streaming')).toBeNull();
    const sources = within(item).getByRole('list', { name: 'Sources' });
    const links = within(sources).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['Opening hours', 'https://shop.example/hours', '_blank', 'noopener noreferrer'],
      ['shop.example', 'https://shop.example/faq', '_blank', 'noopener noreferrer'],
    ]);
    expect(within(item).getByText('Deeply thought (2 s)').closest('details')?.textContent).toContain('The opening hours are in the FAQ.');
    expect(within(item).getByRole('button', { name: 'Helpful' })).toBeDefined();
  });

  it("while the visitor is at the bottom, the list follows the growing answer's end: when its rows grow, not per delta", async () => {
    const { engine, view, send } = streamingChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    // jsdom has no layout: the scroller's height is the test's, its scroll position is recorded, and
    // the test says when the rows changed size.
    const scroller = view.container.querySelector('.message-list__scroller') as HTMLElement;
    const rows = scroller.firstElementChild as Element;
    let height = 1_000;
    const scrolledTo: number[] = [];
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 600 });
    // As in a browser, a scroll position past the end is the end (the height less the viewport's).
    let position = 400;
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => position,
      set: (v: number) => {
        scrolledTo.push(v);
        position = Math.min(v, height - 600);
      },
    });

    send({ type: 'text', part: 't', delta: 'We open' });
    send({ type: 'text', part: 't', delta: ' at nine' });
    height = 1_040;
    reportResize(rows);
    await tick(20);
    expect(scrolledTo).toEqual([1_040]);
    // A delta within the same line: the rows keep their size, nothing moves.
    send({ type: 'text', part: 't', delta: ' on' });
    await tick(20);
    expect(scrolledTo).toEqual([1_040]);
    send({ type: 'text', part: 't', delta: ' weekdays, and at ten on Saturdays.' });
    height = 1_080;
    reportResize(rows);
    await tick(20);
    expect(scrolledTo).toEqual([1_040, 1_080]);
  });

  it("a delta, and the list taking the bubble's new height when it grows a line, render no other message: no row, no error boundary", async () => {
    const history: WireMessage[] = [
      { id: 'h1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'Do you ship to Norway?', msgTime: T - 60_000 },
      { id: 'h2', senderType: SenderType.Robot, senderName: 'Robo', msgType: MsgType.Text, msgContent: 'Yes, within 5 days.', msgTime: T - 50_000 },
      { id: 'h3', senderType: SenderType.Agent, senderName: 'Ann', msgType: MsgType.Text, msgContent: 'Anything else?', msgTime: T - 40_000 },
    ];
    const { engine, view, send } = streamingChat(strict, history);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    send({ type: 'text', part: 't', delta: 'We open' });
    await tick();
    const answer = view.container.querySelector('.answer-streaming') as HTMLElement;
    const answerId = engine.getSnapshot().messages.at(-1)?.id;
    const content = view.container.querySelector('.message-list__scroller > div') as HTMLElement;
    const height = content.style.height;
    const rendered = vi.spyOn(MessageBoundary.prototype, 'render');
    try {
      for (const [i, delta] of [' at nine', ' on weekdays', ' and at ten', ' on Saturdays.'].entries()) {
        send({ type: 'text', part: 't', delta });
        // Every other delta the bubble takes a line more: the list renders with its new height.
        if (i % 2 === 1) act(() => resizeRowOf(answer, 40 + 20 * (i + 1)));
        await tick();
      }
      expect(content.style.height).not.toBe(height);
      expect(answer.textContent).toBe('We open at nine on weekdays and at ten on Saturdays.');
      const others = rendered.mock.contexts.map((c) => (c as MessageBoundary).props.id).filter((id) => id !== answerId);
      expect(others).toEqual([]);
    } finally {
      rendered.mockRestore();
    }
  });

  it("a streaming answer shows its paragraphs as blocks, and a delta changes only the last one's text (the browser lays out that paragraph, not the whole answer)", async () => {
    const { engine, view, send } = streamingChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    send({ type: 'text', part: 't', delta: 'We open at nine.\n\nOn Saturdays' });
    await tick();
    const answer = view.container.querySelector('.answer-streaming') as HTMLElement;
    const first = answer.firstElementChild;
    const changed: Node[] = [];
    const observer = new MutationObserver((records) => changed.push(...records.map((r) => r.target)));
    observer.observe(answer, { subtree: true, childList: true, characterData: true, attributes: true });
    send({ type: 'text', part: 't', delta: ' at ten.' });
    await tick();
    observer.disconnect();
    // The text as one text node would show it (in pre-wrap), each paragraph a block, its blank line with it.
    expect(answer.textContent).toBe('We open at nine.\n\nOn Saturdays at ten.');
    expect([...answer.children].map((p) => p.textContent)).toEqual(['We open at nine.\n\n', 'On Saturdays at ten.']);
    expect(answer.firstElementChild).toBe(first);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((n) => answer.lastElementChild?.contains(n))).toBe(true);
  });

  it('a long streamed answer (issue 30) streams in pieces of at most 2,000 characters, stays whole once done (no Show more pulls it from under the visitor), and the live region reads its first piece', async () => {
    const { engine, view, send, region } = streamingChat(strict);
    await tick();
    act(() => void engine.sendText('Tell me everything'));
    await tick();
    const words = 'lorem ipsum dolor sit amet '.repeat(100); // 2,700 characters without a line break
    for (let i = 0; i < 4; i++) {
      send({ type: 'text', part: 't', delta: words });
      await tick(100);
    }
    const answer = view.container.querySelector('.answer-streaming') as HTMLElement;
    const pieces = [...answer.children].map((p) => p.textContent ?? '');
    expect(pieces.join('')).toBe(words.repeat(4));
    expect(pieces.every((p) => p.length <= 2_000)).toBe(true);
    const first = answer.firstElementChild;
    send({ type: 'finish' });
    await tick();
    // Done: the same blocks, whole; nothing collapsed.
    expect(view.container.querySelector('.answer-streaming')?.firstElementChild).toBe(first);
    expect(view.container.querySelector('.answer-streaming')?.textContent).toBe(words.repeat(4));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    const heard = region().textContent ?? '';
    expect(heard.startsWith(`Robo: ${words.slice(0, 100)}`)).toBe(true);
    expect(heard.length).toBeLessThan(2_100);
    expect(heard.endsWith('…')).toBe(true);
  });

  it("the live region reads the answer once, whole, with the robot's name — never a delta", async () => {
    const { engine, send, region } = streamingChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(region().textContent ?? ''));
    observer.observe(region(), { childList: true, subtree: true, characterData: true });
    for (const delta of ['We ', 'open ', 'at ', 'nine.']) {
      send({ type: 'text', part: 't', delta });
      await tick(100);
    }
    expect(region().textContent).toBe('');
    send({ type: 'finish' });
    await tick();
    observer.disconnect();
    expect(region().textContent).toBe('Robo: We open at nine.');
    expect(heard.filter(Boolean)).toEqual(['Robo: We open at nine.']);
  });

  it('a stream cut short keeps what arrived, says so, and Try again asks again into the same bubble; the new answer is read once', async () => {
    const { engine, fake, view, send, region, streams } = streamingChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    send({ type: 'text', part: 't', delta: 'We op' });
    send({ type: 'error', errorText: 'model overloaded' });
    await tick();
    const item = itemOf('We op');
    expect(within(item).getByText('The answer was cut off.')).toBeDefined();
    expect(within(item).queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(region().textContent).toBe('Robo: We op The answer was cut off.');

    fireEvent.click(within(item).getByRole('button', { name: 'Try again' }));
    await tick();
    expect(fake.count('robotAsk')).toBe(2);
    expect(screen.queryByText('The answer was cut off.')).toBeNull();
    expect(screen.getByText('Thinking…')).toBeDefined();
    send({ type: 'text', part: 't', delta: 'We open at nine.' }, streams[1]);
    send({ type: 'finish' }, streams[1]);
    await tick();
    expect(view.container.querySelectorAll('.message--left')).toHaveLength(1);
    expect(within(itemOf('We open at nine.')).queryByText('The answer was cut off.')).toBeNull();
    expect(region().textContent).toBe('Robo: We open at nine.');
  });
});
