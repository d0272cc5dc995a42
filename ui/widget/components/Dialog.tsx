import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode, type RefObject } from 'react';
import { useModalDialog } from '../useModalDialog';
import { CloseIcon } from './CloseIcon';
import './Dialog.css';

export interface DialogProps {
  /** The heading; it also names the dialog for screen readers. */
  title: ReactNode;
  /** Escape and the close button call it; without it the visitor cannot close the dialog (a required form). */
  onClose?: (() => void) | null;
  children?: ReactNode;
  /** What takes focus when it opens (the next step's one control); else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * An accessible modal dialog on the native <dialog> (top layer, inert page, Escape). Mounted means
 * open: focus moves into it and returns to the opener on unmount. A full-width sheet on phones.
 */
export function Dialog({ title, onClose, children, initialFocus }: DialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const { close, dialogProps } = useModalDialog(onClose, initialFocus);

  return (
    // The dialog itself takes focus: its title is read first, and no phone keyboard pops up unasked.
    <dialog {...dialogProps} className="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {onClose && (
          <button type="button" className="icon-button" aria-label={t`Close`} onClick={close}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
