import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CloseIcon } from './CloseIcon';
import './PartFailed.css';

export interface PartFailedProps {
  /** Loads the part again, afresh (lazyPart). */
  retry: () => void;
  /** A dialog's part: its failure shows in a dialog's frame, closed by `dismiss` (null: it cannot be closed, a required form). */
  dismiss?: (() => void) | null | undefined;
}

/**
 * Whether the chat has been deployed anew since this page loaded: its page no longer loads this
 * page's entry (its name carries a hash of the build). A page that cannot be fetched has not
 * changed as far as we know: offline, Try again is the way.
 */
async function newDeploy(): Promise<boolean> {
  const entry = document.querySelector<HTMLScriptElement>('script[type=module][src]');
  if (!entry) return false;
  try {
    const page = await fetch(location.href, { cache: 'no-store' });
    return page.ok && !(await page.text()).includes(new URL(entry.src).pathname);
  } catch {
    return false;
  }
}

/**
 * What a part whose code did not arrive says in its place (lazyPart): that it could not load, and
 * Try again. After a new deploy its code is gone for good: the chat has been updated, and Reload
 * loads the new one — the outbox (local storage) and the composer's text (session storage) are kept.
 */
export function PartFailed({ retry, dismiss }: PartFailedProps) {
  const { t } = useLingui();
  const [stale, setStale] = useState(false);
  useEffect(() => {
    let live = true;
    void newDeploy().then((changed) => live && setStale(changed));
    return () => {
      live = false;
    };
  }, []);
  const dialog = dismiss !== undefined;
  return (
    <div className={dialog ? 'part-failed part-failed--dialog' : 'part-failed'} role="alert">
      <span className="part-failed__text">{stale ? <Trans>The chat has been updated.</Trans> : <Trans>This could not load.</Trans>}</span>
      {/* A dialog the visitor opened takes the focus it would have had (a ref: Preact has no autoFocus). */}
      <button type="button" className="lazy-retry" ref={dialog ? (button) => button?.focus() : undefined} onClick={stale ? () => location.reload() : retry}>
        {stale ? <Trans>Reload</Trans> : <Trans>Try again</Trans>}
      </button>
      {dismiss && (
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={dismiss}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
