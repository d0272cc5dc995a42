import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useChatEvents } from '@visitor-chat/chat-react';
import { embeddingHost, postToParent } from './hostLink';

/** Tab title shows the new-message notice this long (SPEC §7). */
const TITLE_NOTICE_MS = 1_000;

/**
 * What the engine asks of the page (SPEC §2, §7): the tab title is the channel's title; a new
 * message while the page is hidden shows a notice in the title for 1 s; embedded, the parent
 * window hears of each new message.
 */
export function usePageNotices(title: string): void {
  const { t } = useLingui();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const baseTitle = title || t`Chat`;

  useEffect(() => {
    document.title = baseTitle;
  }, [baseTitle]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useChatEvents((event) => {
    if (event.type === 'newMessageWhileHidden') {
      document.title = t`New message`;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        document.title = baseTitle;
      }, TITLE_NOTICE_MS);
    } else if (event.type === 'notifyParent') {
      postToParent(embeddingHost, { type: 'message', newMessage: true, channel: event.channel, message: event.message });
    }
  });
}
