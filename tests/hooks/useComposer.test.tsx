import { act, fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { SenderType } from '../../engine';
import { useComposer, type ComposerOptions } from '../../ui/hooks';
import { describeBoth, renderHookWithEngine, renderWithEngine } from './strictMode';

function Box(options: ComposerOptions) {
  const { getInputProps, remaining, send } = useComposer(options);
  return (
    <>
      <textarea aria-label="message" {...getInputProps()} />
      <output aria-label="remaining">{remaining ?? ''}</output>
      <button type="button" disabled={!send} onClick={() => send?.()}>
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

describeBoth('useComposer', ({ strict }) => {
  it('Enter without Shift sends the text once and clears the box', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.change(input(), { target: { value: 'Where is my parcel?' } });

    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual(['Where is my parcel?']);
    expect(input().value).toBe('');
  });

  it('Shift+Enter does not send (it is a new line)', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.change(input(), { target: { value: 'line one' } });

    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual([]);
    expect(input().value).toBe('line one');
  });

  it('Enter that confirms an IME composition does not send', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.change(input(), { target: { value: 'にほん' } });

    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual([]);
    expect(input().value).toBe('にほん');
  });

  it('Enter that confirms an IME composition in Safari (keyCode 229, composition already ended) does not send', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.change(input(), { target: { value: 'にほん' } });

    // Safari fires compositionend before this keydown, so isComposing is false; keyCode 229 marks IME input.
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229, isComposing: false });

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual([]);
    expect(input().value).toBe('にほん');
  });

  it('Enter on blank text sends nothing', () => {
    const { engine } = renderWithEngine(<Box />, { strict });
    fireEvent.change(input(), { target: { value: '   \n ' } });

    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(engine.getSnapshot().messages).toEqual([]);
  });

  it('send is null while the text is empty or only whitespace, a function otherwise', () => {
    const { result } = renderHookWithEngine(() => useComposer(), { strict });
    expect(result.current.send).toBeNull();

    act(() => result.current.setText(' \t\n '));
    expect(result.current.send).toBeNull();

    act(() => result.current.setText(' hi '));
    expect(result.current.send).toBeTypeOf('function');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('send() sends the trimmed text and clears the composer', () => {
    const { result, engine } = renderHookWithEngine(() => useComposer(), { strict });
    act(() => result.current.setText('  hello  '));

    act(() => result.current.send?.());

    expect(visitorTexts(engine.getSnapshot().messages)).toEqual(['hello']);
    expect(result.current.text).toBe('');
    expect(result.current.send).toBeNull();
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
    fireEvent.change(input(), { target: { value: 'hi 👋' } });
    expect(screen.getByLabelText('remaining').textContent).toBe('6');
  });

  it('the native maxlength of the box does not stop emoji the counter still has room for', () => {
    renderWithEngine(<Box maxLength={4} />, { strict });
    fireEvent.change(input(), { target: { value: '😀😀😀😀' } });

    // The counter allows four emoji; the browser's maxlength counts UTF-16 units (two per emoji).
    expect(screen.getByLabelText('remaining').textContent).toBe('0');
    const box = input();
    expect(box.maxLength === -1 || box.value.length <= box.maxLength).toBe(true);
  });
});
