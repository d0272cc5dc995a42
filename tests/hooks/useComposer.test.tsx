import { act, fireEvent, screen } from '@testing-library/react';
import { EMPTY, of } from 'rxjs';
import { expect, it, vi } from 'vitest';
import { ChatStatus, ReceiveMode, SenderType, type ChatEngine } from '@visitor-chat/chat-engine';
import { useComposer, type ComposerOptions } from '@visitor-chat/chat-react';
import { sub } from '../engine/support/agentApi';
import { USER_ID, at, newScheduler, session } from '../engine/support/fixtures';
import { describeBoth, hookApi, renderHookWithEngine, renderWithEngine, testEngine } from './strictMode';

function Box(options: ComposerOptions) {
  const { getInputProps, remaining, submit } = useComposer(options);
  return (
    <>
      <textarea aria-label="message" {...getInputProps()} />
      <output aria-label="remaining">{remaining ?? ''}</output>
      <button type="button" disabled={!submit} onClick={() => submit?.()}>
        Send
      </button>
    </>
  );
}

const visitorTexts = (messages: readonly { senderType: number; msgContent: string }[]) =>
  messages.filter((m) => m.senderType === SenderType.Visitor).map((m) => m.msgContent);

function input(): HTMLTextAreaElement {
  return screen.getByLabelText<HTMLTextAreaElement>('message');
}

/** Records the texts the composer hands to engine.notifyTyping (the engine still gets each call). */
function typingSpy(engine: ChatEngine) {
  return vi.spyOn(engine, 'notifyTyping');
}

/** The texts of the typing notices a spy saw, in order. */
const noticed = (spy: ReturnType<typeof typingSpy>) => spy.mock.calls.map(([text]) => text);

