import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useComposer, useFaq, useFileUpload, usePasteImage, useRobotTips, type FileError, type RecorderError } from '@visitor-chat/chat-react';
import { formatFileSize } from '../format';
import { embeddingHost, type HostToolbarItem } from '../hostLink';
import { safeUrl } from '../media';
import { lazyPart } from '../lazyPart';
import { lazyPreloaded } from '../lazyPreloaded';
import type { RecorderProblem } from './VoiceInput';
import { CloseIcon } from './CloseIcon';
import './Composer.css';

/** Composer auto-size limit (SPEC §9). */
const INPUT_MAX_ROWS = 5;

// Not part of the first screen: loaded once it is done, so that a paste is confirmed at once.
const PasteConfirm = lazyPreloaded(() => import('./PasteConfirm').then((m) => ({ default: m.PasteConfirm })), 'idle');

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

/**
 * A button of the composer's toolbar (SPEC §3 Toolbar item: type, icon, img, title, render): the
 * widget's own (attach, FAQ, voice) and the host page's, in one list.
 */
interface ToolbarItem {
  /** The widget's own kinds, or `host` for an item the host page added (docs/embedding.md). */
  type: 'attach' | 'faq' | 'voice' | 'host';
  /** Its React key: the type, or the host's id. */
  key: string;
  /** Its accessible name (and, for a host item, its tooltip). */
  title: string;
  /** The widget's own icon (an inline SVG), or a host item's icon: a small symbol at an http(s) URL. */
  icon?: ReactNode;
  /** A host item's picture, at an http(s) URL: it fills the button. */
  img?: string;
  onChoose?: () => void;
  disabled?: boolean;
}

const NO_ITEMS: readonly HostToolbarItem[] = [];
const subscribeHostItems = (listener: () => void) => {
  const s = embeddingHost?.toolbar$.subscribe(listener);
  return () => s?.unsubscribe();
};

/** The toolbar items the host page added (ui/loader's addToolbarItem), each told to the host when chosen; none when not embedded by the loader. */
function useHostItems(): ToolbarItem[] {
  const items = useSyncExternalStore(subscribeHostItems, () => embeddingHost?.toolbar$.value ?? NO_ITEMS);
  return items.flatMap(({ id, title, icon, img }) => {
    const picture = safeUrl(img);
    const symbol = safeUrl(icon);
    if (!picture && !symbol) return [];
    return [
      {
        type: 'host',
        key: `host-${id}`,
        title,
        img: picture,
        icon: !picture && <img className="composer__host-icon" src={symbol} alt="" />,
        onChoose: () => embeddingHost?.post({ type: 'toolbarItem', id }),
      },
    ];
  });
}

/** One toolbar item as a button, labelled by its title. */
function ToolbarButton({ item }: { item: ToolbarItem }) {
  const host = item.type === 'host';
  return (
    <button
      type="button"
      className={`icon-button composer__tool${host ? ' composer__tool--host' : ''}`}
      onClick={item.onChoose}
      disabled={item.disabled}
      aria-label={item.title}
      title={host ? item.title : undefined}
    >
      {item.img ? <img className="composer__host-img" src={item.img} alt="" /> : item.icon}
    </button>
  );
}

/** The words of a refused file or a failed recording. */
function ProblemText({ problem }: { problem: FileError | RecorderError }) {
  const { i18n } = useLingui();
  if (typeof problem === 'object') {
    const name = problem.fileName;
    const limit = formatFileSize(problem.limit, i18n.locale);
    return (
      <Trans>
        “{name}” is too large to send. Files can be up to {limit}.
      </Trans>
    );
  }
  switch (problem) {
    case 'permissionDenied':
      return <Trans>Microphone access was denied. Allow it in your browser settings to send voice messages.</Trans>;
    case 'unsupported':
      return <Trans>Voice messages are not available in this browser.</Trans>;
    case 'tooShort':
      return <Trans>Hold the button a little longer to record a voice message.</Trans>;
    case 'failed':
      return <Trans>Recording failed. Please try again.</Trans>;
  }
}

