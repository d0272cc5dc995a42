/**
 * The code of docs/rendering.md: one way to render every message kind, upload progress, delivery
 * status, notices and errors on the headless hooks. It is type-checked with the repository (npm run
 * typecheck), so the guide's snippets, quoted from here, stay true to the packages' API. The
 * widget's own components (ui/widget/components) do the same with their styles and translations.
 */
import { useState } from 'react';
import {
  MsgType,
  SenderType,
  avatarOf,
  cardUrl,
  isFaqMessage,
  isLongText,
  longTextPrefix,
  messageText,
  offersLeaveMessage,
  showsThinking,
  textPieces,
  type ChatError,
  type ChatMessage,
  type GoodsCard,
  type Notice,
  type NoticeId,
} from '@visitor-chat/chat-engine';
import {
  CardRegistryProvider,
  useCard,
  useCardComponent,
  useChat,
  useChatEvents,
  useDeliveryStatus,
  useLeaveMessageOffer,
  useQuickReplies,
  useRobotAnswer,
  useToasts,
  type CardProps,
} from '@visitor-chat/chat-react';

// #region list
/** The message list: each message by its sender and kind; the list is a live region. */
export function Messages() {
  const { messages, channel } = useChat();
  return (
    <ol role="log" aria-label="Messages">
      {messages.map((m) => (
        <li key={m.id} className={`message message--${m.position}`}>
          {m.position !== 'center' && m.senderType !== SenderType.Visitor && <Sender name={m.senderName ?? ''} avatar={avatarOf(m, channel)} />}
          <Message message={m} />
        </li>
      ))}
    </ol>
  );
}
// #endregion list

function Sender({ name, avatar }: { name: string; avatar: string | undefined }) {
  return avatar ? <img className="avatar" src={avatar} alt={name} /> : <b>{name}</b>;
}

// #region kinds
/** One message by its kind (SPEC §3 msgType). */
export function Message({ message: m }: { message: ChatMessage }) {
  if (m.notice) return <NoticeLine notice={m.notice} fallback={m.msgContent} />;
  if (m.senderType === SenderType.Robot && showsThinking(m)) return <RobotAnswer message={m} />;
  switch (m.msgType) {
    case MsgType.Image:
      return <ImageMessage message={m} />;
    case MsgType.Audio:
    case MsgType.Video:
    case MsgType.File:
      return <FileMessage message={m} />;
    case MsgType.Card:
      return <CardMessage message={m} />;
    case MsgType.LeaveMessage:
      return <LeaveMessageText message={m} />;
    case MsgType.AutoTip:
      return <p className="tip">{m.msgContent}</p>;
    case MsgType.Faq:
      return <FaqMessage message={m} />;
    default:
      // Text (1), system text (3), a robot's answer (answermsg) and any kind a backend adds later.
      return <TextMessage message={m} />;
  }
}
// #endregion kinds

// #region text
/** Text as text: never as HTML (the wire is not trusted). The visitor's own carries its delivery. */
function TextMessage({ message: m }: { message: ChatMessage }) {
  return (
    <p dir="auto">
      {m.awaiting ? <span aria-busy="true">…</span> : m.msgContent}
      <DeliveryStatus message={m} />
    </p>
  );
}
// #endregion text

