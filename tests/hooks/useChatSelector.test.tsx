import { act, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { expect, it } from 'vitest';
import type { ChatState } from '@visitor-chat/chat-engine';
import { shallowEqual, useChatEngine, useChatSelector } from '@visitor-chat/chat-react';
import { describeBoth, renderWithEngine } from './strictMode';

/**
 * Counts the commits of a component: a layout effect without dependencies runs once per commit
 * (StrictMode's double render is not a commit; its double mount is, before the counts compared).
 * React's Profiler would count the same here, but preact/compat has none (the dom-preact project).
 */
function commitCounter() {
  const counter = { commits: 0 };
  const useCommits = () =>
    useLayoutEffect(() => {
      counter.commits += 1;
    });
  return { counter, useCommits };
}

const selectTitle = (s: ChatState) => s.channel?.title ?? '';
const selectCount = (s: ChatState) => s.messages.length;

function Title({ useCommits = () => undefined }: { useCommits?: () => void }) {
  useCommits();
  return <h1>{useChatSelector(selectTitle)}</h1>;
}

function Count({ useCommits = () => undefined }: { useCommits?: () => void }) {
  useCommits();
  return <output aria-label="count">{useChatSelector(selectCount)}</output>;
}

describeBoth('useChatSelector', ({ strict }) => {
  it('a component that selects the channel title does not re-render when messages are sent', () => {
    const title = commitCounter();
    const count = commitCounter();
    const { engine } = renderWithEngine(
      <>
        <Title useCommits={title.useCommits} />
        <Count useCommits={count.useCommits} />
      </>,
      { strict },
    );
    expect(screen.getByRole('heading')).toHaveProperty('textContent', 'Demo shop');
    const titleCommits = title.counter.commits;
    const countCommits = count.counter.commits;

    act(() => void engine.sendText('first'));
    act(() => void engine.sendText('second'));

    expect(title.counter.commits).toBe(titleCommits);
    // Each send (with its robot answer, applied in the same act) is one commit of the counter.
    expect(count.counter.commits).toBe(countCommits + 2);
    expect(screen.getByLabelText('count').textContent).toBe(String(engine.getSnapshot().messages.length));
  });

  it('a selector that builds a new object each time, compared with shallowEqual, re-renders only when a field changes', () => {
    const renders = commitCounter();
    const selectSummary = (s: ChatState) => ({ phase: s.phase, title: s.channel?.title ?? '' });
    function Summary() {
      renders.useCommits();
      const { phase, title } = useChatSelector(selectSummary, shallowEqual);
      return (
        <p>
          {phase}: {title}
        </p>
      );
    }
    const { engine } = renderWithEngine(<Summary />, { strict });
    expect(screen.getByText('ready: Demo shop')).toBeDefined();
    const before = renders.counter.commits;

    act(() => void engine.sendText('hello'));

    expect(renders.counter.commits).toBe(before);
  });

  it('an inline selector returning a new object on every call neither loops nor tears', () => {
    function Both() {
      const { count, title } = useChatSelector((s) => ({ count: s.messages.length, title: s.channel?.title }), shallowEqual);
      return <p aria-label="both">{`${title}:${count}`}</p>;
    }
    const { engine } = renderWithEngine(
      <>
        <Both />
        <Count />
      </>,
      { strict },
    );
    act(() => void engine.sendText('one'));
    const count = engine.getSnapshot().messages.length;
    expect(count).toBeGreaterThan(0);
    // Two components reading the store in the same commit agree with each other and with the store.
    expect(screen.getByLabelText('both').textContent).toBe(`Demo shop:${count}`);
    expect(screen.getByLabelText('count').textContent).toBe(String(count));
  });

  it('a change made after render but before the subscription is not lost', () => {
    function SendOnMount() {
      const engine = useChatEngine();
      useLayoutEffect(() => {
        engine.sendText('typed before anyone listened');
      }, [engine]);
      return null;
    }
    const { engine } = renderWithEngine(
      <>
        <Count />
        <SendOnMount />
      </>,
      { strict },
    );
    expect(screen.getByLabelText('count').textContent).toBe(String(engine.getSnapshot().messages.length));
    expect(engine.getSnapshot().messages.some((m) => m.msgContent === 'typed before anyone listened')).toBe(true);
  });

  it('a selector that depends on a prop follows the prop even when the state has not changed', () => {
    function Nth({ index }: { index: number }) {
      const text = useChatSelector((s) => s.messages[index]?.msgContent ?? '(none)');
      return <p aria-label="nth">{text}</p>;
    }
    const { engine, rerender } = renderWithEngine(<Nth index={0} />, { strict });
    act(() => {
      engine.sendText('first');
      engine.sendText('second');
    });
    const contents = engine.getSnapshot().messages.map((m) => m.msgContent);
    expect(screen.getByLabelText('nth').textContent).toBe(contents[0]);

    rerender(<Nth index={1} />);

    expect(screen.getByLabelText('nth').textContent).toBe(contents[1]);
  });
});