describeBoth('useComposer', ({ strict }) => {
  it('Enter without Shift sends the text once and clears the box', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.input(input(), { target: { value: 'Where is my parcel?' } });

    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual(['Where is my parcel?']);
    expect(input().value).toBe('');
  });

  it('Shift+Enter does not send (it is a new line)', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.input(input(), { target: { value: 'line one' } });

    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual([]);
    expect(input().value).toBe('line one');
  });

  it('Enter that confirms an IME composition does not send', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.input(input(), { target: { value: 'にほん' } });

    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual([]);
    expect(input().value).toBe('にほん');
  });

  it('Enter that confirms an IME composition in Safari (keyCode 229, composition already ended) does not send', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.input(input(), { target: { value: 'にほん' } });

    // Safari fires compositionend before this keydown, so isComposing is false; keyCode 229 marks IME input.
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229, isComposing: false });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual([]);
    expect(input().value).toBe('にほん');
  });

  it('Enter on blank text sends nothing', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.input(input(), { target: { value: '   \n ' } });

    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(engine.getSnapshot().messages).toEqual([]);
  });

  it('submit is null while the text is empty or only whitespace, a function otherwise', () => {
    const { result } = renderHookWithEngine(() => useComposer(), { strict });
    expect(result.current.submit).toBeNull();

    act(() => result.current.setText(' \t\n '));
    expect(result.current.submit).toBeNull();

    act(() => result.current.setText(' hi '));
    expect(result.current.submit).toBeTypeOf('function');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('submit() sends the trimmed text and clears the composer', () => {
    const { result, engine } = renderHookWithEngine(() => useComposer(), { strict });
    act(() => result.current.setText('  hello  '));

    act(() => result.current.submit?.());

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual(['hello']);
    expect(result.current.text).toBe('');
    expect(result.current.submit).toBeNull();
  });

  it('without maxLength nothing is truncated and remaining is null', () => {
    const { result } = renderHookWithEngine(() => useComposer(), { strict });
    act(() => result.current.setText('x'.repeat(5000)));
    expect(result.current.text).toHaveLength(5000);
    expect(result.current.remaining).toBeNull();
  });

  it('maxLength truncates longer input and remaining counts down', () => {
    const { result } = renderHookWithEngine(() => useComposer({ maxLength: 5 }), { strict });
    expect(result.current.remaining).toBe(5);

    act(() => result.current.setText('abc'));
    expect(result.current.remaining).toBe(2);

    act(() => result.current.setText('abcdefgh'));
    expect(result.current.text).toBe('abcde');
    expect(result.current.remaining).toBe(0);
  });

  it('an emoji counts as one character towards maxLength and is never cut in half', () => {
    const { result } = renderHookWithEngine(() => useComposer({ maxLength: 3 }), { strict });

    act(() => result.current.setText('👍a'));
    expect(result.current.remaining).toBe(1);

    act(() => result.current.setText('👍😀🎉🚀'));
    expect(result.current.text).toBe('👍😀🎉');
    expect(result.current.remaining).toBe(0);
  });

  it('typing into a box with maxLength shows the characters left', () => {
    renderWithEngine(<Box maxLength={10} />, { strict });
    fireEvent.input(input(), { target: { value: 'hi 👋' } });
    expect(screen.getByLabelText('remaining').textContent).toBe('6');
  });

  it('the native maxlength of the box does not stop emoji the counter still has room for', () => {
    renderWithEngine(<Box maxLength={4} />, { strict });
    fireEvent.input(input(), { target: { value: '😀😀😀😀' } });

    // The counter allows four emoji; the browser's maxlength counts UTF-16 units (two per emoji).
    expect(screen.getByLabelText('remaining').textContent).toBe('0');
    const box = input();
    expect(box.maxLength === -1 || box.value.length <= box.maxLength).toBe(true);
  });

  it('each change the visitor types tells the engine the new text, once per change', () => {
    const { engine } = testEngine();
    const spy = typingSpy(engine);
    renderWithEngine(<Box />, { strict, engine });

    fireEvent.input(input(), { target: { value: 'h' } });
    fireEvent.input(input(), { target: { value: 'he' } });
    fireEvent.input(input(), { target: { value: 'hel' } });

    expect(noticed(spy)).toEqual(['h', 'he', 'hel']);
  });

  it('the clear after a send is not a typing notice', () => {
    const { engine } = testEngine();
    const spy = typingSpy(engine);
    renderWithEngine(<Box />, { strict, engine });
    fireEvent.input(input(), { target: { value: 'Where is my parcel?' } });

    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(input().value).toBe('');
    expect(noticed(spy)).toEqual(['Where is my parcel?']);
  });

  it('submit() clears without a typing notice too', () => {
    const { engine } = testEngine();
    const spy = typingSpy(engine);
    const { result } = renderHookWithEngine(() => useComposer(), { strict, engine });
    act(() => result.current.setText('hello'));

    act(() => result.current.submit?.());

    expect(result.current.text).toBe('');
    expect(noticed(spy)).toEqual(['hello']);
  });

  it('a text that does not change (set again, or cut back to the same by maxLength) is not a notice', () => {
    const { engine } = testEngine();
    const spy = typingSpy(engine);
    const { result } = renderHookWithEngine(() => useComposer({ maxLength: 3 }), { strict, engine });

    act(() => result.current.setText('abc'));
    act(() => result.current.setText('abc'));
    act(() => result.current.setText('abcdef'));

    expect(result.current.text).toBe('abc');
    expect(noticed(spy)).toEqual(['abc']);
  });

  it('the visitor deleting everything tells the engine the box is empty (the agent’s preview does not keep deleted text)', () => {
    const { engine } = testEngine();
    const spy = typingSpy(engine);
    renderWithEngine(<Box />, { strict, engine });

    fireEvent.input(input(), { target: { value: 'my card number is' } });
    fireEvent.input(input(), { target: { value: '' } });

    expect(noticed(spy)).toEqual(['my card number is', '']);
  });

  it('after a send, typing the same text again is a notice again', () => {
    const { engine } = testEngine();
    const spy = typingSpy(engine);
    renderWithEngine(<Box />, { strict, engine });
    fireEvent.input(input(), { target: { value: 'hi' } });
    fireEvent.keyDown(input(), { key: 'Enter' });

    fireEvent.input(input(), { target: { value: 'hi' } });

    expect(noticed(spy)).toEqual(['hi', 'hi']);
  });

  it('SPEC §7 typing: in status 2 the keystrokes reach the API throttled by the engine (≤ 1 per 500 ms, latest text last); the send clears silently', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const typing$ = cold<void>('|');
      const api = hookApi({ chatStart: () => of(session({ status: ChatStatus.InConversation })), typing: () => typing$ }, { receiveMode: ReceiveMode.Agent });
      const { engine, fake } = testEngine({ api, scheduler });
      renderWithEngine(<Box />, { strict, engine });
      // 100 leading 'h' · 600 trailing 'hel' · 1100 trailing 'hell' · 1600 trailing 'hello'; the send's clear at 1400 adds nothing.
      expectSubscriptions(typing$.subscriptions).toBe([sub(100, 100), sub(600, 600), sub(1100, 1100), sub(1600, 1600)]);
      for (const [ms, value] of [
        [100, 'h'],
        [200, 'he'],
        [300, 'hel'],
        [700, 'hell'],
        [1300, 'hello'],
      ] as const) {
        at(scheduler, ms, () => fireEvent.input(input(), { target: { value } }));
      }
      at(scheduler, 1400, () => fireEvent.keyDown(input(), { key: 'Enter' }));
      at(scheduler, 3000, () => engine.dispose());
      flush();

      expect(fake?.bodies('typing')).toEqual(['h', 'hel', 'hell', 'hello'].map((msgContent) => ({ userId: USER_ID, msgContent })));
      expect(visitorTexts(engine.getSnapshot().messages)).toEqual(['hello']);
    });
  });

  it('outside status 2 typing sends no notice to the API', () => {
    const { engine, fake } = testEngine({ api: hookApi({ typing: () => EMPTY }) });
    renderWithEngine(<Box />, { strict, engine });

    fireEvent.input(input(), { target: { value: 'hi robot' } });

    expect(fake.count('typing')).toBe(0);
  });
});
