import { Trans } from '@lingui/react/macro';
import { memo } from 'react';
import { useRemoteTyping } from '@visitor-chat/chat-react';

/** SPEC §4 event 1204: the agent is typing, shown at the end of the list (memoised: the list rendering is no reason to). */
export const TypingIndicator = memo(function TypingIndicator() {
  const { typing, name } = useRemoteTyping();
  if (!typing) return null;
  return (
    <div className="typing" role="status">
      <span className="typing__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {name ? <Trans>{name} is typing…</Trans> : <Trans>The agent is typing…</Trans>}
    </div>
  );
});
