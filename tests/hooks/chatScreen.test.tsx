import { act, fireEvent, render, screen } from '@testing-library/react';
import { NEVER, Subject, of, type Observable } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ChatStatus, EventCode, MsgType, SenderType, type ChatMessage, type EventBatch, type UploadFrame, type RobotAskData } from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import {
  useChatSelector,
  useCountdown,
  useDeliveryStatus,
  useMessageRating,
  usePullToRefresh,
  useQueue,
  useRemoteTyping,
  useThinking,
} from '@visitor-chat/chat-react';
import { asAnswerFrames, sequentialIds, session } from '../engine/support/fixtures';
import { describeBoth, engineWrapper, hookApi, renderHookWithEngine, testEngine } from './strictMode';

/** Stands in for a message that is not there (yet): no status, not a robot reply. */
const NONE: ChatMessage = {
  id: '',
  senderType: SenderType.System,
  msgType: MsgType.SystemText,
  msgContent: '',
  position: 'center',
  createdAt: 0,
  carriesTime: false,
  hasTime: false,
};
const useMessage = (id: string) => useChatSelector((s) => s.messages.find((m) => m.id === id) ?? NONE);
const ids = { newId: sequentialIds() };
const T = Date.UTC(2024, 4, 15, 12, 0);

beforeEach(() => {
  vi.useFakeTimers({ now: T });
  ids.newId = sequentialIds();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Advances the fake clock inside act, so the engine's timers and React's updates both run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describeBoth('useDeliveryStatus', ({ strict }) => {
  it('pending, loading after 800 ms, fail at 12 s with a retry that restarts the cycle once', () => {
    const fake = hookApi({ sendMsg: () => NEVER });
    const { result, engine } = renderHookWithEngine(() => useDeliveryStatus(useMessage('m1')), { strict, api: fake, options: { newId: () => ids.newId() } });
    expect(result.current).toEqual({ status: null, failed: false, uploading: false, retry: null });

    act(() => void engine.sendText('hello'));
    expect(result.current).toEqual({ status: 'pending', failed: false, uploading: false, retry: null });
    advance(799);
    expect(result.current.status).toBe('pending');
    advance(1);
    expect(result.current).toEqual({ status: 'loading', failed: false, uploading: false, retry: null });
    advance(11_200);
    expect(result.current).toMatchObject({ status: 'fail', failed: true, retry: expect.any(Function) });
    // Attempts at 0, 5 s and 10 s.
    expect(fake.count('sendMsg')).toBe(3);

    act(() => result.current.retry?.());
    expect(result.current).toEqual({ status: 'pending', failed: false, uploading: false, retry: null });
    // The first attempt of a cycle goes out on the next tick.
    advance(0);
    expect(fake.count('sendMsg')).toBe(4);
  });

  it('sent clears the indicator: no retry', () => {
    const { result, engine } = renderHookWithEngine(() => useDeliveryStatus(useMessage('m1')), { strict, options: { newId: () => ids.newId() } });
    act(() => void engine.sendText('hello'));
    advance(0);
    expect(result.current).toEqual({ status: 'sent', failed: false, uploading: false, retry: null });
  });

  it('a file is uploading, with its progress, until its upload is done', () => {
    const frames$ = new Subject<UploadFrame>();
    const fake = hookApi({ upload: () => frames$ });
    const { result, engine } = renderHookWithEngine(() => useDeliveryStatus(useMessage('m1')), { strict, api: fake, options: { newId: () => ids.newId() } });
    act(() => void engine.sendFile(new Blob(['%PDF']), 'order.pdf'));
    advance(0);
    expect(result.current).toMatchObject({ status: 'pending', uploading: true, progress: undefined, failed: false });
    act(() => frames$.next({ kind: 'progress', fraction: 0.42 }));
    expect(result.current).toMatchObject({ uploading: true, progress: 0.42 });
    act(() => {
      frames$.next({ kind: 'done', data: { url: '/f/order.pdf', name: 'order.pdf', suffix: 'pdf' } });
      frames$.complete();
    });
    advance(0);
    expect(result.current).toEqual({ status: 'sent', failed: false, uploading: false, retry: null });
  });
  it("after a reload, only the visitor's own messages carry a delivery status: the agent's and the robot's from history show none", () => {
    const stored = (id: string, senderType: SenderType, at: number): WireMessage => ({
      id,
      senderType,
      msgType: MsgType.Text,
      msgContent: id,
      msgTime: T - at,
      status: 'sent',
    });
    const fake = hookApi({
      getHistoryMsg: () => of([stored('v1', SenderType.Visitor, 3_000), stored('a1', SenderType.Agent, 2_000), stored('r1', SenderType.Robot, 1_000)]),
    });
    const { result } = renderHookWithEngine(() => ['v1', 'a1', 'r1'].map((id) => useDeliveryStatus(useMessage(id)).status), { strict, api: fake });
    advance(0);
    expect(result.current).toEqual(['sent', null, null]);
  });
});

const ANSWER: WireMessage = { id: 'r1', senderType: SenderType.Robot, msgType: MsgType.Answer, msgContent: 'Yes, we do.', msgTime: T - 1_000 };

describeBoth('useMessageRating', ({ strict }) => {
  it('one choice, then locked: rate becomes null and the rating stays', () => {
    const fake = hookApi({ getHistoryMsg: () => of([ANSWER]) });
    const { result } = renderHookWithEngine(() => useMessageRating(useMessage('r1')), { strict, api: fake });
    expect(result.current.rating).toBeNull();
    const rate = result.current.rate;
    expect(rate).toBeTypeOf('function');

    act(() => rate?.('down'));
    expect(result.current).toEqual({ rating: 'down', rate: null });
    // A stale handle cannot change it either.
    act(() => rate?.('up'));
    expect(result.current.rating).toBe('down');
    expect(fake.calls.map((c) => c.name)).not.toContain('evaluate');
  });

  it('is null for a message that is not a robot reply', () => {
    const { result } = renderHookWithEngine(() => useMessageRating(useMessage('missing')), { strict });
    expect(result.current).toEqual({ rating: null, rate: null });
  });
});

describeBoth('useThinking', ({ strict }) => {
  it('runs with the elapsed seconds while the answer is awaited, then reports how long it thought', () => {
    const answer = new Subject<RobotAskData>();
    const fake = hookApi({ robotAsk: () => answer.pipe(asAnswerFrames()) });
    const { result, engine } = renderHookWithEngine(() => useThinking(useMessage('m2')), { strict, api: fake, options: { newId: () => ids.newId() } });
    act(() => void engine.sendText('When are you open?'));
    advance(0);
    expect(result.current).toEqual({ running: true, seconds: 0 });
    advance(2_000);
    expect(result.current).toEqual({ running: true, seconds: 2 });

    advance(1_400);
    act(() => {
      answer.next({ msgContent: 'Mon–Fri 9–18', msgType: 1 });
      answer.complete();
    });
    // 3.4 s, to the nearest whole second (SPEC §4: 'deeply thought' with optional seconds).
    expect(result.current).toEqual({ running: false, seconds: 3 });
    expect(fake.count('robotAsk')).toBe(1);
  });

  it('an answer back in 150 ms has no seconds to show', () => {
    const answer = new Subject<RobotAskData>();
    const { result, engine } = renderHookWithEngine(() => useThinking(useMessage('m2')), {
      strict,
      api: hookApi({ robotAsk: () => answer.pipe(asAnswerFrames()) }),
      options: { newId: () => ids.newId() },
    });
    act(() => void engine.sendText('When are you open?'));
    advance(150);
    act(() => {
      answer.next({ msgContent: 'Mon–Fri 9–18', msgType: 1 });
      answer.complete();
    });
    expect(result.current).toEqual({ running: false, seconds: null });
  });

  it('a message that never thought has no seconds', () => {
    const { result } = renderHookWithEngine(() => useThinking(useMessage('missing')), { strict });
    expect(result.current).toEqual({ running: false, seconds: null });
  });
});

/** An engine in conversation with an agent (status 2) whose polls come from `batches`. */
function agentApi(batches: Observable<EventBatch>, status: ChatStatus = ChatStatus.InConversation) {
  let first = true;
  return hookApi(
    {
      chatStart: () => of(session({ status })),
      // The first poll hears the test's batches; later polls stay open.
      getEventMsg: () => {
        const next = first ? batches : NEVER;
        first = false;
        return next;
      },
    },
    { receiveMode: 3, adminTimeoutMode: 1, adminTimeoutTime: 1, adminTimeoutMsg: 'The agent is busy.' },
  );
}

describeBoth('useRemoteTyping', ({ strict }) => {
  it('follows event 1204', () => {
    const batches = new Subject<EventBatch>();
    const { result } = renderHookWithEngine(() => useRemoteTyping(), { strict, api: agentApi(batches) });
    expect(result.current.typing).toBe(false);
    act(() => batches.next({ events: [{ event_type: EventCode.AgentTyping }] }));
    expect(result.current.typing).toBe(true);
  });
});

describeBoth('useQueue', ({ strict }) => {
  it('is queued in status 3 and follows the position of the polls', () => {
    const batches = new Subject<EventBatch>();
    const { result } = renderHookWithEngine(() => useQueue(), { strict, api: agentApi(batches, 3) });
    expect(result.current).toEqual({ queued: true, position: null });
    act(() => batches.next({ events: [], waitIndex: 2 }));
    expect(result.current).toEqual({ queued: true, position: 2 });
  });

  it('is not queued otherwise', () => {
    const { result } = renderHookWithEngine(() => useQueue(), { strict });
    expect(result.current).toEqual({ queued: false, position: null });
  });
});

describeBoth('useCountdown', ({ strict }) => {
  it('off (null) until the visitor speaks, then the agent countdown ticks each second', () => {
    const { result, engine } = renderHookWithEngine(() => useCountdown(), { strict, api: agentApi(NEVER) });
    expect(result.current).toEqual({ agent: null, visitor: null });
    act(() => void engine.sendText('Anyone there?'));
    advance(0);
    expect(result.current).toEqual({ agent: 60, visitor: null });
    advance(3_000);
    expect(result.current).toEqual({ agent: 57, visitor: null });
  });
});

/** A full history page of `n` messages ending just before `end`. */
function page(n: number, end: number): WireMessage[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `h${end}-${i}`,
    senderType: SenderType.Agent,
    msgType: MsgType.Text,
    msgContent: `old ${i}`,
    msgTime: end - (n - i) * 1_000,
  }));
}

