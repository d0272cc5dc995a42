import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef } from 'react';
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
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom and old engines lack showModal: the dialog is then at least shown.
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    closeButton.current?.focus();
    return () => {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="image-viewer"
      aria-label={alt}
      onCancel={(e) => {
        // The owner unmounts the viewer; the browser must not close it behind React's back.
        e.preventDefault();
        latestClose.current();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) latestClose.current();
      }}
    >
      <img className="image-viewer__image" src={src} alt={alt} onClick={() => latestClose.current()} />
      <button ref={closeButton} type="button" className="image-viewer__close" aria-label={t`Close`} onClick={() => latestClose.current()}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z" />
        </svg>
      </button>
    </dialog>
  );
}
