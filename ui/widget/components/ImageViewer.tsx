import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useModalDialog } from '../useModalDialog';
import { CloseIcon } from './CloseIcon';
import './ImageViewer.css';

export interface ImageViewerProps {
  src: string;
  alt: string;
  onClose: () => void;
}

/**
 * An image at full size in a modal overlay (native <dialog>: top layer, inert page). Mounted means
 * open; Escape, the close button or a click beside the image closes it; focus returns to the opener.
 */
export function ImageViewer({ src, alt, onClose }: ImageViewerProps) {
  const { t } = useLingui();
  const closeButton = useRef<HTMLButtonElement>(null);
  const { close, dialogProps } = useModalDialog(onClose, closeButton);

  return (
    <dialog
      {...dialogProps}
      className="image-viewer"
      aria-label={alt}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <img className="image-viewer__image" src={src} alt={alt} onClick={close} />
      <button ref={closeButton} type="button" className="icon-button image-viewer__close" aria-label={t`Close`} onClick={close}>
        <CloseIcon />
      </button>
    </dialog>
  );
}
