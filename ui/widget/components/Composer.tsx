import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useComposer, useFaq, useFileUpload, usePasteImage, useRobotTips } from '@visitor-chat/chat-react';
import { reclaimFocus } from '../keepFocus';
import { embeddingHost, subscribeHostItems } from '../hostLink';
import { lazyPart } from '../lazyPart';
import type { RecorderProblem } from './VoiceInput';
import './Composer.css';

/** Composer auto-size limit (SPEC §9). */
const INPUT_MAX_ROWS = 5;
/** The character counter shows within this share of the limit (200 of 2,000): far from it, it is noise. */
const COUNTER_NEAR_LIMIT = 0.1;

// Not part of the first screen: loaded once it is done, so that a paste is confirmed at once.
const PasteConfirm = lazyPart('paste confirmation', () => import('./PasteConfirm').then((m) => ({ default: m.PasteConfirm })));

// Suggestions come after a pause in typing: their list loads after the first screen.
const RobotTips = lazyPart('suggestions', () => import('./RobotTips').then((m) => ({ default: m.RobotTips })));

// Most visitors type: the recorder loads on demand. Until then its button holds the place, disabled.
const VoiceInput = lazyPart(
  'voice input',
  () => import('./VoiceInput').then((m) => ({ default: m.VoiceInput })),
  <button type="button" className="composer__talk" disabled>
    <Trans>Hold to talk</Trans>
  </button>,
);

export interface ComposerProps {
  /** Longest message; a character counter shows when set (SPEC §5). */
  maxLength?: number;
}

