import { act, fireEvent, screen } from '@testing-library/react';
import { map, of, timer } from 'rxjs';
import { expect, it } from 'vitest';
import { ChatStatus, ReceiveMode, SenderType, constants, type ChatEngine } from '@visitor-chat/chat-engine';
import { useComposer, useRobotTips, useTitleTyping } from '@visitor-chat/chat-react';
import type { RobotTipsRequest } from '#engine/protocol';
import { USER_ID, newScheduler, session } from '../engine/support/fixtures';
import { describeBoth, hookApi, renderHookWithEngine, renderWithEngine, testEngine } from './strictMode';

const RETURN = 'How do I return an item?';
const SHIPPING = 'How long does shipping take?';
const HOURS = 'What are your opening hours?';
const PAUSE = constants.TIPS_DEBOUNCE_MS;

/** A composer with the suggestions, as the widget wires them. */
function Box() {
  const { setText, getInputProps } = useComposer();
  const tips = useRobotTips({ onChosen: () => setText('') });
  const inputProps = getInputProps();
  return (
    <>
      <textarea aria-label="message" {...inputProps} {...tips.getInputProps({ onKeyDown: inputProps.onKeyDown })} />
      {tips.tips.length > 0 && (
        <ul aria-label="suggestions" {...tips.getListProps()}>
          {tips.tips.map((tip, i) => (
            <li key={tip} {...tips.getOptionProps(i)}>
              {tip}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={tips.dismiss}>
        Dismiss
      </button>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLTextAreaElement>('message');
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);
const visitorTexts = (engine: ChatEngine) =>
  engine
    .getSnapshot()
    .messages.filter((m) => m.senderType === SenderType.Visitor)
    .map((m) => m.msgContent);

/** Robot mode, robotTips answering at once with suggestions for any question. */
function robotTips(tips: string[] = [RETURN, SHIPPING, HOURS]) {
  return hookApi({ robotTips: (_req: RobotTipsRequest) => of({ tips }) });
}

/** The engine's virtual clock, run forward inside act() so that React renders what each step changed. */
function virtualClock() {
  const scheduler = newScheduler();
  return {
    scheduler,
    /** Runs every timer due by `ms` (the clock then reads the last one's time). */
    runTo(ms: number) {
      scheduler.maxFrames = ms;
      act(() => scheduler.flush());
    },
    /** Types `text`, then lets the engine's pause in typing pass. */
    typeAndPause(text: string) {
      fireEvent.input(input(), { target: { value: text } });
      this.runTo(scheduler.now() + PAUSE);
    },
  };
}

const selected = (i: number) => screen.getAllByRole('option')[i]?.getAttribute('aria-selected');

describeBoth('useRobotTips', ({ strict }) => {
  it(`SPEC §7 robotTips: after a pause of ${PAUSE} ms the suggestions show; the arrows move the highlight, which the field points at; Enter sends the highlighted one and empties the field`, () => {
    const clock = virtualClock();
    const { engine, fake } = testEngine({ api: robotTips(), scheduler: clock.scheduler });
    renderWithEngine(<Box />, { strict, engine });
    clock.runTo(0);
    fireEvent.input(input(), { target: { value: 'ref' } });
    clock.runTo(PAUSE - 1);
    expect(options()).toEqual([]);
    clock.runTo(PAUSE);

    expect(options()).toEqual([RETURN, SHIPPING, HOURS]);
    expect(fake.bodies('robotTips')).toEqual([{ userId: USER_ID, channelId: 'demo', question: 'ref' }]);
    expect(input().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(input().getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    expect(selected(1)).toBe('true');
    expect(selected(0)).toBe('false');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    // Wrapped round to the last.
    expect(selected(2)).toBe('true');

    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(visitorTexts(engine)).toEqual([HOURS]);
    expect(input().value).toBe('');
    expect(options()).toEqual([]);
    expect(input().getAttribute('aria-controls')).toBeNull();
  });

  it('Tab chooses the highlighted suggestion; without a highlight Tab and Enter are the field’s own (Enter sends the draft)', () => {
    const clock = virtualClock();
    const { engine } = testEngine({ api: robotTips(), scheduler: clock.scheduler });
    renderWithEngine(<Box />, { strict, engine });
    clock.runTo(0);
    clock.typeAndPause('ship');

    // fireEvent answers false when the default was prevented.
    expect(fireEvent.keyDown(input(), { key: 'Tab' })).toBe(true);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(fireEvent.keyDown(input(), { key: 'Tab' })).toBe(false);
    expect(visitorTexts(engine)).toEqual([RETURN]);

    clock.typeAndPause('parcel');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(visitorTexts(engine)).toEqual([RETURN, 'parcel']);
  });

  it('Escape dismisses the list until new suggestions come; a click chooses one', () => {
    const clock = virtualClock();
    const { engine } = testEngine({ api: robotTips(), scheduler: clock.scheduler });
    renderWithEngine(<Box />, { strict, engine });
    clock.runTo(0);
    clock.typeAndPause('ref');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(options()).toEqual([]);
    expect(input().getAttribute('aria-activedescendant')).toBeNull();

    clock.typeAndPause('refund');
    expect(options()).toEqual([RETURN, SHIPPING, HOURS]);

    fireEvent.click(screen.getByText(SHIPPING));
    expect(visitorTexts(engine)).toEqual([SHIPPING]);
    expect(input().value).toBe('');
  });

  it('SPEC §4 Receive mode: in agent mode nothing is asked and nothing shown; the keys are the field’s', () => {
    const api = hookApi(
      { chatStart: () => of(session({ status: ChatStatus.InConversation })), robotTips: () => of({ tips: [RETURN] }) },
      { receiveMode: ReceiveMode.Agent },
    );
    const { result, fake } = renderHookWithEngine(() => useRobotTips(), { strict, api });

    act(() => result.current.getInputProps().onKeyDown({ key: 'ArrowDown' } as never));

    expect(result.current.tips).toEqual([]);
    expect(result.current.highlighted).toBe(-1);
    expect(result.current.choose(0)).toBe(false);
    expect(fake?.count('robotTips')).toBe(0);
  });
});

describeBoth('useTitleTyping', ({ strict }) => {
  it('SPEC §9: on while the robot prepares an answer, in the engine’s phases (3-6 s on, 1-2 s off, lengths from its random source); off once answered', () => {
    const clock = virtualClock();
    // The answer takes 9 s; random 0 gives the shortest phases: on 3 s, off 1 s.
    const api = hookApi({
      robotAsk: () => timer(9_000, clock.scheduler).pipe(map(() => ({ type: 'answer' as const, answer: { msgContent: 'We open at nine.' } }))),
    });
    const { engine } = testEngine({ api, scheduler: clock.scheduler, options: { random: () => 0 } });
    const { result } = renderHookWithEngine(() => useTitleTyping(), { strict, engine });
    clock.runTo(0);
    expect(result.current).toBe(false);
    act(() => void engine.sendText('When do you open?'));

    const seen = [2_999, 3_000, 3_999, 4_000, 6_999, 7_000, 8_000, 9_000].map((ms) => {
      clock.runTo(ms);
      return [ms, result.current];
    });

    expect(result.current).toBe(false);
    expect(seen).toEqual([
      [2_999, true],
      [3_000, false],
      [3_999, false],
      [4_000, true],
      [6_999, true],
      [7_000, false],
      [8_000, true],
      [9_000, false],
    ]);
  });
});
