import { Trans } from '@lingui/react/macro';
import { Component, Suspense, useState, type ComponentType, type ErrorInfo, type FunctionComponent, type ReactNode } from 'react';
import { lazyPreloaded } from './lazyPreloaded';

type Module<P> = { default: ComponentType<P> };

interface RetryBoundaryProps {
  /** What is being loaded, for the log line. */
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

/** A part whose code did not arrive (offline, a deploy in between) offers to try again instead of failing the chat. */
class RetryBoundary extends Component<RetryBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`[chat] ${this.props.name} could not load`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <button
        type="button"
        className="lazy-retry"
        onClick={() => {
          this.props.onRetry();
          this.setState({ failed: false });
        }}
      >
        <Trans>Try again</Trans>
      </button>
    );
  }
}

/**
 * A part of the chat that most first screens do not show, in a chunk of its own: loaded once the
 * first screen is complete and the browser idle (see lazyPreloaded's `idle`), or at once when it
 * is needed sooner. Until it has arrived `fallback` holds its place (the same size, so that nothing
 * moves; a function of the part's props when it depends on them); when its chunk cannot be fetched it shows a Try again button that fetches it afresh.
 */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<Module<P>>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): FunctionComponent<P> {
  let current = lazyPreloaded(load, 'idle');
  function LazyPart(props: P) {
    const [Loaded, setLoaded] = useState(() => current);
    const retry = () => {
      // A lazy component that failed stays failed: a fresh one loads again (shared by every instance).
      if (Loaded === current) current = lazyPreloaded(load, 'now');
      setLoaded(() => current);
    };
    return (
      <RetryBoundary name={name} onRetry={retry}>
        <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
          <Loaded {...props} />
        </Suspense>
      </RetryBoundary>
    );
  }
  LazyPart.displayName = `lazyPart(${name})`;
  return LazyPart;
}
