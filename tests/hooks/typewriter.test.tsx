import { act } from '@testing-library/react';
import { of, Subject } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MsgType, SenderType, type RobotFrame } from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import { useTypewriter } from '@visitor-chat/chat-react';
import { asAnswerFrames, sequentialIds } from '../engine/support/fixtures';
import { describeBoth, hookApi, renderHookWithEngine } from './strictMode';

/** useTypewriter: a robot answer that arrived whole typed out (SPEC §9 Typewriter: 80 ms, step 1, 5 at once; 2 s at most). */

const T = Date.UTC(2024, 4, 15, 12, 0);
beforeEach(() => void vi.useFakeTimers({ now: T }));
afterEach(() => void vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** 29 characters: 5 at once, then 24 steps of one, whole at 24 · 80 = 1,920 ms. */
const ANSWER = 'We are open from nine to six.';

/** An engine whose robot answers `text` as the JSON answer (the answer message is m2). */
function jsonRobot(text = ANSWER) {
  return { api: hookApi({ robotAsk: () => of({ msgContent: text, msgType: MsgType.Text }).pipe(asAnswerFrames()) }), options: { newId: sequentialIds() } };
}

describeBoth('useTypewriter', ({ strict }) => {
  it('a JSON answer types out: 5 characters at once, one more every 80 ms, then null (the message as it is) at 1,920 ms', () => {
    const { result, engine } = renderHookWithEngine(() => useTypewriter('m2'), { strict, ...jsonRobot() });
    expect(result.current).toEqual({ text: null, showWhole: null });
    act(() => void engine.sendText('When are you open?'));
    advance(0);
    expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ id: 'm2', msgContent: ANSWER });
    expect(result.current.text).toBe('We ar');
    expect(result.current.showWhole).toBeTypeOf('function');
    advance(80);
    expect(result.current.text).toBe('We are');
    advance(79);
    expect(result.current.text).toBe('We are');
    advance(1);
    expect(result.current.text).toBe('We are ');
    advance(1_920 - 160 - 80);
    expect(result.current.text).toBe(ANSWER.slice(0, -1));
    advance(80);
    expect(result.current).toEqual({ text: null, showWhole: null });
  });

  it('the cap: a 2,000-character answer is whole within 2 s', () => {
    const long = 'x'.repeat(2_000);
    const { result, engine } = renderHookWithEngine(() => useTypewriter('m2'), { strict, ...jsonRobot(long) });
    act(() => void engine.sendText('Tell me everything'));
    advance(0);
    expect(result.current.text).toHaveLength(5);
    advance(80);
    expect(result.current.text).toHaveLength(85);
    advance(1_840);
    expect(result.current.text).toHaveLength(1_925);
    advance(80);
    expect(result.current.text).toBeNull();
  });

  it('showWhole shows the answer whole at once, for good', () => {
    const { result, engine } = renderHookWithEngine(() => useTypewriter('m2'), { strict, ...jsonRobot() });
    act(() => void engine.sendText('When are you open?'));
    advance(160);
    expect(result.current.text).toBe('We are ');
    act(() => result.current.showWhole?.());
    expect(result.current).toEqual({ text: null, showWhole: null });
    advance(500);
    expect(result.current.text).toBeNull();
  });

  it('instant (reduced motion) shows it whole at once, never typed', () => {
    const { result, engine } = renderHookWithEngine(() => useTypewriter('m2', { instant: true }), { strict, ...jsonRobot() });
    act(() => void engine.sendText('When are you open?'));
    for (let ms = 0; ms <= 2_000; ms += 80) {
      advance(80);
      expect(result.current).toEqual({ text: null, showWhole: null });
    }
  });

  it('never cuts a character in half: an emoji with its skin tone is one character', () => {
    const { result, engine } = renderHookWithEngine(() => useTypewriter('m2'), { strict, ...jsonRobot('👋🏽 Hi! Ça va? 👍🏾 Bye') });
    act(() => void engine.sendText('Hello'));
    advance(0);
    expect(result.current.text).toBe('👋🏽 Hi!');
    const seen: string[] = [];
    for (let i = 0; i < 15; i++) {
      advance(80);
      if (result.current.text !== null) seen.push(result.current.text);
    }
    expect(seen).toContain('👋🏽 Hi! Ça va? 👍🏾');
    // No text ends with half a surrogate pair or a lone skin-tone modifier.
    for (const text of seen) expect(text).not.toMatch(/[\uD800-\uDBFF]$|👍$/u);
  });

  it('a bubble shown again (scrolled back into a virtualised list) goes on where it was, not from the start', () => {
    const { result, engine, unmount } = renderHookWithEngine(() => useTypewriter('m2'), { strict, ...jsonRobot() });
    act(() => void engine.sendText('When are you open?'));
    advance(400);
    expect(result.current.text).toBe('We are ope');
    unmount();
    advance(40);
    const again = renderHookWithEngine(() => useTypewriter('m2'), { strict, engine });
    expect(again.result.current.text).toBe('We are ope');
    advance(40);
    expect(again.result.current.text).toBe('We are open');
    advance(5_000);
    expect(again.result.current.text).toBeNull();
  });

  it('a streamed answer is never typed: it grew as it arrived', () => {
    const streams: Subject<RobotFrame>[] = [];
    const api = hookApi({
      robotAsk: () => {
        const s = new Subject<RobotFrame>();
        streams.push(s);
        return s;
      },
    });
    const { result, engine } = renderHookWithEngine(() => useTypewriter('m2'), { strict, api, options: { newId: sequentialIds() } });
    act(() => void engine.sendText('When are you open?'));
    advance(0);
    const stream = streams[0] as Subject<RobotFrame>;
    act(() => stream.next({ type: 'text', part: 't', delta: ANSWER }));
    expect(result.current.text).toBeNull();
    act(() => stream.next({ type: 'finish' }));
    expect(engine.getSnapshot().answers.m2).toMatchObject({ phase: 'done', text: ANSWER });
    expect(result.current).toEqual({ text: null, showWhole: null });
  });

  it('history is never typed: a robot answer loaded with the conversation shows as it is', () => {
    const old: WireMessage = { id: 'r1', senderType: SenderType.Robot, msgType: MsgType.Answer, msgContent: ANSWER, msgTime: T - 1_000 };
    const { result, engine } = renderHookWithEngine(() => useTypewriter('r1'), { strict, api: hookApi({ getHistoryMsg: () => of([old]) }) });
    advance(0);
    expect(engine.getSnapshot().messages.some((m) => m.id === 'r1')).toBe(true);
    expect(result.current).toEqual({ text: null, showWhole: null });
  });
});