// #region long
/** A long text (isLongText): collapsed to its first piece, whole on demand, a piece a block. */
export function LongTextMessage({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (!isLongText(text)) return <p dir="auto">{text}</p>;
  return (
    <div dir="auto">
      {open ? textPieces(text).map((piece, i) => <p key={i}>{piece}</p>) /* in a few frames for a megabyte */ : <p>{longTextPrefix(text)}…</p>}
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </button>
    </div>
  );
}
// #endregion long

// #region media
/** An image: the local preview while it uploads (localUrl), then the file's URL. */
function ImageMessage({ message: m }: { message: ChatMessage }) {
  const src = m.localUrl ?? cardUrl(m.fileUrl ?? m.msgContent);
  return (
    <figure>
      {src ? <img src={src} alt={m.fileName ?? 'Image'} /> : <span>This image is not available.</span>}
      <UploadProgress message={m} />
      <DeliveryStatus message={m} />
    </figure>
  );
}

/** Audio and video play where they are; any other file is a download link with its name and size. */
function FileMessage({ message: m }: { message: ChatMessage }) {
  const url = cardUrl(m.fileUrl ?? m.msgContent);
  const src = m.localUrl ?? url;
  const name = m.fileName ?? 'File';
  let body;
  if (m.msgType === MsgType.Audio && src) body = <audio src={src} controls aria-label={name} />;
  else if (m.msgType === MsgType.Video && src) body = <video src={src} controls preload="metadata" aria-label={name} />;
  else
    body = url ? (
      <a href={url} download={name}>
        {name}
      </a>
    ) : (
      <span>{name}</span>
    );
  return (
    <div>
      {body}
      {m.fileSize !== undefined && <small> {Math.ceil(m.fileSize / 1024)} kB</small>}
      <UploadProgress message={m} />
      <DeliveryStatus message={m} />
    </div>
  );
}
// #endregion media

// #region delivery
/** The upload bar of a file still being sent: a percentage when the platform reports one. */
function UploadProgress({ message }: { message: ChatMessage }) {
  const { uploading, progress } = useDeliveryStatus(message);
  if (!uploading) return null;
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  return <progress aria-label="Uploading" max={100} value={percent} />;
}

/** SPEC §4: nothing while a send is quick, a spinner once it is slow, "Not delivered" and Retry when it failed. */
function DeliveryStatus({ message }: { message: ChatMessage }) {
  const { status, retry } = useDeliveryStatus(message);
  if (status === 'loading') return <span role="img" aria-label="Sending" className="spinner" />;
  if (status !== 'fail') return null;
  return (
    <span>
      Not delivered{' '}
      {retry && (
        <button type="button" onClick={retry}>
          Retry
        </button>
      )}
    </span>
  );
}
// #endregion delivery

// #region answer
/** The robot's answer as it streams: thinking, the text so far, its sources, Retry when it failed. */
function RobotAnswer({ message: m }: { message: ChatMessage }) {
  const { answer, retry } = useRobotAnswer(m.id);
  // An answer of an earlier page (history) has no live state: its text is the message's.
  if (!answer) return <p dir="auto">{m.msgContent}</p>;
  return (
    <div aria-busy={answer.phase !== 'done' && answer.phase !== 'failed'}>
      {(answer.phase === 'pending' || answer.phase === 'thinking') && <p>Thinking…</p>}
      <p dir="auto">{answer.text}</p>
      {answer.sources.length > 0 && (
        <ul>
          {answer.sources.map((source) => (
            <li key={source.url}>
              <a href={source.url}>{source.title ?? source.url}</a>
            </li>
          ))}
        </ul>
      )}
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
// #endregion answer

// #region faq
/** The FAQ: its questions are quick replies; tapping one asks it. */
function FaqMessage({ message: m }: { message: ChatMessage }) {
  const { choose } = useQuickReplies();
  return (
    <div>
      <p>{m.msgContent || 'Frequently asked questions'}</p>
      {isFaqMessage(m) && (
        <ul>
          {m.suggestions?.map((q) => (
            <li key={q.code}>
              <button type="button" onClick={() => choose(q)}>
                {q.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
// #endregion faq

// #region leave
/** The offline text: it offers the leave-message form (the visitor's own left message does not). */
function LeaveMessageText({ message: m }: { message: ChatMessage }) {
  const { openForm } = useLeaveMessageOffer();
  return (
    <p dir="auto">
      {m.msgContent}{' '}
      {offersLeaveMessage(m) && openForm && (
        <button type="button" onClick={openForm}>
          Leave a message
        </button>
      )}
    </p>
  );
}
// #endregion leave

// #region cards
/** A card: the component registered for its code, else the plain-text fallback the card gives. */
function CardMessage({ message }: { message: ChatMessage }) {
  const { card, fallback } = useCard(message);
  const Component = useCardComponent(card);
  return Component && card ? <Component card={card} message={message} /> : <p>{fallback}</p>;
}

/** A goods card of your own design (the decoded card's links are checked; a CustomCard's `data` is not: use `cardUrl`). */
function Goods({ card }: CardProps<GoodsCard>) {
  return (
    <article>
      {card.img && <img src={card.img} alt="" />}
      {card.link ? <a href={card.link}>{card.name}</a> : card.name}
    </article>
  );
}

/** Register card components once, around the chat; nested registries add to their parent's. */
export function ChatWithCards() {
  return (
    <CardRegistryProvider components={{ goods: Goods }}>
      <Messages />
    </CardRegistryProvider>
  );
}
// #endregion cards

// #region notices
/** Your texts of the engine's notices (your language, your words), `{value}` where the notice's values go. */
const NOTICES: Partial<Record<NoticeId, string>> = {
  noAgentOnline: 'Nobody is online right now.',
  sessionEstablished: 'You are now chatting with {agent}.',
};

/** A notice the engine wrote: translated by its id, its values fill the placeholders; msgContent is the English fallback. */
function NoticeLine({ notice, fallback }: { notice: Notice; fallback: string }) {
  const template = NOTICES[notice.id];
  const text = template?.replace(/\{(\w+)\}/g, (whole, key: string) => String(notice.values?.[key] ?? whole));
  return <p className="notice">{text ?? fallback}</p>;
}
// #endregion notices

// #region errors
/** Never a raw error: a sentence of yours for each ChatError code, and Try again when the engine may. */
function errorText(error: ChatError): string {
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

export function ChatOrError() {
  const { error, retryStart } = useChat();
  if (error) {
    return (
      <p role="alert">
        {errorText(error)}{' '}
        {retryStart && (
          <button type="button" onClick={retryStart}>
            Try again
          </button>
        )}
      </p>
    );
  }
  return <Messages />;
}

/** What the engine asks of the page besides the state: toasts for submissions, the outbox warning. */
export function EngineToasts() {
  const { toasts, show } = useToasts();
  useChatEvents((event) => {
    if (event.type === 'submissionFailed') show('error', 'That didn’t go through. Please try again.');
    if (event.type === 'submissionSucceeded') show('success', 'Message left. We’ll get back to you.');
    if (event.type === 'outboxNotKept') show('error', 'Keep this page open: a reload would lose your unsent message.');
  });
  return (
    <ul aria-live="polite">
      {toasts.map((toast) => (
        <li key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.text}
        </li>
      ))}
    </ul>
  );
}
// #endregion errors

/** A message's text as plain text reads it: what a preview or an announcement shows, never a card's JSON. */
export const preview = (m: ChatMessage): string => messageText(m);
