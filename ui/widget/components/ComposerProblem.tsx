import { Trans, useLingui } from '@lingui/react/macro';
import type { FileError, RecorderError } from '@visitor-chat/chat-react';
import { formatFileSize } from '../format';
import { CloseIcon } from './CloseIcon';

/** The words of a refused file or a failed recording. */
function ProblemText({ problem }: { problem: FileError | RecorderError }) {
  const { i18n } = useLingui();
  if (typeof problem === 'object') {
    const name = problem.fileName;
    const limit = formatFileSize(problem.limit, i18n.locale);
    return (
      <Trans>
        “{name}” is too large to send. Files can be up to {limit}.
      </Trans>
    );
  }
  switch (problem) {
    case 'permissionDenied':
      return <Trans>Microphone access was denied. Allow it in your browser settings to send voice messages.</Trans>;
    case 'unsupported':
      return <Trans>Voice messages are not available in this browser.</Trans>;
    case 'tooShort':
      return <Trans>Hold the button a little longer to record a voice message.</Trans>;
    case 'failed':
      return <Trans>Recording failed. Please try again.</Trans>;
  }
}

/** The composer's alert of a refused file or a failed recording, with its Dismiss button. */
export function ComposerProblem({ problem, onDismiss }: { problem: FileError | RecorderError; onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <div className="composer-problem" role="alert">
      <span className="composer-problem__text">
        <ProblemText problem={problem} />
      </span>
      <button type="button" className="icon-button composer-problem__close" onClick={onDismiss} aria-label={t`Dismiss`}>
        <CloseIcon />
      </button>
    </div>
  );
}
