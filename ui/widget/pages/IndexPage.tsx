import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';
import { ChatProvider, ToastProvider } from '@visitor-chat/chat-react';
import { ChatScreen } from '../components/ChatScreen';
import { Toasts } from '../components/Toasts';
import { chatFor, chatQuery, releaseEarlyChat, subscribeChatQuery } from '../earlyChat';

/** The chat of `query`, read once: the chat belongs to the page load that opened it. */
function Chat({ query }: { query: string }) {
  const [engine] = useState(() => chatFor(query));
  // The provider's effect (a child's, so it runs first) holds the chat now; the early module's hold can go.
  useEffect(() => releaseEarlyChat(), [engine]);
  return (
    <ChatProvider engine={engine}>
      <ToastProvider>
        <ChatScreen />
        <Toasts />
      </ToastProvider>
    </ChatProvider>
  );
}

/**
 * Route /index (SPEC §2): the chat, started from the URL query — embedded by the loader, once the
 * host page's init came (nothing shows until then: the panel is not open yet). Lazily loaded,
 * hence the default export.
 */
export default function IndexPage() {
  // The query as location.search gives it (wouter's has no '?'): the early chat started with that.
  const search = useSearch();
  const query = useSyncExternalStore(subscribeChatQuery, () => chatQuery(search && `?${search}`));
  return query === null ? null : <Chat query={query} />;
}
