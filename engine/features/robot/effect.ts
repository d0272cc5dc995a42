import { EMPTY, catchError, concat, first, merge, mergeMap, of } from 'rxjs';
import { errorText, ofType, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { MsgType, SenderType } from '../../model/codes';
import { createMessage } from '../../model/message';
import { suggestionsOf } from '../../model/quickReply';
import { added } from '../notices/slice';
import { robotAnswers } from './predicates';

/**
 * Robot mode (SPEC §4 Receive mode 0): the robot welcome message when robotWelcomeMode is on and the
 * conversation is new, then the channel's auto-tip (SPEC §3, type 13) in any mode; each visitor text message, once sent, is followed by a pending robot answer
 * that robotAsk fills (a failed ask becomes a notice, never a stuck bubble).
 */
export const robot: Effect = ({ intent$, getState, api, scheduler, log, newId }) => {
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

  const answers$ = intent$.pipe(
    ofType('sendSucceeded'),
    mergeMap(({ id }) => {
      const state = getState();
      const question = state.messages.find((m) => m.id === id);
      if (!question || question.msgType !== MsgType.Text || !robotAnswers(state) || !state.session || !state.query.channelId) {
        return EMPTY;
      }
      const answerId = newId();
      return concat(
        of<Intent>({ type: 'robotPending', id: answerId, createdAt: scheduler.now() }),
        api.robotAsk({ userId: state.session.userId, channelId: state.query.channelId, question: question.msgContent }).pipe(
          // The JSON answer; a streamed one is read from the next commit on.
          mergeMap((frame) =>
            frame.type === 'answer' ? of<Intent>({ type: 'robotAnswered', id: answerId, answer: frame.answer, createdAt: scheduler.now() }) : EMPTY,
          ),
          catchError((e: unknown) => {
            log.warn(`robotAsk failed: ${errorText(e)}`);
            return of<Intent>({ type: 'robotFailed', id: answerId });
          }),
        ),
      );
    }),
  );

  return merge(welcome$, answers$);
};
