import { EMPTY, first, mergeMap, of } from 'rxjs';
import { ofType, type Effect } from '../../core/effect';
import { MsgType, SenderType } from '../../model/codes';
import { createMessage, type ChatMessage } from '../../model/message';
import { faqMessage } from '../faq/message';
import { opensWithFaq } from '../faq/predicates';
import { added } from '../notices/slice';
import { robotAnswers } from './predicates';

/**
 * What opens the chat once the first history page is in, in this order: for a new conversation the
 * robot welcome (SPEC §4 Receive mode 0: robotWelcomeMode, in robot mode); the channel's FAQ message
 * (SPEC §2, opensWithFaq: new or returning visitor, robot or agent mode, before an agent talks);
 * for a new conversation the channel's auto-tip (SPEC §3, type 13), in any mode. In a new
 * conversation it goes above what the visitor typed while the history loaded (a message sent right
 * after start() comes after the welcome, though the welcome is written later).
 */
export const welcome: Effect = ({ intent$, getState, scheduler, newId }) =>
  intent$.pipe(
    ofType('historyLoaded', 'historyFailed'),
    first(),
    mergeMap((loaded) => {
      const state = getState();
      // New: the history holds no visitor message (one typed while the page loads does not count).
      const isNew = loaded.type === 'historyFailed' || !loaded.messages.some((m) => m.senderType === SenderType.Visitor);
      // In a new conversation every visitor message shown was typed in this page: the opening goes above the first.
      const typedFirst = isNew ? state.messages.find((m) => m.senderType === SenderType.Visitor)?.id : undefined;
      const opening: ChatMessage[] = [];
      const text = state.channel?.robotWelcome;
      if (isNew && text && robotAnswers(state)) {
        opening.push(
          createMessage({
            id: newId(),
            senderType: SenderType.Robot,
            senderName: state.channel?.robotName,
            msgType: MsgType.Text,
            msgContent: text,
            createdAt: scheduler.now(),
          }),
        );
      }
      if (opensWithFaq(state)) opening.push(faqMessage(state, newId(), scheduler.now()));
      if (isNew && state.channel?.autoTip) {
        opening.push(
          createMessage({
            id: newId(),
            senderType: SenderType.System,
            msgType: MsgType.AutoTip,
            msgContent: state.channel.autoTip,
            createdAt: scheduler.now(),
          }),
        );
      }
      return opening.length ? of(...opening.map((m) => added(m, typedFirst))) : EMPTY;
    }),
  );
