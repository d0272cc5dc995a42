import { useLingui } from '@lingui/react/macro';
import { useDeliveryStatus } from '@visitor-chat/chat-react';
import type { ChatMessage } from '@visitor-chat/chat-engine';
import './UploadProgress.css';

/** The upload bar of a file message still uploading: the percent when known, else a moving bar. */
export function UploadProgress({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const { uploading, progress } = useDeliveryStatus(message);
  if (!uploading) return null;
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  return (
    <span
      className={`upload-progress${percent === undefined ? ' upload-progress--indeterminate' : ''}`}
      role="progressbar"
      aria-label={t`Uploading`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="upload-progress__bar" style={percent === undefined ? undefined : { inlineSize: `${percent}%` }} />
    </span>
  );
}
