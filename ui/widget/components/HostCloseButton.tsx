import { useLingui } from '@lingui/react/macro';
import { embeddingHost } from '../hostLink';
import { CloseIcon } from './CloseIcon';

/**
 * Embedded by the loader, the control that closes the host page's panel (on phones the panel is
 * the whole screen: this is the visitor's way back to the page); nothing otherwise.
 */
export function HostCloseButton({ className }: { className: string }) {
  const { t } = useLingui();
  if (!embeddingHost) return null;
  const host = embeddingHost;
  return (
    <button type="button" className={className} onClick={() => host.post({ type: 'close' })} aria-label={t`Close chat`}>
      <CloseIcon />
    </button>
  );
}
