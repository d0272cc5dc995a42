import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useChat } from '../../hooks';
import { MessageItem } from './MessageItem';
import './MessageList.css';

/** The message list: sticks to the bottom while new messages arrive unless the visitor scrolled up. */
export function MessageList() {
  const { messages, retry, send, loadOlder, history } = useChat();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <div
      ref={scroller}
      className="message-list"
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      {loadOlder && (
        <button type="button" className="message-list__older" onClick={loadOlder}>
          <Trans>Earlier messages</Trans>
        </button>
      )}
      {history.loading && (
        <p className="message-list__loading" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      <ol className="message-list__items" aria-live="polite" aria-relevant="additions">
        {messages.map((m, i) => (
          // Suggested questions are offered on the newest message only; older ones are history.
          <MessageItem key={m.id} message={m} onRetry={retry} onAsk={i === messages.length - 1 ? send : null} />
        ))}
      </ol>
    </div>
  );
}
