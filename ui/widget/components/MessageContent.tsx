import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { MsgType, offersLeaveMessage, type ChatMessage } from '@visitor-chat/chat-engine';
import { stripBidiControls } from '../linkify';
import { formatDuration, formatFileSize, safeUrl, shownFileName } from '../media';
import { LeaveMessageButton } from './LeaveMessageButton';
import { MessageImage } from './MessageImage';
import { MessageText } from './MessageText';
import { UploadProgress } from './UploadProgress';
import './MessageContent.css';

/** The body of a message by its kind (SPEC §3 msgType). Wire URLs pass `safeUrl` first. */
export function MessageContent({ message: m }: { message: ChatMessage }) {
  const { t } = useLingui();
  const url = safeUrl(m.fileUrl ?? m.msgContent);
  const src = safeUrl(m.localUrl) ?? url;
  const fileName = shownFileName(m.fileName);
  const senderName = m.senderName;
  switch (m.msgType) {
    case MsgType.Image:
      // A file being sent shows its local preview (no reload flash once uploaded).
      return src ? (
        <>
          <MessageImage src={src} alt={imageCaption(m, url) ?? (senderName ? t`Image sent by ${senderName}` : t`Image`)} />
          <UploadProgress message={m} />
        </>
      ) : m.upload ? (
        <FileCard message={m} url={undefined} />
      ) : (
        <Unavailable />
      );
    case MsgType.Video:
      return src ? (
        <>
          <video className="content-video" src={src} controls preload="metadata" aria-label={fileName ?? t`Video`} />
          <UploadProgress message={m} />
        </>
      ) : m.upload ? (
        <FileCard message={m} url={undefined} />
      ) : (
        <Unavailable />
      );
    case MsgType.Audio:
      return src ? (
        <span className="content-audio">
          <VoicePlayer src={src} recorded={m.audioDuration} />
          <UploadProgress message={m} />
        </span>
      ) : m.upload ? (
        <FileCard message={m} url={undefined} />
      ) : (
        <Unavailable />
      );
    case MsgType.File:
      return <FileCard message={m} url={url} />;
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

/**
 * A generic file (or a media file without a preview yet): icon, name, size, upload bar, download.
 * The name is laid out left to right and isolated, so that its real extension shows at its end.
 */
function FileCard({ message: m, url }: { message: ChatMessage; url: string | undefined }) {
  const { i18n } = useLingui();
  const fileName = shownFileName(m.fileName);
  return (
    <span className="content-file">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="content-file__icon">
        <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5Z" />
      </svg>
      <span className="content-file__meta">
        <span className="content-file__name" dir="ltr">
          {fileName ?? stripBidiControls(m.msgContent)}
        </span>
        {m.fileSize !== undefined && <span className="content-file__size">{formatFileSize(m.fileSize, i18n.locale)}</span>}
        <UploadProgress message={m} />
      </span>
      {url && (
        <a className="content-file__download" href={url} download={fileName ?? true} target="_blank" rel="noopener noreferrer">
          <Trans>Download</Trans>
        </a>
      )}
    </span>
  );
}

/**
 * A voice message: play/pause and one duration — the recorded one (SPEC §3 audioDuration), the
 * file's own only when none was recorded. The browser's player would show a second one.
 */
function VoicePlayer({ src, recorded }: { src: string; recorded: number | undefined }) {
  const { t } = useLingui();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [fileSeconds, setFileSeconds] = useState<number | undefined>(undefined);
  const seconds = recorded ?? fileSeconds;
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) el.play()?.catch(() => setPlaying(false));
    else el.pause();
  };
  return (
    <>
      <button type="button" className="content-audio__play" aria-pressed={playing} aria-label={t`Voice message`} onClick={toggle}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={playing ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration;
          if (Number.isFinite(d)) setFileSeconds(Math.round(d));
        }}
      />
      {seconds !== undefined && <span className="content-audio__duration">{formatDuration(seconds)}</span>}
    </>
  );
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

function Unavailable() {
  return (
    <span className="content-unavailable">
      <Trans>This attachment is not available.</Trans>
    </span>
  );
}