function Pull() {
  const { status, distance, getContainerProps } = usePullToRefresh();
  return (
    <div data-testid="container" data-status={status} data-distance={distance} {...getContainerProps()}>
      content
    </div>
  );
}

const container = () => screen.getByTestId('container');
const touch = (type: 'touchStart' | 'touchMove', y: number) => fireEvent[type](container(), { touches: [{ clientY: y }] });

describeBoth('usePullToRefresh', ({ strict }) => {
  it('pending → pull → active past 20 px (ratio 2, max 60) → loading on release; loads older history with maxTime once', () => {
    const older = new Subject<WireMessage[]>();
    const fake = hookApi({ getHistoryMsg: (req) => (req.maxTime === undefined ? of(page(20, T)) : older) });
    const { engine } = testEngine({ api: fake });
    render(<Pull />, { wrapper: engineWrapper(engine, strict) });
    const state = () => [container().dataset.status, Number(container().dataset.distance)];
    expect(state()).toEqual(['pending', 0]);

    touch('touchStart', 100);
    touch('touchMove', 130);
    expect(state()).toEqual(['pull', 15]);
    touch('touchMove', 141);
    expect(state()).toEqual(['active', 20.5]);
    touch('touchMove', 400);
    expect(state()).toEqual(['active', 60]);
    fireEvent.touchEnd(container());
    expect(state()).toEqual(['loading', 30]);

    const oldest = engine.getSnapshot().messages[0]?.createdAt;
    expect(fake.bodies('getHistoryMsg').map((b) => b.maxTime)).toEqual([undefined, oldest]);

    act(() => {
      older.next(page(5, oldest ?? 0));
      older.complete();
    });
    expect(state()).toEqual(['pending', 0]);
    expect(engine.getSnapshot().messages).toHaveLength(25);
  });

  it('a release before the threshold, or a pull upwards, loads nothing', () => {
    const fake = hookApi({ getHistoryMsg: () => of(page(20, T)) });
    const { engine } = testEngine({ api: fake });
    render(<Pull />, { wrapper: engineWrapper(engine, strict) });
    touch('touchStart', 100);
    touch('touchMove', 120);
    fireEvent.touchEnd(container());
    touch('touchStart', 100);
    touch('touchMove', 20);
    expect(container().dataset.status).toBe('pending');
    fireEvent.touchEnd(container());
    expect(fake.count('getHistoryMsg')).toBe(1);
  });

  it('does nothing when the history is exhausted', () => {
    const fake = hookApi({ getHistoryMsg: () => of(page(3, T)) });
    const { engine } = testEngine({ api: fake });
    render(<Pull />, { wrapper: engineWrapper(engine, strict) });
    touch('touchStart', 0);
    touch('touchMove', 200);
    expect(container().dataset.status).toBe('pending');
    fireEvent.touchEnd(container());
    expect(fake.count('getHistoryMsg')).toBe(1);
  });
});
