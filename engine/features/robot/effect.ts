import { EMPTY, first, merge, mergeMap, of } from 'rxjs';
import { ofType, type Effect } from '../../core/effect';
import { MsgType, SenderType } from '../../model/codes';
import { createMessage } from '../../model/message';
import { suggestionsOf } from '../../model/quickReply';
import { added } from '../notices/slice';
import { answers } from './ask';
import { robotAnswers } from './predicates';

/**
 * Robot mode (SPEC §4 Receive mode 0): the robot welcome message when robotWelcomeMode is on and the
 * conversation is new, then the channel's auto-tip (SPEC §3, type 13) in any mode; and an answer to
 * each visitor message, streamed or whole (./ask.ts; a failed ask is never a stuck bubble).
 */
export const robot: Effect = (ctx) => {
  const { intent$, getState, scheduler, newId } = ctx;
  const welcome$ = intent$.pipe(
    ofType('historyLoaded', 'historyFailed'),
    first(),
    mergeMap((loaded) => {
      const state = getState();
      // New: the history holds no visitor message (one typed while the page loads does not count).
      const isNew = loaded.type === 'historyFailed' || !loaded.messages.some((m) => m.senderType === SenderType.Visitor);
      if (!isNew) return EMPTY;
      const text = state.channel?.robotWelcome;
      const welcome =
        text && robotAnswers(state)
          ? [
              createMessage({
                id: newId(),
                senderType: SenderType.Robot,
                senderName: state.channel?.robotName,
                msgType: MsgType.Text,
                msgContent: text,
                createdAt: scheduler.now(),
                suggestions: suggestionsOf(state.channel?.faq),
              }),
            ]
          : [];
      // SPEC §3 autoTip (message type 13): the channel's tip opens a new conversation, under the welcome.
      const tip = state.channel?.autoTip
        ? [
            createMessage({
              id: newId(),
              senderType: SenderType.System,
              msgType: MsgType.AutoTip,
              msgContent: state.channel.autoTip,
              createdAt: scheduler.now(),
            }),
          ]
        : [];
      return of(...[...welcome, ...tip].map((m) => added(m)));
    }),
  );

  return merge(welcome$, answers(ctx));
};
