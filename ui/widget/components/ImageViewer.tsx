import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ChatState } from '@visitor-chat/chat-engine';
import { useChatSelector } from '@visitor-chat/chat-react';
import { localeDir } from '../../i18n/i18n';
import { shownImage, type ShownImage } from '../media';
import { useImageAlt } from '../useImageAlt';
import { useModalDialog } from '../useModalDialog';
import { CloseIcon } from './CloseIcon';
import './ImageViewer.css';

export interface ImageViewerProps {
  /** The image tapped: the gallery opens at it. */
  image: ShownImage;
  onClose: () => void;
}

/** SPEC §9 swipe threshold: a horizontal move of at least this many pixels goes to the next or previous image. */
const SWIPE_THRESHOLD_PX = 20;

/** The conversation's images, oldest first. */
const galleryOf = (s: ChatState): ShownImage[] => s.messages.flatMap((m) => shownImage(m) ?? []);
const sameImages = (a: readonly ShownImage[], b: readonly ShownImage[]) => a.length === b.length && a.every((x, i) => x.id === b[i]?.id && x.src === b[i]?.src);

/**
 * The conversation's images at full size, as a gallery (native <dialog>: top layer, inert page),
 * opened at the image tapped: previous and next by button, arrow key or swipe, "n of m". Mounted
 * means open; Escape, the close button or a click beside the image closes it; focus returns to the opener.
 */
export function ImageViewer({ image, onClose }: ImageViewerProps) {
  const { t, i18n } = useLingui();
  const alt = useImageAlt();
  const closeButton = useRef<HTMLButtonElement>(null);
  const { close, dialogProps } = useModalDialog(onClose, closeButton);
  const gallery = useChatSelector(galleryOf, sameImages);
  const images = gallery.some((i) => i.id === image.id) ? gallery : [image];
  const [shownId, setShownId] = useState(image.id);
  const index = Math.max(
    0,
    images.findIndex((i) => i.id === shownId),
  );
  const shown = images[index] ?? image;
  const count = images.length;
  const position = index + 1;
  const go = (step: number) => {
    const next = images[index + step];
    if (next) setShownId(next.id);
  };
  const start = useRef<number | null>(null);
  const rtl = localeDir(i18n.locale) === 'rtl';

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    // The arrow toward the line's start goes back: left in a left-to-right language, right in Arabic.
    go((e.key === 'ArrowRight') !== rtl ? 1 : -1);
  };
  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (from === null || Math.abs(e.clientX - from) < SWIPE_THRESHOLD_PX) return;
    // A swipe toward the line's start brings the next image in, as a page turns.
    go(e.clientX < from !== rtl ? 1 : -1);
  };

  return (
    <dialog
      {...dialogProps}
      className="image-viewer"
      aria-label={alt(shown)}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <img key={shown.id} className="image-viewer__image" src={shown.src} alt={alt(shown)} onClick={close} draggable={false} />
      {count > 1 && (
        <>
          <p className="image-viewer__count" aria-live="polite">
            {t`${position} of ${count}`}
          </p>
          <button
            type="button"
            className="icon-button image-viewer__step image-viewer__step--previous"
            aria-label={t`Previous`}
            disabled={index === 0}
            onClick={() => go(-1)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button
            type="button"
            className="icon-button image-viewer__step image-viewer__step--next"
            aria-label={t`Next`}
            disabled={index === count - 1}
            onClick={() => go(1)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </>
      )}
      <button ref={closeButton} type="button" className="icon-button image-viewer__close" aria-label={t`Close`} onClick={close}>
        <CloseIcon />
      </button>
    </dialog>
  );
}
