import { act, render } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MsgType, SenderType, type ChatMessage, type RobotFrame } from '@visitor-chat/chat-engine';
import { useChat, useChatSelector, useRobotAnswer, useThinking } from '@visitor-chat/chat-react';
import { sequentialIds } from '../engine/support/fixtures';
import { testedRuntime } from '../support/runtime';
import { describeBoth, engineWrapper, hookApi, renderHookWithEngine, testEngine } from './strictMode';

/** useRobotAnswer: a robot answer as it streams (docs/protocol.md "Streamed answers"). */

const T = Date.UTC(2024, 4, 15, 12, 0);
beforeEach(() => void vi.useFakeTimers({ now: T }));
afterEach(() => void vi.useRealTimers());

/** Stands in for the answer's message before it is there. */
const NONE: ChatMessage = {
  id: '',
  senderType: SenderType.Robot,
  msgType: MsgType.Text,
  msgContent: '',
  position: 'left',
  createdAt: 0,
  carriesTime: false,
  hasTime: false,
};

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const frame = (stream: Subject<RobotFrame>, f: RobotFrame) => act(() => stream.next(f));

/** An engine whose robot answers on `streams`, one Subject per ask. */
function streaming() {
  const streams: Subject<RobotFrame>[] = [];
  const api = hookApi({
    robotAsk: () => {
      const s = new Subject<RobotFrame>();
      streams.push(s);
      return s;
    },
  });
  return { api, streams };
}

describeBoth('useRobotAnswer', ({ strict }) => {
  it('pending as the question is sent, thinking with the reasoning, streaming with the text, done on finish', () => {
    const { api, streams } = streaming();
    const { result, engine } = renderHookWithEngine(() => useRobotAnswer('m2'), { strict, api, options: { newId: sequentialIds() } });
    expect(result.current).toEqual({ answer: null, retry: null });

    act(() => void engine.sendText('When do you open?'));
    advance(0);
    expect(result.current.answer).toMatchObject({ phase: 'pending', text: '', reasoning: '', sources: [], startedAt: T });
    const [stream] = streams as [Subject<RobotFrame>];

    advance(1_000);
    frame(stream, { type: 'reasoning', part: 'r', delta: 'Checking the hours.' });
    expect(result.current.answer).toMatchObject({ phase: 'thinking', reasoning: 'Checking the hours.' });
    advance(1_000);
    frame(stream, { type: 'text', part: 't', delta: 'We open' });
    frame(stream, { type: 'text', part: 't', delta: ' at nine.' });
    frame(stream, { type: 'source', source: { url: 'https://shop.example/hours', title: 'Hours' } });
    expect(result.current.answer).toMatchObject({ phase: 'streaming', text: 'We open at nine.', thoughtMs: 2_000 });
    frame(stream, { type: 'finish' });
    expect(result.current.answer).toMatchObject({ phase: 'done', text: 'We open at nine.', sources: [{ url: 'https://shop.example/hours', title: 'Hours' }] });
    expect(result.current.retry).toBeNull();
    expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ id: 'm2', msgContent: 'We open at nine.', thoughtMs: 2_000 });
  });

  it('a failed stream keeps its text and offers retry, which asks again into the same answer', () => {
    const { api, streams } = streaming();
    const { result, engine, fake } = renderHookWithEngine(() => useRobotAnswer('m2'), { strict, api, options: { newId: sequentialIds() } });
    act(() => void engine.sendText('Hours?'));
    advance(0);
    frame(streams[0] as Subject<RobotFrame>, { type: 'text', part: 't', delta: 'We op' });
    frame(streams[0] as Subject<RobotFrame>, { type: 'error', errorText: 'overloaded' });
    expect(result.current.answer).toMatchObject({ phase: 'failed', failure: 'error', text: 'We op', errorText: 'overloaded' });
    const retry = result.current.retry;
    expect(retry).toBeTypeOf('function');

    act(() => retry?.());
    expect(result.current).toMatchObject({ answer: { phase: 'pending', text: '' }, retry: null });
    expect(fake?.count('robotAsk')).toBe(2);
    frame(streams[1] as Subject<RobotFrame>, { type: 'text', part: 't', delta: 'Nine.' });
    frame(streams[1] as Subject<RobotFrame>, { type: 'finish' });
    expect(result.current.answer).toMatchObject({ phase: 'done', text: 'Nine.' });
    // A stale handle does nothing once the answer is no longer failed.
    act(() => retry?.());
    expect(fake?.count('robotAsk')).toBe(2);
  });

  it('per delta only the bubble that reads the answer renders again; a list of the messages does not', () => {
    const { api, streams } = streaming();
    const { engine } = testEngine({ api, options: { newId: sequentialIds() } });
    const renders = { list: 0, bubble: 0 };
    function List() {
      renders.list += 1;
      return <>{useChat().messages.length}</>;
    }
    function Bubble() {
      renders.bubble += 1;
      return <>{useRobotAnswer('m2').answer?.text}</>;
    }
    const Wrapper = engineWrapper(engine, strict);
    const view = render(
      <Wrapper>
        <List />
        <Bubble />
      </Wrapper>,
    );
    act(() => void engine.sendText('Hours?'));
    advance(0);
    const before = { ...renders };
    for (const delta of ['We ', 'open ', 'at ', 'nine.']) frame(streams[0] as Subject<RobotFrame>, { type: 'text', part: 't', delta });
    // React's StrictMode renders each component twice per update (Preact's renders once).
    const perRender = strict && testedRuntime() === 'react' ? 2 : 1;
    expect(renders.list - before.list).toBe(0);
    expect(renders.bubble - before.bubble).toBe(4 * perRender);
    expect(view.container.textContent).toContain('We open at nine.');
  });
});

describeBoth('useThinking with a streamed answer', ({ strict }) => {
  it('counts while the robot reasons, and stops when the text starts', () => {
    const { api, streams } = streaming();
    const { result, engine } = renderHookWithEngine(
      () => {
        const message = useChatSelector((s) => s.messages.find((m) => m.id === 'm2') ?? NONE);
        const { answer } = useRobotAnswer('m2');
        return useThinking(message, answer);
      },
      { strict, api, options: { newId: sequentialIds() } },
    );
    act(() => void engine.sendText('Hours?'));
    advance(0);
    advance(1_000);
    frame(streams[0] as Subject<RobotFrame>, { type: 'reasoning', part: 'r', delta: 'Hmm.' });
    advance(2_000);
    expect(result.current).toEqual({ running: true, seconds: 3 });
    frame(streams[0] as Subject<RobotFrame>, { type: 'text', part: 't', delta: 'Nine.' });
    expect(result.current).toEqual({ running: false, seconds: 3 });
    advance(5_000);
    expect(result.current).toEqual({ running: false, seconds: 3 });
  });
});
