import { useLingui } from '@lingui/react/macro';
import type { Notice } from '@visitor-chat/chat-engine';

/** A text written by the engine, in the visitor's language (engine notices carry ids, not words). */
export function NoticeText({ notice, fallback }: { notice: Notice; fallback: string }) {
  const { t } = useLingui();
  switch (notice.id) {
    case 'noAgentOnline':
      return <>{t`No agent online`}</>;
    case 'transferFailed':
      return <>{t`Transfer to human failed`}</>;
    case 'sessionEstablished': {
      const agent = notice.values?.agent;
      return <>{agent !== undefined ? t`You are now chatting with ${agent}` : t`You are now chatting with an agent`}</>;
    }
    case 'openedInNewWindow':
      return <>{t`This conversation was opened in a new window`}</>;
    case 'agentRefused':
      return <>{t`The agent declined the conversation`}</>;
    case 'robotUnavailable':
      return <>{t`The assistant is unavailable right now. Please try again.`}</>;
    case 'visitorEnded':
      return <>{t`You ended the chat. Send a message to start a new one.`}</>;
    default:
      return <>{fallback}</>;
  }
}
