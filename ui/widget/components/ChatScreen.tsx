import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { canRetryStart, type ChatState } from '@visitor-chat/chat-engine';
import { shallowEqual, useChatEngine, useChatSelector } from '@visitor-chat/chat-react';
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

/**
 * What the screen itself shows: not the messages (useChat's), so that a message arriving or a
 * delivery status changing renders the list, not the bar, the composer and the rest of the screen.
 */
const screenState = (s: ChatState) => ({ phase: s.phase, error: s.error, channel: s.channel, reconnecting: s.reconnecting, retryable: canRetryStart(s) });

/** The chat container (SPEC §2): navigation bar, message list, composer; or the page error state. */
export function ChatScreen() {
  const engine = useChatEngine();
  const { phase, error, channel, reconnecting, retryable } = useChatSelector(screenState, shallowEqual);
  const retryStart = retryable ? engine.retryStart : null;
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
