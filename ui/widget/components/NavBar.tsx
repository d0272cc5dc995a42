import { Trans, useLingui } from '@lingui/react/macro';
import { useHandoff, useTitleTyping } from '@visitor-chat/chat-react';
import { HostCloseButton } from './HostCloseButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import './NavBar.css';

/**
 * The navigation bar (SPEC §2): the channel's title, the way to a human or out of the chat, and the
 * language; embedded by the loader, the control that closes the host's panel. SPEC §9: while the robot
 * prepares an answer or the agent types, the title reads "typing…" in the engine's "on" phases.
 */
export function NavBar({ title }: { title: string }) {
  const { t } = useLingui();
  const { requestHuman, endChat } = useHandoff();
  const typing = useTitleTyping();
  const name = title || <Trans>Chat</Trans>;
  return (
    <header className="navbar">
      <h1 className="navbar__title" dir="auto">
        {typing ? (
          <>
            {/* The heading keeps its name for screen readers; the blinking words are for the eye (the typing line says it once). */}
            <span className="visually-hidden">{name}</span>
            <span className="navbar__typing" aria-hidden="true">
              <Trans>typing…</Trans>
            </span>
          </>
        ) : (
          name
        )}
      </h1>
      {requestHuman && (
        <button type="button" className="navbar__action" onClick={requestHuman} title={t`Talk to a human agent`}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-3.3 0-8 1.7-8 5v1h16v-1c0-3.3-4.7-5-8-5Z" />
          </svg>
          <span className="navbar__action-label">
            <Trans>Human agent</Trans>
          </span>
        </button>
      )}
      {endChat && (
        <button type="button" className="navbar__action" onClick={endChat} title={t`End the conversation`}>
          {/* Shown instead of the words only where large text leaves no room for them (NavBar.css). */}
          <svg viewBox="0 0 24 24" aria-hidden="true" className="navbar__action-icon line-icon">
            <path d="M10 4H5v16h5m5-12 4 4-4 4m4-4H9" />
          </svg>
          <span className="navbar__action-label navbar__action-label--always">
            <Trans>End chat</Trans>
          </span>
        </button>
      )}
      <LanguageSwitcher />
      <HostCloseButton className="navbar__action navbar__close" />
    </header>
  );
}
