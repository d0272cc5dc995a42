import { useLingui } from '@lingui/react/macro';
import { MsgType, offersLeaveMessage, type ChatMessage } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { safeUrl, shownFileName } from '../media';
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
      const src = safeUrl(m.localUrl) ?? safeUrl(m.fileUrl ?? m.msgContent);
      return src ? (
        <>
          <MessageImage src={src} alt={shownFileName(m.fileName) ?? t`Image`} />
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
          <MessageText text={m.msgContent} />
        </span>
      );
  }
}
