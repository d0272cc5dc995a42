import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useVoiceRecorder, type RecorderError } from '@visitor-chat/chat-react';
import { formatDuration } from '../format';
import './VoiceInput.css';

const SECOND_MS = 1000;

/** Whole seconds since `startedAt` (Date.now's clock), counted each second; 0 until the first second and while it is null. */
function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / SECOND_MS));
}

/** A recording that failed, and how the composer dismisses its message. */
export interface RecorderProblem {
  error: RecorderError;
  dismiss: () => void;
}

export interface VoiceInputProps {
  /** Tells the composer what to show in its problem bar (null: nothing). */
  onProblem: (problem: RecorderProblem | null) => void;
}

/**
 * Voice input (SPEC §4 Voice recorder): the Hold to talk button in place of the text field, and
 * the recording overlay (the time recorded, drag up to cancel). Loaded on demand: most visitors type.
 */
export function VoiceInput({ onProblem }: VoiceInputProps) {
  const { i18n } = useLingui();
  const recorder = useVoiceRecorder();
  const { error, dismissError } = recorder;
  const elapsed = useElapsedSeconds(recorder.startedAt);
  useEffect(() => {
    onProblem(error ? { error, dismiss: dismissError } : null);
  }, [error, dismissError, onProblem]);
  // Back to the keyboard: the recorder's message goes with it.
  useEffect(() => () => onProblem(null), [onProblem]);
  return (
    <>
      <button type="button" className={`composer__talk composer__talk--${recorder.state}`} {...recorder.getRecorderProps()}>
        {recorder.state === 'initial' && <Trans>Hold to talk</Trans>}
        {recorder.state === 'recording' && <Trans>Release to send</Trans>}
        {recorder.state === 'willCancel' && <Trans>Release to cancel</Trans>}
      </button>
      {recorder.state !== 'initial' && (
        <div className={`composer-recording composer-recording--${recorder.state}`} role="status">
          <span className="composer-recording__dot" aria-hidden="true" />
          {/* The time recorded (m:ss), each second; hidden from the status's announcements, which would repeat every second. */}
          <span className="composer-recording__time" aria-hidden="true">
            {formatDuration(elapsed, i18n.locale)}
          </span>
          {recorder.state === 'recording' ? <Trans>Recording… Slide up to cancel</Trans> : <Trans>Release to cancel</Trans>}
        </div>
      )}
    </>
  );
}
