import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './Dialog.css';

export interface DialogProps {
  /** The heading; it also names the dialog for screen readers. */
  title: ReactNode;
  /** Escape and the close button call it; without it the visitor cannot close the dialog (a required form). */
  onClose?: (() => void) | null;
  children?: ReactNode;
}

/** Opens `el` as a modal; where showModal is missing (older engines, jsdom) it is at least shown. */
function show(el: HTMLDialogElement): void {
  if (el.open) return;
  if (typeof el.showModal === 'function') el.showModal();
  else el.setAttribute('open', '');
}

function hide(el: HTMLDialogElement): void {
  if (typeof el.close === 'function') el.close();
  else el.removeAttribute('open');
}

/**
 * An accessible modal dialog on the native <dialog> (top layer, inert page, Escape). Mounted means
 * open: focus moves into it and returns to the opener on unmount. A full-width sheet on phones.
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closable = Boolean(onClose);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    show(el);
    // The dialog itself takes focus: its title is read first, and no phone keyboard pops up unasked.
    el.focus();
    return () => {
      hide(el);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(e) => {
        // The owner's state decides: Escape asks it to close, and is refused for a required form.
        e.preventDefault();
        latestClose.current?.();
      }}
      onClose={(e) => {
        // Chrome lets a repeated Escape close a dialog despite preventDefault; a dialog that is
        // still mounted must stay up, so it is shown again.
        const el = e.currentTarget;
        queueMicrotask(() => {
          if (el.isConnected) show(el);
        });
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {closable && (
          <button type="button" className="dialog__close" aria-label={t`Close`} onClick={() => latestClose.current?.()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z" />
            </svg>
          </button>
        )}
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
