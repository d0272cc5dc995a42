import { act, fireEvent, screen, within } from '@testing-library/react';
import { NEVER, of } from 'rxjs';
import { beforeEach, expect, it } from 'vitest';
import { constants } from '@visitor-chat/chat-engine';
import { Composer } from '../../ui/widget/components/Composer';
import { NavBar } from '../../ui/widget/components/NavBar';
import { newScheduler } from '../engine/support/fixtures';
import { describeBoth, hookApi, testEngine } from '../hooks/strictMode';
import { renderUi, settle, stubLayout } from './renderUi';

const RETURN = 'How do I return an item?';
const SHIPPING = 'How long does shipping take?';

beforeEach(stubLayout);

const input = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });

describeBoth('RobotTips in the composer (SPEC §7 robotTips)', ({ strict }) => {
  it('the suggestions show above the field as a listbox it controls; the arrows highlight, Enter sends; the close button dismisses', async () => {
    const scheduler = newScheduler();
    const { engine } = testEngine({ api: hookApi({ robotTips: () => of({ tips: [RETURN, SHIPPING] }) }), scheduler });
    renderUi(<Composer />, { engine, strict });
    const runTo = (ms: number) => {
      scheduler.maxFrames = ms;
      act(() => scheduler.flush());
    };
    runTo(0);
    fireEvent.input(input(), { target: { value: 'ret' } });
    runTo(constants.TIPS_DEBOUNCE_MS);

    // The list's code loads after the first screen (lazyPart), so it may arrive a moment later.
    const list = await screen.findByRole('listbox', { name: 'Suggested questions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([RETURN, SHIPPING]);
    expect(input().getAttribute('aria-controls')).toBe(list.id);
    expect(input().getAttribute('aria-autocomplete')).toBe('list');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]?.id);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss suggestions' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().value).toBe('ret');

    fireEvent.input(input(), { target: { value: 'retu' } });
    runTo(scheduler.now() + constants.TIPS_DEBOUNCE_MS);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(engine.getSnapshot().messages.map((m) => m.msgContent)).toContain(SHIPPING);
    expect(input().value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describeBoth('NavBar title typing (SPEC §9)', ({ strict }) => {
  it('while the robot prepares an answer the title reads "typing…"; the heading keeps the channel’s name', async () => {
    const { engine } = testEngine({ api: hookApi({ robotAsk: () => NEVER }) });
    renderUi(<NavBar title="Demo shop" />, { engine, strict });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demo shop');

    act(() => void engine.sendText('When do you open?'));
    await settle();

    const heading = screen.getByRole('heading', { level: 1, name: 'Demo shop' });
    expect(within(heading).getByText('typing…').getAttribute('aria-hidden')).toBe('true');
  });
});
