import { useCallback, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { canSendText } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatEvents } from './useChatEvents';

/** keyCode of a key event that belongs to an IME composition. */
const IME_KEY_CODE = 229;

/** The options of {@link useComposer}. */
export interface ComposerOptions {
  /** Longest text accepted; longer input is truncated and `remaining` counts down (SPEC §5). */
  maxLength?: number | undefined;
}

/** Props of the composer's text field (`getInputProps()`): its value, and what typing and Enter do. */
export interface ComposerInputProps {
  value: string;
  onChange: (e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => void;
}

/** What useComposer returns: the draft, and submitting it. */
export interface UseComposerResult {
  /** The draft. */
  text: string;
  /** Sets the draft (truncated to maxLength); a change tells the engine the visitor is typing. */
  setText: (value: string) => void;
  /** Characters left when a max length is set, else null. */
  remaining: number | null;
  /** Sends the draft and clears it; null while there is nothing to send. */
  submit: (() => void) | null;
  /** Wires a textarea (or an input): value, changes, Enter without Shift submits. */
  getInputProps: () => ComposerInputProps;
}

/**
 * The text composer (SPEC §5): text truncated to maxLength, Enter without Shift submits, submit is
 * `null` while the text is blank. Where nobody would read it (nobodyReads), sending opens the
 * leave-message form with the text, which stays here until that message is left. `getInputProps()` wires a textarea. Every change the visitor makes
 * tells the engine (SPEC §7 typing; the engine throttles it and sends it only in status 2).
 */
export function useComposer({ maxLength }: ComposerOptions = {}): UseComposerResult {
  const engine = useChatEngine();
  const [text, setRawText] = useState('');
  // The text as last set, read by setText outside render so that an unchanged value (a keystroke
  // past maxLength, the same paste twice) is not a typing notice and setText stays stable.
  const current = useRef('');
  const setText = useCallback(
    (value: string) => {
      const next = maxLength !== undefined ? Array.from(value).slice(0, maxLength).join('') : value;
      if (next === current.current) return;
      current.current = next;
      setRawText(next);
      // Not throttled here: the engine owns the SPEC §7 rate (one rule, one place).
      engine.notifyTyping(next);
    },
    [engine, maxLength],
  );
  // Clearing after a send is not the visitor typing: no notice.
  const clear = useCallback(() => {
    current.current = '';
    setRawText('');
  }, []);
  // The text that went to the leave-message form instead (nobodyReads): it stays here until it is left.
  const carried = useRef<string | null>(null);
  useChatEvents((e) => {
    if (e.type === 'submissionSucceeded' && e.form === 'leaveMessage' && carried.current === current.current) clear();
  });
  const canSend = canSendText(text);
  const submit = useCallback(() => {
    const sent = engine.sendText(text) !== null;
    carried.current = sent ? null : text;
    if (sent) clear();
  }, [engine, text, clear]);

  const getInputProps = (): ComposerInputProps => ({
    value: text,
    onChange: (e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => setText(e.target.value),
    onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
      // Enter without Shift sends; not while an IME is composing a word (Safari reports that Enter
      // with isComposing false but keyCode 229).
      if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== IME_KEY_CODE) {
        e.preventDefault();
        if (canSend) submit();
      }
    },
    // No native maxlength: it counts UTF-16 units (an emoji as 2) where setText counts characters.
  });

  return {
    text,
    setText,
    remaining: maxLength !== undefined ? maxLength - Array.from(text).length : null,
    submit: canSend ? submit : null,
    getInputProps,
  };
}
