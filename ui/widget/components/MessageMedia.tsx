import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { MsgType, type ChatMessage } from '@visitor-chat/chat-engine';
import { formatDuration } from '../format';
import { stripBidiControls } from '../linkify';
import { safeUrl, shownFileName } from '../media';
import { FileBox } from './FileBox';
import { UploadProgress } from './UploadProgress';
import './MessageMedia.css';

/**
 * A video, an audio clip or a file of a message (SPEC §3 msgType 4, 5, 6), or an image without a
 * preview yet: players and file cards, loaded on demand (most conversations are text). Wire URLs
 * pass `safeUrl` first.
 */
export function MessageMedia({ message: m }: { message: ChatMessage }) {
  const { t } = useLingui();
  const url = safeUrl(m.fileUrl ?? m.msgContent);
  const src = safeUrl(m.localUrl) ?? url;
  const fileName = shownFileName(m.fileName);
  if (m.msgType === MsgType.File) return <FileCard message={m} url={url} />;
  // A file being sent without a preview shows as a file card until it has one.
  if (!src || m.msgType === MsgType.Image) return m.upload ? <FileCard message={m} url={undefined} /> : <Unavailable />;
  if (m.msgType === MsgType.Video) {
    return (
      <>
        <video className="content-video" src={src} controls preload="metadata" aria-label={fileName ?? t`Video`} />
        <UploadProgress message={m} />
      </>
    );
  }
  return (
    <span className="content-audio">
      <VoicePlayer src={src} recorded={m.audioDuration} />
      <UploadProgress message={m} />
    </span>
  );
}

/**
 * A generic file (or a media file without a preview yet): icon, name, size, upload bar, download.
 */
function FileCard({ message: m, url }: { message: ChatMessage; url: string | undefined }) {
  const fileName = shownFileName(m.fileName);
  return (
    <FileBox name={fileName ?? stripBidiControls(m.msgContent)} downloadName={fileName} size={m.fileSize} url={url}>
      <UploadProgress message={m} />
    </FileBox>
  );
}

function Unavailable() {
  return (
    <span className="content-unavailable">
      <Trans>This attachment is not available.</Trans>
    </span>
  );
}

/**
 * A voice message: play/pause and one duration — the recorded one (SPEC §3 audioDuration), the
 * file's own only when none was recorded. The browser's player would show a second one.
 */
function VoicePlayer({ src, recorded }: { src: string; recorded: number | undefined }) {
  const { t, i18n } = useLingui();
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
      {seconds !== undefined && <span className="content-audio__duration">{formatDuration(seconds, i18n.locale)}</span>}
    </>
  );
}
