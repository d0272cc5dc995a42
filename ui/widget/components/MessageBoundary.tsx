import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface MessageBoundaryProps {
  /** The message rendered inside, named in the log line. */
  id: string;
  children: ReactNode;
}

/**
 * One message that fails to render (a bug, or data no decoder foresaw) shows as unavailable, with
 * one log line; the rest of the conversation goes on.
 */
export class MessageBoundary extends Component<MessageBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[chat] message ${this.props.id} could not be shown`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="message message--center">
        <p className="message__system">
          <Trans>This message is not available.</Trans>
        </p>
      </div>
    );
  }
}
