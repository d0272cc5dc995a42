import { useLingui } from '@lingui/react/macro';
import { MsgType, offersLeaveMessage, type ChatMessage } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { shownImage } from '../media';
import { CardMessage } from './CardMessage';
import { LeaveMessageButton } from './LeaveMessageButton';
import { MessageImage } from './MessageImage';
import { MessageText } from './MessageText';
import './MessageContent.css';

// Videos, audio and files are rarer than text and images: their renderers load on demand.
const MessageMedia = lazyPart(
  'media renderers',
  () => import('./MessageMedia').then((m) => ({ default: m.MessageMedia })),
  <span className="content-media-pending" aria-busy="true" />,
);
// The upload bar shows only while a file is being sent: it loads with the other parts, after the first screen.
const UploadProgress = lazyPart('upload progress', () => import('./UploadProgress').then((m) => ({ default: m.UploadProgress })));

/** The body of a message by its kind (SPEC §3 msgType). Wire URLs pass `safeUrl` first. */
export function MessageContent({ message: m }: { message: ChatMessage }) {
  const { t } = useLingui();
  switch (m.msgType) {
    case MsgType.Image: {
      const image = shownImage(m);
      return image ? (
        <>
          <MessageImage image={image} />
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