/** Grows the textarea with its text up to INPUT_MAX_ROWS rows, then scrolls (SPEC §9). */
function useAutoSize(text: string, active: boolean) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth), line * INPUT_MAX_ROWS + chrome)}px`;
  }, [text, active]);
  return ref;
}

/** Where the composer's text waits out a reload of this tab: the one offered after a deploy (lazyPart), or the visitor's own. */
const DRAFT_KEY = 'chat-draft';

/** Keeps the composer's text in this tab's session storage and puts it back after a reload; blocked storage keeps nothing. */
function useKeptDraft(text: string, setText: (text: string) => void): void {
  // Read back before the text is written below: effects run in order.
  useEffect(() => {
    try {
      const kept = sessionStorage.getItem(DRAFT_KEY);
      if (kept) setText(kept);
    } catch {
      // Storage blocked: there is nothing to put back.
    }
  }, [setText]);
  useEffect(() => {
    try {
      if (text) sessionStorage.setItem(DRAFT_KEY, text);
      else sessionStorage.removeItem(DRAFT_KEY);
    } catch {
      // Storage blocked or full: the text stays on the screen, not over a reload.
    }
  }, [text]);
}

// The host page's items (the loader's addToolbarItem) follow the widget's own in the toolbar; they
// load, with their checks, once the page added one.
const HostTools = lazyPart('toolbar', () => import('./HostTools').then((m) => ({ default: m.HostTools })));
const hostItemsAdded = () => (embeddingHost?.toolbar$.value.length ?? 0) > 0;

// A refused file or a failed recording is rare: its alert loads with the other parts, after the first screen,
// and shows whole (words and Dismiss) once there, so that a screen reader announces it as one.
const ComposerProblem = lazyPart('composer problem', () => import('./ComposerProblem').then((m) => ({ default: m.ComposerProblem })));

/**
 * The composer (SPEC §2, §4, §5): text or voice input; attach files (picker, drop anywhere on the
 * chat, paste images with a 'Send photo' confirmation); hold to talk with drag-up to cancel.
 */
export function Composer({ maxLength }: ComposerProps) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'text' | 'voice'>('text');
  const { text, setText, submit, remaining, getInputProps } = useComposer({ maxLength });
  useKeptDraft(text, setText);
  // The chat in view, focus nowhere yet: the composer takes it (keepFocus.ts).
  useEffect(() => {
    if (!embeddingHost) return reclaimFocus();
    const subscription = embeddingHost.open$.subscribe((open) => open && reclaimFocus());
    return () => subscription.unsubscribe();
  }, []);
  // A suggestion chosen is sent as the visitor's message: the draft it stood for goes.
  const tips = useRobotTips({ onChosen: () => setText('') });
  const inputProps = getInputProps();
  const files = useFileUpload();
  const paste = usePasteImage();
  const faq = useFaq();
  const [recorderProblem, setRecorderProblem] = useState<RecorderProblem | null>(null);
  const input = useAutoSize(text, mode === 'text');
  const fileProblem = files.error ?? paste.error;
  const problem = fileProblem ?? recorderProblem?.error;
  const hostItems = useSyncExternalStore(subscribeHostItems, hostItemsAdded);
  const dismiss = () => {
    files.dismissError();
    paste.dismissError();
    recorderProblem?.dismiss();
  };

  return (
    <>
      {problem && <ComposerProblem problem={problem} onDismiss={dismiss} />}
      {/* Always there, so that a screen reader hears when suggestions come. */}
      <span className="visually-hidden" aria-live="polite">
        {mode === 'text' && tips.tips.length > 0 && <Trans>Suggestions available. Use the up and down arrows to choose one.</Trans>}
      </span>
      {mode === 'text' && tips.tips.length > 0 && <RobotTips tips={tips} />}
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          submit?.();
        }}
      >
        {/* The picker is opened by the attach button; the input itself stays out of sight and tab order. */}
        <input {...files.getInputProps()} className="composer__file" tabIndex={-1} aria-hidden="true" />
        <button type="button" className="icon-button composer__tool" onClick={files.openPicker} aria-label={t`Attach a file`}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
            <path d="m20 11.5-7.5 7.5a5 5 0 0 1-7-7l8-8a3.3 3.3 0 0 1 4.7 4.7l-8 8a1.7 1.7 0 0 1-2.4-2.4l7.3-7.3" />
          </svg>
        </button>
        {faq.available && (
          // SPEC §2: the FAQ again, once the visitor has spoken; disabled while it is the newest message.
          <button
            type="button"
            className="icon-button composer__tool"
            onClick={faq.show ?? undefined}
            disabled={!faq.show}
            aria-label={t`Frequently asked questions`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
              <circle cx="12" cy="12" r="9" />
              <path d="M9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1 1-1.1 1.8v.5m0 3.5v.01" />
            </svg>
          </button>
        )}
        <button
          type="button"
          className="icon-button composer__tool"
          onClick={() => setMode(mode === 'text' ? 'voice' : 'text')}
          aria-label={mode === 'text' ? t`Switch to voice input` : t`Switch to keyboard input`}
        >
          {mode === 'text' ? (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
              <rect x="9" y="3" width="6" height="11" rx="3" />
              <path d="M5 11a7 7 0 0 0 14 0m-7 7v3" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
              <rect x="3" y="6" width="18" height="12" rx="2" />
              <path d="M7 10h.01M11 10h.01M15 10h.01M8 14h8" />
            </svg>
          )}
        </button>
        {hostItems && <HostTools />}
        {mode === 'text' ? (
          <>
            <div className="composer__field">
              <textarea
                ref={input}
                className="composer__input"
                // Empty, it follows the page (its placeholder starts on the right in ar and fa); typed, the text's own direction.
                dir={text ? 'auto' : undefined}
                rows={1}
                placeholder={t`Type a message…`}
                aria-label={t`Message`}
                {...inputProps}
                {...tips.getInputProps({ onKeyDown: inputProps.onKeyDown })}
                {...paste.getPasteProps()}
              />
              {/* Always there when a limit is set, so that a screen reader hears the counter come. */}
              {maxLength !== undefined && (
                <span className="composer__counter" aria-live="polite">
                  {remaining !== null && remaining <= maxLength * COUNTER_NEAR_LIMIT && (
                    <Plural value={remaining} one="# character left" other="# characters left" />
                  )}
                </span>
              )}
            </div>
            <button type="submit" className="composer__send" disabled={!submit} aria-label={t`Send`}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
              </svg>
            </button>
          </>
        ) : (
          <VoiceInput onProblem={setRecorderProblem} />
        )}
      </form>
      {files.isDragging && (
        <div className="composer-drop" {...files.getDropZoneProps()}>
          <span className="composer-drop__label">
            <Trans>Drop files to send</Trans>
          </span>
        </div>
      )}
      {paste.pending && <PasteConfirm image={paste.pending} dismiss={paste.pending.cancel} />}
    </>
  );
}
