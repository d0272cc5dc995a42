import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { VList, type VListHandle } from 'virtua';
import { MsgType, SenderType, avatarOf, isLongText, longTextPrefix, messageText, showsThinking, type ChatMessage } from '@visitor-chat/chat-engine';
import { useChat, usePullToRefresh, useQuickReplies } from '@visitor-chat/chat-react';
import { keepFocus } from '../keepFocus';
import { hasAvatar } from './Avatar';
import type { MessageItemProps } from './MessageItem';
import { MessageRow } from './MessageRow';
import { QuickReplies } from './QuickReplies';
import { TypingIndicator } from './TypingIndicator';
import './MessageList.css';

/** Distance from the end (px) within which the list counts as "at the bottom". */
const STICK_PX = 64;
/**
 * The scroller takes the height of its rows up to the viewport's (MessageList.css `flex`), so that
 * what follows it — the typing indicator — sits under the last message: virtua's own `height: 100%`
 * and size containment (`contain: strict`, an element without a height of its contents) give way.
 */
const SCROLLER_STYLE = { height: 'auto', contain: 'content' } as const;
/**
 * The height virtua assumes for a row it has not measured: about a message's (a one-line bubble is
 * 49 px, one with the agent's name 76–92 px at 1280 px). Without it, virtua took its first row's
 * height for all, and opening on the newest of 10,000 messages mounted twice the rows that show
 * (26 for 12) while it corrected its guess.
 */
const ROW_ESTIMATE_PX = 72;
/** How long (ms) after the visitor's last wheel, touch or key a scroll up counts as theirs. */
const INTENT_MS = 1000;

/**
 * Whether a scroll away from the end leaves "at the bottom". The visitor's own scroll does (a wheel, a
 * touch, a key in the list shortly before), and so does one by script or assistive technology while
 * the rows keep their size. One that comes with the rows changing size (`sizeChanged`: a height that
 * neither the last scroll nor the list's ResizeObserver has seen yet) and no input of the visitor's
 * is the layout's: the virtualiser keeping its first visible row in place while a row is measured or
 * grows, in the same frame. The list stays at the bottom then, and keeps its newest message in view.
 */
function leavesBottom(byVisitor: boolean, sizeChanged: boolean): boolean {
  return byVisitor || !sizeChanged;
}

/** Distance from the start (px) within which older history loads. */
const LOAD_OLDER_PX = 80;
/** Back-to-bottom button throttle (SPEC §9). */
const BACK_TO_BOTTOM_THROTTLE_MS = 300;
/**
 * The most rows below the viewport that "Back to the latest" scrolls through smoothly; farther, it
 * jumps at once. virtua renders and measures every row between where a smooth scroll starts and
 * where it lands: from the top of 10,000 messages that froze the tab for 6 s.
 */
const SMOOTH_JUMP_ROWS = 50;

/** What changed between two renders of the list: messages added at the start, at the end, or neither. */
function diff(prev: readonly ChatMessage[], next: readonly ChatMessage[]) {
  if (prev.length === 0 || next.length <= prev.length) return { prepended: 0, appended: [] as ChatMessage[] };
  if (next[0]?.id !== prev[0]?.id) return { prepended: next.length - prev.length, appended: [] };
  return { prepended: 0, appended: next.slice(prev.length) };
}

/** How far back from the end a change is looked for: a robot answer fills its placeholder near the end. */
const ANNOUNCE_WINDOW = 20;

/** A message as the live region reads it: its id, and its text with the sender's name. */
interface Announced {
  id: string;
  text: string;
}

/** Message `id` of the list, searched from the end, where what was just read out or changed is. */
function fromEnd(messages: readonly ChatMessage[], id: string): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.id === id) return messages[i];
  return undefined;
}

/**
 * The agent and robot messages to read out now (`before` the list as it was last read): incoming —
 * not in the list before, or awaited there — and complete (a robot placeholder is read once it holds
 * its answer — a streamed one whole, never per delta; one cut short with `cutOff`; a long text as far
 * as it shows collapsed); each with its sender's name. A placeholder awaited again (an answer asked
 * again) is read again once it holds its new answer. A message changed in place (its delivery, its
 * rating) is not new, nor one that comes back into the last messages when a later one is recalled.
 * Only the last messages are looked at: a render costs the same at 10 or 10,000 messages.
 */