/**
 * The composer (SPEC §2, §4, §5): text or voice input; attach files (picker, drop anywhere on the
 * chat, paste images with a 'Send photo' confirmation); hold to talk with drag-up to cancel.
 */
export function Composer({ maxLength }: ComposerProps) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'text' | 'voice'>('text');
  const { text, setText, send, remaining, getInputProps } = useComposer({ maxLength });
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
  const hostItems = useHostItems();
  const toolbar: ToolbarItem[] = [
    {
      type: 'attach',
      key: 'attach',
      title: t`Attach a file`,
      onChoose: files.openPicker,
      icon: (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M16.5 6.5v10.6a4.5 4.5 0 0 1-9 0V5.5a3 3 0 0 1 6 0v10.6a1.5 1.5 0 0 1-3 0V6.5H9v9.6a3 3 0 0 0 6 0V5.5a4.5 4.5 0 0 0-9 0v11.6a6 6 0 0 0 12 0V6.5Z" />
        </svg>
      ),
    },
    // SPEC §2: the FAQ again, once the visitor has spoken; disabled while it is the newest message.
    ...(faq.available
      ? [
          {
            type: 'faq',
            key: 'faq',
            title: t`Frequently asked questions`,
            onChoose: faq.show ?? undefined,
            disabled: !faq.show,
            icon: (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm-1-4h2v2h-2v-2Zm1-10a4 4 0 0 0-4 4h2a2 2 0 1 1 3.2 1.6c-1.1.8-2.2 1.7-2.2 3.4h2c0-.9.6-1.4 1.4-2A4 4 0 0 0 12 6Z" />
              </svg>
            ),
          } satisfies ToolbarItem,
        ]
      : []),
    {
      type: 'voice',
      key: 'voice',
      title: mode === 'text' ? t`Switch to voice input` : t`Switch to keyboard input`,
      onChoose: () => setMode(mode === 'text' ? 'voice' : 'text'),
      icon:
        mode === 'text' ? (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11Z" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M20 5H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm-9 3h2v2h-2V8Zm0 3h2v2h-2v-2ZM8 8h2v2H8V8Zm0 3h2v2H8v-2Zm-1 2H5v-2h2v2Zm0-3H5V8h2v2Zm9 7H8v-2h8v2Zm0-4h-2v-2h2v2Zm0-3h-2V8h2v2Zm3 3h-2v-2h2v2Zm0-3h-2V8h2v2Z" />
          </svg>
        ),
    },
    ...hostItems,
  ];
  const dismiss = () => {
    files.dismissError();
    paste.dismissError();
    recorderProblem?.dismiss();
  };

  return (
    <>
      {problem && (
        <div className="composer-problem" role="alert">
          <span className="composer-problem__text">
            <ProblemText problem={problem} />
          </span>
          <button type="button" className="icon-button composer-problem__close" onClick={dismiss} aria-label={t`Dismiss`}>
            <CloseIcon />
          </button>
        </div>
      )}
      {/* Always there, so that a screen reader hears when suggestions come. */}
      <span className="visually-hidden" aria-live="polite">
        {mode === 'text' && tips.tips.length > 0 && <Trans>Suggestions available. Use the up and down arrows to choose one.</Trans>}
      </span>
      {mode === 'text' && tips.tips.length > 0 && <RobotTips tips={tips} />}
      <form
        // More than the widget's three tools leave too little room for the field: the tools get a row of their own.
        className={toolbar.length > 3 ? 'composer composer--tools-row' : 'composer'}
        onSubmit={(e) => {
          e.preventDefault();
          send?.();
        }}
      >
        {/* The picker is opened by the attach button; the input itself stays out of sight and tab order. */}
        <input {...files.getInputProps()} className="composer__file" tabIndex={-1} aria-hidden="true" />
        {toolbar.map((item) => (
          <ToolbarButton key={item.key} item={item} />
        ))}
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
      {paste.pending && (
        <Suspense fallback={null}>
          <PasteConfirm image={paste.pending} />
        </Suspense>
      )}
    </>
  );
}
