import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useVoiceRecorder, type RecorderError } from '@visitor-chat/chat-react';
import './VoiceInput.css';

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
 * the recording overlay (drag up to cancel). Loaded on demand: most visitors type.
 */
export function VoiceInput({ onProblem }: VoiceInputProps) {
  const recorder = useVoiceRecorder();
  const { error, dismissError } = recorder;
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
          {recorder.state === 'recording' ? <Trans>Recording… Slide up to cancel</Trans> : <Trans>Release to cancel</Trans>}
        </div>
      )}
    </>
  );
}
