import { act, fireEvent } from '@testing-library/react';
import { of } from 'rxjs';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { MsgType } from '@visitor-chat/chat-engine';
import { asAnswerFrames } from '../engine/support/fixtures';
import { MessageList } from '../../ui/widget/components/MessageList';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { renderUi, stubLayout, tick } from './renderUi';

/** The widget types out a JSON robot answer (SPEC §9 Typewriter); a tap, a key or reduced motion shows it whole; it is read once, whole. */

const T = Date.UTC(2024, 4, 15, 12, 0);
/** 60 characters: 5 at once, then steps of 3 (ceil(55 / 25), the 2 s cap), whole at 19 · 80 = 1,520 ms. */
const ANSWER = 'We are open from nine to six, see https://shop.example/hours';

beforeAll(async () => {
  await Promise.all(['ThinkingBlock', 'RatingButtons', 'AnswerExtras'].map((name) => import(`../../ui/widget/components/${name}.tsx`)));
});
beforeEach(() => {
  vi.useFakeTimers({ now: T });
  return stubLayout();
});
afterEach(() => void vi.useRealTimers());

/** `prefers-reduced-motion: reduce` as the browser reports it (jsdom has no matchMedia). */
function reduceMotion(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function jsonChat(strict: boolean) {
  const { engine } = testEngine({
    api: hookApi({ robotAsk: () => of({ msgContent: ANSWER, msgType: MsgType.Text }).pipe(asAnswerFrames()) }, { robotName: 'Robo' }),
  });
  const view = renderUi(<MessageList />, { engine, strict });
  const typed = () => view.container.querySelector('.answer-typing [aria-hidden="true"]')?.textContent ?? null;
  const region = () => view.container.querySelector('[aria-live="polite"]') as HTMLElement;
  return { engine, view, typed, region };
}

describeBoth('the typewriter in the widget', ({ strict }) => {
  it('a JSON answer types out as plain text, then shows whole with its link; the live region reads it once, whole, at once', async () => {
    const { engine, view, typed, region } = jsonChat(strict);
    await tick();
    const heard: string[] = [];
    new MutationObserver(() => heard.push(region().textContent ?? '')).observe(region(), { childList: true, subtree: true, characterData: true });
    act(() => void engine.sendText('When are you open?'));
    await tick();
    expect(typed()).toBe('We ar');
    // A listener browsing the log finds the whole answer, never the part typed so far.
    expect(view.container.querySelector('.answer-typing .visually-hidden')?.textContent).toBe(ANSWER);
    expect(region().textContent).toBe(`Robo: ${ANSWER}`);
    await tick(800);
    expect(typed()).toBe(ANSWER.slice(0, 35));
    expect(view.container.querySelector('.answer-typing a')).toBeNull();
    await tick(2_000);
    expect(typed()).toBeNull();
    expect(view.container.querySelector('.message--left a[href="https://shop.example/hours"]')).not.toBeNull();
    expect(heard.filter(Boolean)).toEqual([`Robo: ${ANSWER}`]);
  });

  it('a tap on the answer shows it whole', async () => {
    const { engine, view, typed } = jsonChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick(160);
    expect(typed()).toBe('We are open');
    fireEvent.click(view.container.querySelector('.answer-typing') as HTMLElement);
    await tick();
    expect(typed()).toBeNull();
    expect(view.container.querySelector('.message--left .content-text')?.textContent).toBe(ANSWER);
  });

  it('any key shows it whole', async () => {
    const { engine, typed } = jsonChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick(80);
    expect(typed()).toBe('We are o');
    fireEvent.keyDown(document.body, { key: 'a' });
    await tick();
    expect(typed()).toBeNull();
  });

  it('prefers-reduced-motion: the answer shows whole at once', async () => {
    reduceMotion();
    const { engine, view, typed } = jsonChat(strict);
    await tick();
    act(() => void engine.sendText('When are you open?'));
    await tick();
    expect(typed()).toBeNull();
    expect(view.container.querySelector('.message--left a[href="https://shop.example/hours"]')).not.toBeNull();
  });
});