function toAnnounce(messages: readonly ChatMessage[], before: readonly ChatMessage[], cutOff: string): Announced[] {
  const out: Announced[] = [];
  for (const m of messages.slice(-ANNOUNCE_WINDOW)) {
    if (m.senderType === SenderType.Visitor || m.awaiting) continue;
    const was = fromEnd(before, m.id);
    if (was && !was.awaiting) continue;
    // A long text is read as it shows collapsed: its first piece (LongText), not a megabyte.
    const whole = messageText(m);
    const shown = isLongText(whole) ? `${longTextPrefix(whole)}…` : whole;
    const text = m.interrupted ? [shown, cutOff].filter(Boolean).join(' ') : shown;
    out.push({ id: m.id, text: m.senderName ? `${m.senderName}: ${text}` : text });
  }
  return out;
}

/**
 * Whether `messages[i]`, an agent or robot message, opens a run of one sender's messages (same
 * sender type and name, nothing between them, no time shown above): the avatar and the name show
 * at these only. Read from the row's neighbour when the row renders, so that a render of the list
 * costs the same at 10 or 10,000 messages.
 */
function opensRun(messages: readonly ChatMessage[], i: number): boolean {
  const m = messages[i];
  const previous = messages[i - 1];
  if (!m || !hasAvatar(m)) return false;
  return previous === undefined || m.hasTime || previous.senderType !== m.senderType || previous.senderName !== m.senderName;
}

/** For a robot answer (pending or thought through) at `i`, the visitor text it replies to: the nearest visitor text before it. */
function questionOf(messages: readonly ChatMessage[], i: number): string | undefined {
  const m = messages[i];
  if (!m || !showsThinking(m)) return undefined;
  for (let j = i - 1; j >= 0; j--) {
    const before = messages[j] as ChatMessage;
    if (before.senderType === SenderType.Visitor && before.msgType === MsgType.Text) return before.msgContent;
  }
  return undefined;
}

/**
 * The polite live region that reads each new incoming message once (toAnnounce); the history — the
 * first page, or an older one (`history`) — is shown, not read out. Its own component, so that what
 * it reads changing renders the region, not the list.
 */
