import { Trans } from '@lingui/react/macro';
import type { ChatError } from '@visitor-chat/chat-engine';
import { embeddingHost } from '../hostLink';
import './PageErrorActions.css';

/** The backend's own words for an error, for support: never the visitor's message (issue 28). */
const detailOf = (error: ChatError): string => ('detail' in error ? `${error.code}: ${error.detail}` : error.code);

/**
 * The ways on from a SPEC §8 page error (issue 28): Try again (the page afresh), and a way back —
 * the previous page when there is one (embedded, the error page's own Close chat closes the panel). The
 * backend's words stay folded in "Details for support". Loaded on demand: a first screen rarely
 * shows it.
 */
export function PageErrorActions({ error }: { error: ChatError }) {
  // Embedded, the way back is the error page's own Close chat (it is there even when this part fails to load).
  const back = !embeddingHost && window.history.length > 1 ? () => window.history.back() : null;
  return (
    <>
      <div className="error-state__actions">
        <button type="button" className="error-state__action" onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </button>
        {back && (
          <button type="button" className="error-state__action error-state__action--secondary" onClick={back}>
            <Trans>Go back</Trans>
          </button>
        )}
      </div>
      <details className="error-state__details">
        <summary>
          <Trans>Details for support</Trans>
        </summary>
        <code dir="ltr">{detailOf(error)}</code>
      </details>
    </>
  );
}
