import { Plural, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef } from 'react';
import { INPUT_MAX_ROWS } from '../../../engine/constants';
import { useComposer } from '../../hooks';
import './Composer.css';

export interface ComposerProps {
  /** Longest message; a character counter shows when set (SPEC §5). */
  maxLength?: number;
}

/** Grows the textarea with its text up to INPUT_MAX_ROWS rows, then scrolls (SPEC §9). */
function useAutoSize(text: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth), line * INPUT_MAX_ROWS + chrome)}px`;
  }, [text]);
  return ref;
}

/** The text composer (SPEC §2, §5): Enter without Shift sends; Send is disabled while empty. */
export function Composer({ maxLength }: ComposerProps) {
  const { t } = useLingui();
  const { text, send, remaining, getInputProps } = useComposer({ maxLength });
  const input = useAutoSize(text);
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send?.();
      }}
    >
      <div className="composer__field">
        <textarea ref={input} className="composer__input" rows={1} placeholder={t`Type a message…`} aria-label={t`Message`} {...getInputProps()} />
        {remaining !== null && text !== '' && (
          <span className="composer__counter" aria-live="polite">
            <Plural value={remaining} one="# character left" other="# characters left" />
          </span>
        )}
      </div>
      <button type="submit" className="composer__send" disabled={!send} aria-label={t`Send`}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
        </svg>
      </button>
    </form>
  );
}
