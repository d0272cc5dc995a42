import { useVisitorChat } from '@visitor-chat/loader/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app.css';

/** The chat server's /chat/ folder, where the widget is served (the reference server's by default). */
const chatUrl = import.meta.env.VITE_CHAT_URL ?? 'http://localhost:8080/chat/';
const channelId = import.meta.env.VITE_CHAT_CHANNEL ?? 'demo';

/**
 * A page of the app with the whole chat widget, not a UI of its own: the loader's launcher in the
 * corner, and a button of the page's own that opens the same chat and follows it (open, unread).
 */
function ShopPage() {
  const { isOpen, unread, toggle } = useVisitorChat({ channelId, chatUrl });
  return (
    <main>
      <h1>Tea shop</h1>
      <p>Questions about an order or a tea?</p>
      <button type="button" aria-expanded={isOpen} onClick={toggle}>
        {isOpen ? 'Close the chat' : 'Ask us'}
        {unread > 0 && ` (${unread} unread)`}
      </button>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ShopPage />
    </StrictMode>,
  );
}