function LiveAnnouncer({ messages, history }: { messages: readonly ChatMessage[]; history: boolean }) {
  const { t } = useLingui();
  // Numbered, so that a text equal to the previous one is still a change (and is read out).
  const [announcement, setAnnouncement] = useState<{ items: readonly Announced[]; n: number }>({ items: [], n: 0 });
  // The list as last looked at: what is new is read out, once; the first list and history pages are shown, not read.
  const before = useRef<readonly ChatMessage[]>([]);
  const seen = useRef(false);
  useLayoutEffect(() => {
    const was = before.current;
    before.current = messages;
    if (messages.length === 0) return;
    if (!seen.current || history) {
      seen.current = true;
      return;
    }
    const incoming = toAnnounce(messages, was, t`The answer was cut off.`);
    if (incoming.length) setAnnouncement((a) => ({ items: incoming, n: a.n + 1 }));
    // A message recalled (SPEC §4 event 1205) leaves the live region too: its text is gone from the
    // screen, so a screen reader must not find it there (a removal is not read out).
    else setAnnouncement((a) => (a.items.every((i) => fromEnd(messages, i.id)) ? a : { ...a, items: a.items.filter((i) => fromEnd(messages, i.id)) }));
    // `history` is derived from `messages`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages]);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {/* New nodes per announcement: screen readers read an added node even when its text repeats. */}
      {announcement.items.map((i) => (
        <p key={`${announcement.n}-${i.id}`}>{i.text}</p>
      ))}
    </div>
  );
}

/** What a row shows besides its message. */
type RowProps = Omit<MessageItemProps, 'message'>;
/** Whether two rows' props are the same values (MessageRow's memo compares them so too). */
const sameProps = (a: RowProps, b: RowProps): boolean => (Object.keys(a) as (keyof RowProps)[]).every((key) => a[key] === b[key]);

/**
 * The virtualised message list: DOM nodes bounded by the viewport, sticks to the bottom while new
 * messages arrive, keeps its place when older history is prepended, loads older history at the
 * top, offers a back-to-bottom button with the unread count, and announces each new incoming
 * message (not the history) through a polite live region. Also: pull-to-refresh at the top, the
 * agent typing indicator under the last message and the quick-reply bar under the list (just above the
 * composer).
 */
export function MessageList() {
  const { t } = useLingui();
  const { messages, loadOlder, history, channel } = useChat();
  const list = useRef<VListHandle>(null);
  const atBottom = useRef(true);
  // The rows' height at the last scroll event or size change seen (the observer below), and when the visitor last scrolled by hand.
  const lastSize = useRef(0);
  const lastInput = useRef(Number.NEGATIVE_INFINITY);
  const scrolledByHand = () => performance.now() - lastInput.current < INTENT_MS;
  const previous = useRef<readonly ChatMessage[]>([]);
  const [unread, setUnread] = useState(0);
  const [showJump, setShowJump] = useState(false);
  const lastJumpUpdate = useRef(0);
  // The back-to-bottom button's trailing update, while one is due.
  const jumpUpdate = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(jumpUpdate.current), []);

  const { prepended, appended } = diff(previous.current, messages);
  const quickReplies = useQuickReplies();
  const newest = useMemo(() => (messages.length ? [messages.length - 1] : []), [messages.length]);
  const pull = usePullToRefresh({ atTop: () => (list.current?.scrollOffset ?? 0) <= 0 });

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
    // The list only changes through `messages`; `appended` is derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages]);

  const viewport = useRef<HTMLDivElement>(null);
  const onScroll = useCallback(
    (offset: number) => {
      // The DOM's sizes, not the virtualiser's: its viewport size lags while the list grows to its height.
      const el = viewport.current?.querySelector('.message-list__scroller');
      if (!el) return;
      const size = el.scrollHeight;
      const sizeChanged = size !== lastSize.current;
      lastSize.current = size;
      const near = size - offset - el.clientHeight < STICK_PX;
      if (near) atBottom.current = true;
      else if (leavesBottom(scrolledByHand(), sizeChanged)) atBottom.current = false;
      if (atBottom.current) setUnread(0);
      // SPEC §9: the back-to-bottom button updates at most every 300 ms while scrolling, and once more
      // at the end of the 300 ms (a trailing edge), so that a short scroll up still shows it.
      const since = performance.now() - lastJumpUpdate.current;
      const update = () => {
        jumpUpdate.current = undefined;
        lastJumpUpdate.current = performance.now();
        setShowJump(!atBottom.current);
      };
      if (atBottom.current || since >= BACK_TO_BOTTOM_THROTTLE_MS) {
        clearTimeout(jumpUpdate.current);
        update();
      } else jumpUpdate.current ??= setTimeout(update, BACK_TO_BOTTOM_THROTTLE_MS - since);
      if (offset < LOAD_OLDER_PX && loadOlder) loadOlder();
    },
    [loadOlder],
  );

  // Keep the newest message in view while it grows (an answer streaming or typed out, an image
  // loading): virtua holds its first visible row in place, so a last row that grows would go below
  // the fold. The rows' container changes size with them; while the list is at the bottom, it stays
  // there — in the observer's callback, after layout and before the frame paints. A delta that does
  // not change the height costs nothing here, and the list does not re-render for any.
  useEffect(() => {
    const scroller = viewport.current?.querySelector('.message-list__scroller');
    const rows = scroller?.firstElementChild;
    if (!scroller || !rows || typeof ResizeObserver === 'undefined') return undefined;
    // The list's own box is watched too: when it shrinks (the on-screen keyboard, a rotation), a list
    // that was at the bottom before stays there — whatever a scroll event in between made of atBottom.
    let height = scroller.clientHeight;
    const observer = new ResizeObserver(() => {
      const gap = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
      const shrunkBy = Math.max(0, height - scroller.clientHeight);
      height = scroller.clientHeight;
      if (shrunkBy && gap - shrunkBy < STICK_PX) atBottom.current = true;
      // Not while the visitor scrolls by hand: a row measured meanwhile would take their scroll back.
      if (atBottom.current && gap > 0 && !scrolledByHand()) scroller.scrollTop = scroller.scrollHeight;
      // The rows' height, seen: a later scroll (a script's, long after a card arrived) is not the layout's.
      lastSize.current = scroller.scrollHeight;
    });
    observer.observe(rows);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // The visitor's own scrolling: a wheel, a touch, a key or a press (the scrollbar) in the list.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const mark = () => {
      lastInput.current = performance.now();
    };
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const type of events) el.addEventListener(type, mark, { capture: true, passive: true });
    return () => {
      for (const type of events) el.removeEventListener(type, mark, { capture: true });
    };
  }, []);

  // Keep the newest message in view when the viewport shrinks (on-screen keyboard, rotation).
  useEffect(() => {
    const onResize = () => {
      if (atBottom.current && messages.length) list.current?.scrollToIndex(messages.length - 1, { align: 'end' });
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [messages.length]);

  const jump = () => {
    const handle = list.current;
    const last = messages.length - 1;
    if (handle)
      handle.scrollToIndex(last, { align: 'end', smooth: last - handle.findItemIndex(handle.scrollOffset + handle.viewportSize) <= SMOOTH_JUMP_ROWS });
    setUnread(0);
    setShowJump(false);
  };

  // virtua asks for each visible row's element whenever the list renders — also on its own, when a
  // row's size changes (a streamed answer growing a line). The same element for the same message,
  // while nothing a row shows changed, lets React skip the row and virtua's wrapper of it; a row
  // made again (the list changed) is still skipped by MessageRow's memo when its props are equal.
  // What a row shows besides its message (the run it opens, the question it answers) is read from
  // its neighbours here, for the visible rows only.
  const choose = quickReplies.choose;
  const rows = useRef(new WeakMap<ChatMessage, { props: RowProps; row: ReactElement }>());
  const renderRow = useMemo(
    () => (m: ChatMessage, i: number) => {
      const props: RowProps = { runStart: opensRun(messages, i), question: questionOf(messages, i), avatarSrc: avatarOf(m, channel), onAsk: choose };
      let made = rows.current.get(m);
      if (!made || !sameProps(made.props, props)) {
        made = { props, row: <MessageRow key={m.id} message={m} {...props} /> };
        rows.current.set(m, made);
      }
      return made.row;
    },
    [choose, messages, channel],
  );
  return (
    <div className="message-list">
      <div className="message-list__viewport" ref={viewport} {...pull.getContainerProps()}>
        {pull.status !== 'pending' && (
          <div className={`message-list__pull message-list__pull--${pull.status}`} style={{ blockSize: `${pull.distance}px` }} role="status">
            {pull.status === 'pull' && <Trans>Pull to load earlier messages</Trans>}
            {pull.status === 'active' && <Trans>Release to load earlier messages</Trans>}
            {pull.status === 'loading' && <Trans>Loading…</Trans>}
          </div>
        )}
        {history.loading && pull.status !== 'loading' && (
          <p className="message-list__loading" role="status">
            <Trans>Loading…</Trans>
          </p>
        )}
        <VList
          ref={list}
          className="message-list__scroller"
          style={SCROLLER_STYLE}
          itemSize={ROW_ESTIMATE_PX}
          data={messages}
          keepMounted={newest}
          shift={prepended > 0 /* keeps the place when history is prepended */}
          onScroll={onScroll}
          role="log"
          // A Tab stop: a keyboard can scroll the history with the arrow keys, also when no row holds a link or a button.
          tabIndex={0}
          // The live region below reads each new message once, whole: the log itself stays silent, so
          // a robot answer growing delta by delta is never read per delta.
          aria-live="off"
          aria-label={t`Messages`}
        >
          {/* Elements are made for the visible rows only: a render costs the same at 10 or 10,000 messages. */}
          {renderRow}
        </VList>
        {/* In the conversation's flow, under the last message (the list is only as tall as its rows until it fills the viewport). */}
        <TypingIndicator />
        {showJump && (
          <button type="button" className="message-list__jump" onClick={jump}>
            {unread > 0 ? <Plural value={unread} one="# new message" other="# new messages" /> : <Trans>Back to the latest</Trans>}
          </button>
        )}
      </div>
      <QuickReplies
        replies={quickReplies.replies}
        onSelect={(reply) => {
          quickReplies.choose(reply);
          // The chosen chip leaves with its list: focus goes on in the composer, not to the page.
          keepFocus();
        }}
      />
      <LiveAnnouncer messages={messages} history={prepended > 0} />
    </div>
  );
}
