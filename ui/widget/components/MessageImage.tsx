import { useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { lazyPreloaded } from '../lazyPreloaded';

// Not part of the first screen: loaded once it is done, so that a tap opens the viewer at once.
const ImageViewer = lazyPreloaded(() => import('./ImageViewer').then((m) => ({ default: m.ImageViewer })), 'idle');

/** An image in a message: a thumbnail that opens the full-size viewer. */
export function MessageImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="content-image" onClick={() => setOpen(true)} aria-label={t`Open image full size`}>
        <img src={src} alt={alt} loading="lazy" decoding="async" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ImageViewer src={src} alt={alt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
