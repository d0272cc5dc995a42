import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useChat } from '@visitor-chat/chat-react';
import { prepareFormats } from '../format';
import { releaseIdleModules } from '../lazyPreloaded';
import { usePageNotices } from '../usePageNotices';
import { Composer } from './Composer';
import { DialogsGate } from './DialogsGate';
import { ErrorState } from './ErrorState';
import { MessageList } from './MessageList';
import { NavBar } from './NavBar';
import './ChatScreen.css';

/** Longest visitor message of the shipped widget (our choice; SPEC §5 leaves it to the integrator). */
const MESSAGE_MAX_LENGTH = 2000;

/** The chat container (SPEC §2): navigation bar, message list, composer; or the page error state. */
export function ChatScreen() {
  const { phase, error, channel, reconnecting, retryStart } = useChat();
  usePageNotices(channel?.title ?? '');
  const { i18n } = useLingui();
  useEffect(() => {
    // Soon after the first paint, usually while the chat still connects.
    const timer = setTimeout(() => prepareFormats(i18n.locale));
    return () => clearTimeout(timer);
  }, [i18n.locale]);
  useEffect(() => {
    // The conversation is on screen: what a tap may open next can load now.
    if (phase === 'ready') releaseIdleModules();
  }, [phase]);
  if (phase === 'error' && error) return <ErrorState error={error} retry={retryStart} />;
  return (
    <div className="chat">
      <NavBar title={channel?.title ?? ''} />
      <main className="chat__main">
        {phase === 'ready' && reconnecting && (
          <div className="chat__reconnecting" role="status">
            <span className="spinner" aria-hidden="true" />
            <Trans>Reconnecting…</Trans>
          </div>
        )}
        {phase === 'ready' ? (
          <MessageList />
        ) : (
          <div className="chat__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <Trans>Connecting…</Trans>
          </div>
        )}
        <DialogsGate />
        <Composer maxLength={MESSAGE_MAX_LENGTH} />
      </main>
    </div>
  );
}
