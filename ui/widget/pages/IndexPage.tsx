import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ChatProvider, ToastProvider } from '../../hooks';
import { browserStorage, documentVisibility } from '../browserPorts';
import { ChatScreen } from '../components/ChatScreen';
import { Toasts } from '../components/Toasts';

/** Route /index (SPEC §2): the chat, started from the URL query. Lazily loaded, hence the default export. */
export default function IndexPage() {
  const { search } = useLocation();
  // The query is read once: the chat belongs to the page load that opened it.
  const [options] = useState(() => ({
    query: search,
    storage: browserStorage(),
    visibility: documentVisibility(),
    previousUrl: document.referrer || undefined,
  }));
  return (
    <ChatProvider options={options}>
      <ToastProvider>
        <ChatScreen />
        <Toasts />
      </ToastProvider>
    </ChatProvider>
  );
}
