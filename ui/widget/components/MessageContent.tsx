import { useLingui } from '@lingui/react/macro';
import { MsgType, offersLeaveMessage, type ChatMessage } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { safeUrl } from '../media';
import { CardMessage } from './CardMessage';
import { LeaveMessageButton } from './LeaveMessageButton';
import { MessageImage } from './MessageImage';
import { MessageText } from './MessageText';
import { UploadProgress } from './UploadProgress';
import './MessageContent.css';

// Videos, audio and files are rarer than text and images: their renderers load on demand.
const MessageMedia = lazyPart(
  'media renderers',
  () => import('./MessageMedia').then((m) => ({ default: m.MessageMedia })),
  <span className="content-media-pending" aria-busy="true" />,
);

/** The body of a message by its kind (SPEC §3 msgType). Wire URLs pass `safeUrl` first. */
export function MessageContent({ message: m }: { message: ChatMessage }) {
  const { t } = useLingui();
  switch (m.msgType) {
    case MsgType.Image: {
      // A file being sent shows its local preview (no reload flash once uploaded).
      const url = safeUrl(m.fileUrl ?? m.msgContent);
      const src = safeUrl(m.localUrl) ?? url;
      const senderName = m.senderName;
      return src ? (
        <>
          <MessageImage src={src} alt={imageCaption(m, url) ?? (senderName ? t`Image sent by ${senderName}` : t`Image`)} />
          <UploadProgress message={m} />
        </>
      ) : (
        <MessageMedia message={m} />
      );
    }
    case MsgType.Video:
    case MsgType.Audio:
    case MsgType.File:
      return <MessageMedia message={m} />;
    case MsgType.Card:
      // Drawn by the component registered for its code, else its plain-text fallback (never its JSON).
      return <CardMessage message={m} />;
    case MsgType.LeaveMessage:
      return (
        <span className="content-text content-leave" dir="auto">
          <MessageText text={m.msgContent} />
          {offersLeaveMessage(m) && <LeaveMessageButton />}
        </span>
      );
    default:
      return (
        <span className="content-text" dir="auto">
          {/* The channel's FAQ message has no text of its own (SPEC §2): its title, in the visitor's language. */}
          {m.msgType === MsgType.Faq && !m.msgContent ? t`Frequently asked questions` : <MessageText text={m.msgContent} />}
        </span>
      );
  }
}

/**
 * An image's own words for its text alternative: the message's text when it has one beside the
 * file (the file name says nothing to a listener); undefined when it has none.
 */
function imageCaption(m: ChatMessage, url: string | undefined): string | undefined {
  const text = m.msgContent.trim();
  // msgContent often holds the file's address itself (SPEC §3 leaves it open).
  const looksLikeAddress = /^(?:[a-z][\w+.-]*:|\/)\S*$/i.test(text);
  return text && m.fileUrl && text !== m.fileUrl && text !== url && !looksLikeAddress ? text : undefined;
}
