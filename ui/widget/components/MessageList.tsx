import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { VList, type VListHandle } from 'virtua';
import { BACK_TO_BOTTOM_THROTTLE_MS } from '../../../engine/constants';
import { SenderType, type ChatMessage } from '../../../engine';
import { useChat } from '../../hooks';
import { MessageItem } from './MessageItem';
import './MessageList.css';

/** Distance from the end (px) within which the list counts as "at the bottom". */
const STICK_PX = 64;
/** Distance from the start (px) within which older history loads. */
const LOAD_OLDER_PX = 80;

/** What changed between two renders of the list: messages added at the start, at the end, or neither. */
function diff(prev: readonly ChatMessage[], next: readonly ChatMessage[]) {
  if (prev.length === 0 || next.length <= prev.length) return { prepended: 0, appended: [] as ChatMessage[] };
  if (next[0]?.id !== prev[0]?.id) return { prepended: next.length - prev.length, appended: [] };
  return { prepended: 0, appended: next.slice(prev.length) };
}

/**
 * The virtualised message list: DOM nodes bounded by the viewport, sticks to the bottom while new
 * messages arrive, keeps its place when older history is prepended, loads older history at the
 * top, offers a back-to-bottom button with the unread count, and announces each new incoming
 * message (not the history) through a polite live region.
 */
export function MessageList() {
  const { t } = useLingui();
  const { messages, retry, send, loadOlder, history } = useChat();
  const list = useRef<VListHandle>(null);
  const atBottom = useRef(true);
  const previous = useRef<readonly ChatMessage[]>([]);
  const [unread, setUnread] = useState(0);
  const [showJump, setShowJump] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const lastJumpUpdate = useRef(0);

  const { prepended, appended } = diff(previous.current, messages);

  useLayoutEffect(() => {
    const wasEmpty = previous.current.length === 0;
    previous.current = messages;
    if (!list.current || messages.length === 0) return;
    if (wasEmpty || (appended.length && (atBottom.current || appended.some((m) => m.senderType === SenderType.Visitor)))) {
      list.current.scrollToIndex(messages.length - 1, { align: 'end' });
      atBottom.current = true;
      setUnread(0);
    } else if (appended.length) {
      setUnread((n) => n + appended.length);
    }
    const incoming = appended.filter((m) => m.senderType !== SenderType.Visitor && !m.awaiting);
    if (!wasEmpty && incoming.length) setAnnouncement(incoming.map((m) => m.msgContent).join('\n'));
    // The list only changes through `messages`; `appended` is derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages]);

  const onScroll = useCallback(
    (offset: number) => {
      const handle = list.current;
      if (!handle) return;
      atBottom.current = handle.scrollSize - offset - handle.viewportSize < STICK_PX;
      if (atBottom.current) setUnread(0);
      // SPEC §9: the back-to-bottom button updates at most every 300 ms while scrolling.
      const now = performance.now();
      if (atBottom.current || now - lastJumpUpdate.current >= BACK_TO_BOTTOM_THROTTLE_MS) {
        lastJumpUpdate.current = now;
        setShowJump(!atBottom.current);
      }
      if (offset < LOAD_OLDER_PX && loadOlder) loadOlder();
    },
    [loadOlder],
  );

  // Keep the newest message in view when the viewport shrinks (on-screen keyboard, rotation).
  useEffect(() => {
    const onResize = () => {
      if (atBottom.current && messages.length) list.current?.scrollToIndex(messages.length - 1, { align: 'end' });
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [messages.length]);

  const jump = () => {
    list.current?.scrollToIndex(messages.length - 1, { align: 'end', smooth: true });
    setUnread(0);
    setShowJump(false);
  };

  return (
    <div className="message-list">
      {history.loading && (
        <p className="message-list__loading" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      <VList ref={list} className="message-list__scroller" shift={prepended > 0 /* keeps the place when history is prepended */} onScroll={onScroll} role="log" aria-label={t`Messages`}>
        {messages.map((m, i) => (
          // Suggested questions are offered on the newest message only; older ones are history.
          <MessageItem key={m.id} message={m} onRetry={retry} onAsk={i === messages.length - 1 ? send : null} />
        ))}
      </VList>
      {showJump && (
        <button type="button" className="message-list__jump" onClick={jump}>
          {unread > 0 ? <Plural value={unread} one="# new message" other="# new messages" /> : <Trans>Back to the latest</Trans>}
        </button>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
