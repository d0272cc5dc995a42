import { filter, map, mergeMap } from 'rxjs';
import { notify, ofType, type Effect } from '../../core/effect';
import type { Intent, Notify } from '../../core/intents';
import type { ChatState } from '../../core/state';
import { SenderType } from '../../model/codes';
import { findMessage } from '../../model/timeline';
import type { ChatMessage } from '../../model/message';
import { previewOf } from '../../model/preview';

/**
 * What an intent brings the visitor from the other side, now on screen: new agent messages (SPEC §4
 * event 1201), a robot answer once it is whole (JSON, streamed, or cut short with what arrived), a
 * system line shown (the queue's head, or one the engine writes).
 */
function arrivals(intent: Intent, { messages }: ChatState): readonly ChatMessage[] {
  switch (intent.type) {
    case 'agentMessages':
      return intent.messages;
    case 'robotAnswered':
    case 'robotFinished':
    case 'robotInterrupted':
    case 'systemMessageDequeued': {
      const shown = findMessage(messages, intent.id);
      return shown ? [shown] : [];
    }
    case 'messageAdded':
      return intent.message.senderType === SenderType.System ? [intent.message] : [];
    default:
      return [];
  }
}

/** What the UI is asked when `intent` has been applied to `state` (pageNotices). */
function notices(intent: Intent, state: ChatState): Notify[] {
  const news = arrivals(intent, state);
  const out: Notify[] = [];
  if (news.length && !state.pageVisible) out.push(notify({ type: 'newMessageWhileHidden' }));
  const { query, channel } = state;
  if (!query.embedded || !channel) return out;
  for (const message of news) {
    if (message.senderType !== SenderType.System) out.push(notify({ type: 'notifyParent', channel, message: previewOf(message) }));
  }
  return out;
}

/**
 * SPEC §7 title notice: a message from the other side — an agent's, the robot's answer, a system
 * line — while the page is hidden asks the UI for the notice in the title. SPEC §2: when embedded
 * (from=iframe), each new agent message and each robot answer goes to the parent window with its
 * preview. An arrival that asks nothing (the page visible, not embedded) makes no inner subscription
 * (issue 30: an agent message a pushed frame).
 */
export const pageNotices: Effect = ({ intent$, getState }) =>
  intent$.pipe(
    ofType('agentMessages', 'robotAnswered', 'robotFinished', 'robotInterrupted', 'systemMessageDequeued', 'messageAdded'),
    map((intent) => notices(intent, getState())),
    filter((out) => out.length > 0),
    mergeMap((out) => out),
  );
