import { Trans } from '@lingui/react/macro';
import type { ChatError } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { ErrorScreen } from './ErrorScreen';

const PageErrorActions = lazyPart('error page', () => import('./PageErrorActions').then((m) => ({ default: m.PageErrorActions })));

/**
 * The page error state of SPEC §8: a backend that cannot be reached (no SPEC §8 text: the server
 * said nothing) gets its own words and Try again (`retry`); the others, words a visitor understands
 * (issue 28: none of the server's) and their ways on (PageErrorActions).
 */
export function ErrorState({ error, retry }: { error: ChatError; retry?: (() => void) | null }) {
  if (error.code === 'unreachable') {
    return (
      <ErrorScreen
        action={
          retry && (
            <button type="button" className="error-state__action" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          )
        }
      >
        <Trans>The chat can’t be reached. Check your connection — it keeps trying.</Trans>
      </ErrorScreen>
    );
  }
  return (
    <ErrorScreen action={<PageErrorActions error={error} />}>
      {error.code === 'sessionFailed' ? <Trans>The chat could not load.</Trans> : <Trans>This chat is not available.</Trans>}
    </ErrorScreen>
  );
}
