import type { ReactNode } from 'react';
import { HostCloseButton } from './HostCloseButton';
import './ErrorState.css';

/** A whole-page error: an icon, the message read out as an alert, and an optional way on. */
export function ErrorScreen({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <main className="error-state">
      <HostCloseButton className="error-state__close" />
      <svg className="error-state__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z" />
      </svg>
      <div role="alert">
        <h1 className="error-state__text">{children}</h1>
      </div>
      {action}
    </main>
  );
}
