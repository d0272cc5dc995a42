import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { lazyPart } from '../lazyPart';
import type { ShownImage } from '../media';
import { useImageAlt } from '../useImageAlt';

// Not part of the first screen: loaded once it is done, so that a tap opens the viewer at once.
const ImageViewer = lazyPart('image viewer', () => import('./ImageViewer').then((m) => ({ default: m.ImageViewer })));

/** An image in a message: a thumbnail that opens the viewer, a gallery of the conversation's images, at this one. */
export function MessageImage({ image }: { image: ShownImage }) {
  const { t } = useLingui();
  const alt = useImageAlt();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="content-image" onClick={() => setOpen(true)} aria-label={t`Open image full size`}>
        <img src={image.src} alt={alt(image)} loading="lazy" decoding="async" />
      </button>
      {open && <ImageViewer image={image} onClose={() => setOpen(false)} dismiss={() => setOpen(false)} />}
    </>
  );
}
