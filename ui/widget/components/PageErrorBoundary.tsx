import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

export interface PageErrorBoundaryProps {
  children: ReactNode;
  /** Starts over (reloads the page by default). */
  onRetry?: () => void;
}

/**
 * What a page throws while rendering — its code failed to download twice, or a bug — ends here:
 * the visitor gets a message and a way to try again instead of a blank page, and the console gets
 * the error.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[chat] the page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const retry = this.props.onRetry ?? (() => window.location.reload());
    return (
      <ErrorScreen
        action={
          <button type="button" className="error-state__action" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        }
      >
        <Trans>The chat could not load.</Trans>
      </ErrorScreen>
    );
  }
}
