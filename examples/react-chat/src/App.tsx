import { MessageStatus, SenderType, type ChatEngineOptions, type ChatError } from '@visitor-chat/chat-engine';
import { browserStorage, documentVisibility, networkReturns } from '@visitor-chat/chat-engine/browser';
import { ChatProvider, useChat, useComposer, useHandoff } from '@visitor-chat/chat-react';
import { useState, version } from 'react';

/** What the visitor reads when the chat cannot start: a sentence of ours, never a raw error. */
function errorMessage(error: ChatError): string {
  switch (error.code) {
    case 'unreachable':
      return 'The chat can’t be reached right now. It keeps trying.';
    case 'unknownChannelId':
    case 'unknownChannel':
      return 'This chat is not set up yet.';
    case 'sessionFailed':
      return 'The chat could not start.';
  }
}

/** A chat window of our own, on the headless hooks: no component or style of the widget. */
function Chat() {
  const { phase, error, channel, messages, retryStart } = useChat();
  const { submit, getInputProps } = useComposer({ maxLength: 500 });
  const { requestHuman, endChat } = useHandoff();

  if (error) {
    return (
      <p role="alert">
        {errorMessage(error)}{' '}
        {retryStart && (
          <button type="button" onClick={retryStart}>
            Try again
          </button>
        )}
      </p>
    );
  }
  return (
    <section className="chat" aria-label={channel?.title ?? 'Support chat'} aria-busy={phase !== 'ready'}>
      <header>
        <h1>{channel?.title ?? 'Connecting…'}</h1>
        {requestHuman && (
          <button type="button" onClick={requestHuman}>
            Talk to a person
          </button>
        )}
        {endChat && (
          <button type="button" onClick={endChat}>
            End chat
          </button>
        )}
      </header>
      <ol className="messages" role="log" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={m.position}>
            {m.senderType !== SenderType.Visitor && m.senderName && <b>{m.senderName}: </b>}
            {m.awaiting ? '…' : m.msgContent}
            {m.status === MessageStatus.Pending && <small> (sending)</small>}
            {m.status === MessageStatus.Fail && <small> (not sent)</small>}
          </li>
        ))}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit?.();
        }}
      >
        <input aria-label="Message" placeholder="Ask a question" {...getInputProps()} />
        <button type="submit" disabled={!submit}>
          Send
        </button>
      </form>
    </section>
  );
}

/**
 * The engine's options: the backend (this origin, proxied, unless VITE_CHAT_API_BASE names another),
 * the channel, and the browser's storage, visibility and network, so the visitor and any unsent
 * message survive a reload.
 */
const options: ChatEngineOptions = {
  apiBase: import.meta.env.VITE_CHAT_API_BASE,
  query: `?channelid=${encodeURIComponent(import.meta.env.VITE_CHAT_CHANNEL ?? 'demo')}`,
  storage: browserStorage(),
  visibility: documentVisibility(),
  online: networkReturns(),
};

export function App() {
  const [open, setOpen] = useState(true);
  return (
    <main>
      {open ? (
        <ChatProvider options={options}>
          <Chat />
        </ChatProvider>
      ) : (
        <p>Chat closed.</p>
      )}
      <footer>
        <button type="button" onClick={() => setOpen((o) => !o)}>
          {open ? 'Close the chat' : 'Open the chat'}
        </button>
        <span>React {version}</span>
      </footer>
    </main>
  );
}
