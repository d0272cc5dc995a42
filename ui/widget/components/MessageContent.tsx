import { Trans, useLingui } from '@lingui/react/macro';
import { MsgType, type ChatMessage } from '../../../engine';
import { formatDuration, formatFileSize, safeUrl } from '../media';
import { MessageText } from './MessageText';
import './MessageContent.css';

/** The body of a message by its kind (SPEC §3 msgType). Wire URLs pass `safeUrl` first. */
export function MessageContent({ message: m }: { message: ChatMessage }) {
  const { t, i18n } = useLingui();
  const url = safeUrl(m.fileUrl ?? m.msgContent);
  switch (m.msgType) {
    case MsgType.Image:
      return url ? (
        <a className="content-image" href={url} target="_blank" rel="noopener noreferrer" aria-label={t`Open image full size`}>
          <img src={url} alt={m.fileName ?? t`Image`} loading="lazy" decoding="async" />
        </a>
      ) : (
        <Unavailable />
      );
    case MsgType.Video:
      return url ? (
        <video className="content-video" src={url} controls preload="metadata" aria-label={m.fileName ?? t`Video`} />
      ) : (
        <Unavailable />
      );
    case MsgType.Audio:
      return url ? (
        <span className="content-audio">
          <audio src={url} controls preload="metadata" aria-label={t`Voice message`} />
          {m.audioDuration !== undefined && <span className="content-audio__duration">{formatDuration(m.audioDuration)}</span>}
        </span>
      ) : (
        <Unavailable />
      );
    case MsgType.File:
      return (
        <span className="content-file">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="content-file__icon">
            <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5Z" />
          </svg>
          <span className="content-file__meta">
            <span className="content-file__name">{m.fileName ?? m.msgContent}</span>
            {m.fileSize !== undefined && <span className="content-file__size">{formatFileSize(m.fileSize, i18n.locale)}</span>}
          </span>
          {url && (
            <a className="content-file__download" href={url} download={m.fileName ?? true} target="_blank" rel="noopener noreferrer">
              <Trans>Download</Trans>
            </a>
          )}
        </span>
      );
    default:
      return (
        <span className="content-text">
          <MessageText text={m.msgContent} />
        </span>
      );
  }
}

function Unavailable() {
  return (
    <span className="content-unavailable">
      <Trans>This attachment is not available.</Trans>
    </span>
  );
}
