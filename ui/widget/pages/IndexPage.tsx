import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ChatProvider, ToastProvider } from '../../hooks';
import { ChatScreen } from '../components/ChatScreen';
import { Toasts } from '../components/Toasts';
import { chatFor, settleEarlyChat } from './pageChat';

/** Route /index (SPEC §2): the chat, started from the URL query. Lazily loaded, hence the default export. */
export default function IndexPage() {
  const { search } = useLocation();
  // The query is read once: the chat belongs to the page load that opened it.
  const [engine] = useState(() => chatFor(search));
  useEffect(() => settleEarlyChat(engine), [engine]);
  return (
    <ChatProvider engine={engine} disposeEngine>
      <ToastProvider>
        <ChatScreen />
        <Toasts />
      </ToastProvider>
    </ChatProvider>
  );
}
