import { mergeMap } from 'rxjs';
import { notify, ofType, type Effect } from '../../core/effect';
import type { Notify } from '../../core/intents';
import { findMessage } from '../../model/timeline';
import type { ChatMessage } from '../../model/message';
import { previewOf } from '../../model/preview';

/**
 * A new agent message (SPEC §4 event 1201) while the page is hidden asks the UI for the title
 * notice (SPEC §7); when embedded (from=iframe), each new agent message and each robot answer, for
 * a message to the parent window (SPEC §2) with its preview.
 */
export const pageNotices: Effect = ({ intent$, getState }) =>
  intent$.pipe(
    ofType('agentMessages', 'robotAnswered'),
    mergeMap((intent) => {
      const { pageVisible, query, channel, messages } = getState();
      const out: Notify[] = [];
      if (intent.type === 'agentMessages' && !pageVisible) out.push(notify({ type: 'newMessageWhileHidden' }));
      if (!query.embedded || !channel) return out;
      const answer = intent.type === 'robotAnswered' ? findMessage(messages, intent.id) : undefined;
      const news: readonly ChatMessage[] = intent.type === 'agentMessages' ? intent.messages : answer ? [answer] : [];
      for (const message of news) out.push(notify({ type: 'notifyParent', channel, message: previewOf(message) }));
      return out;
    }),
  );
