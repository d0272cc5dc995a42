import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useHandoff, useTitleTyping } from '@visitor-chat/chat-react';
import { reclaimFocus } from '../keepFocus';
import { Avatar } from './Avatar';
import { HeaderPart } from './headerPart';
import { HostCloseButton } from './HostCloseButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import './NavBar.css';

/**
 * The navigation bar (SPEC §2): the channel's title — with an agent, their picture and name above
 * it —, the way to a human or out of the chat (which asks first), the language menu; embedded by
 * the loader, the control that closes the host's panel. SPEC §9: while the robot prepares an answer
 * or the agent types, the title reads "typing…" in the engine's "on" phases.
 */
export function NavBar({ title }: { title: string }) {
  const { requestHuman, endChat, agent } = useHandoff();
  const [confirming, setConfirming] = useState(false);
  const typing = useTitleTyping();
  // The button pressed goes once it has done its work: focus goes on in the composer (keepFocus.ts).
  useEffect(reclaimFocus, [requestHuman, endChat]);
  const name = title || <Trans>Chat</Trans>;
  const heading = agent ? (
    <>
      <span className="navbar__agent" dir="auto">
        {agent.name}
      </span>{' '}
      <span className="navbar__channel">{name}</span>
    </>
  ) : (
    name
  );
  return (
    <header className="navbar">
      {agent && <Avatar name={agent.name} src={agent.avatar} />}
      <h1 className={agent ? 'navbar__title navbar__title--agent' : 'navbar__title'} dir="auto">
        {typing ? (
          <>
            {/* The heading keeps its name for screen readers; the blinking words are for the eye (the typing line says it once). */}
            <span className="visually-hidden">{heading}</span>
            <span className="navbar__typing" aria-hidden="true">
              <Trans>typing…</Trans>
            </span>
          </>
        ) : (
          heading
        )}
      </h1>
      {requestHuman && (
        <button type="button" className="navbar__action" onClick={requestHuman}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-3.3 0-8 1.7-8 5v1h16v-1c0-3.3-4.7-5-8-5Z" />
          </svg>
          <span className="navbar__action-label">
            <Trans>Human agent</Trans>
          </span>
        </button>
      )}
      {endChat && (
        <button type="button" className="navbar__action" onClick={() => setConfirming(true)} aria-haspopup="dialog">
          {/* Shown instead of the words only where large text leaves no room for them (NavBar.css). */}
          <svg viewBox="0 0 24 24" aria-hidden="true" className="navbar__action-icon line-icon">
            <path d="M10 4H5v16h5m5-12 4 4-4 4m4-4H9" />
          </svg>
          <span className="navbar__action-label">
            <Trans>End chat</Trans>
          </span>
        </button>
      )}
      {confirming && endChat && <HeaderPart part="endChat" end={endChat} dismiss={() => setConfirming(false)} />}
      <LanguageSwitcher />
      <HostCloseButton className="navbar__action navbar__round" />
    </header>
  );
}
