import { Trans } from '@lingui/react/macro';
import { Component, Suspense, useState, type ErrorInfo, type FunctionComponent, type ReactNode } from 'react';
import { withEnglishRest } from '../i18n/i18n';
import { afterFirstScreen, lazyPreloaded, type LoadPart } from './lazyPreloaded';
import type { PartFailedProps } from './components/PartFailed';

type DialogPart = Pick<PartFailedProps, 'dismiss'>;

// What a failed part says (its words, a dialog's frame, the reload offer after a deploy) loads with
// the other parts, and with their English words; until then, or when it cannot, a bare Try again
// stands in.
let partFailed: FunctionComponent<PartFailedProps> | undefined;
const loadPartFailed = () =>
  withEnglishRest(import('./components/PartFailed')).then(
    (m) => (partFailed = m.PartFailed),
    () => undefined,
  );
afterFirstScreen(loadPartFailed);

interface RetryBoundaryProps extends DialogPart {
  onRetry: () => void;
  children: ReactNode;
}

/** A part whose code did not arrive (offline, hung, a deploy in between) says so in its place instead of failing the chat. */
class RetryBoundary extends Component<RetryBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // One line: SPEC §8's name, text and code (ChunkLoadError: Loading chunk {name} failed; CSS_CHUNK_LOAD_FAILED), the browser's cause.
    console.warn(`[chat] ${String(error)}`, (error as { code?: string }).code ?? '', error, info.componentStack);
    if (!partFailed) void loadPartFailed().then(() => this.forceUpdate());
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const retry = () => {
      this.props.onRetry();
      this.setState({ failed: false });
    };
    const Failed = partFailed;
    return Failed ? (
      <Failed retry={retry} dismiss={this.props.dismiss} />
    ) : (
      <button type="button" className="lazy-retry" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    );
  }
}

/**
 * A part of the chat that most first screens do not show, in a chunk of its own: loaded once the
 * first screen is complete and the browser idle (see lazyPreloaded's `idle`), or at once when it
 * is needed sooner, with the English messages only parts show (withEnglishRest). Until it has
 * arrived `fallback` holds its place (the same size, so that nothing moves; a function of the
 * part's props when it depends on them). When its chunk cannot be fetched, or has not arrived in
 * SPEC §9's 120 s, it says so in the part's place — in a dialog's frame for a part given `dismiss`
 * — with Try again, which imports the chunk afresh; after a new deploy, Reload
 * (components/PartFailed.tsx).
 */
export function lazyPart<P extends object>(
  name: string,
  load: LoadPart<P>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): FunctionComponent<P & DialogPart> {
  const loadWithWords: LoadPart<P> = (query) => withEnglishRest(load(query));
  let current = lazyPreloaded(name, loadWithWords, 'idle');
  function LazyPart(props: P & DialogPart) {
    const [Loaded, setLoaded] = useState(() => current);
    const retry = () => {
      // A lazy component that failed stays failed: a fresh one loads again (shared by every instance).
      if (Loaded === current) current = lazyPreloaded(name, loadWithWords, 'retry');
      setLoaded(() => current);
    };
    return (
      <RetryBoundary dismiss={props.dismiss} onRetry={retry}>
        <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
          <Loaded {...props} />
        </Suspense>
      </RetryBoundary>
    );
  }
  LazyPart.displayName = `lazyPart(${name})`;
  return LazyPart;
}
