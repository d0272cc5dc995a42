import { EMPTY, catchError, concat, first, map, merge, mergeMap, of } from 'rxjs';
import { ChatStatus, MsgType, ReceiveMode, SenderType } from '../model/codes';
import { createMessage } from '../model/message';
import type { ChatState, Intent } from '../state';
import { describe, ofType, type Effect } from './context';

/** SPEC §4: the robot answers while the channel is robot-first and no agent session runs. */
function robotAnswers(state: ChatState): boolean {
  return state.channel?.receiveMode === ReceiveMode.RobotFirst && state.status === ChatStatus.NotStarted;
}

/**
 * Robot mode (SPEC §4 Receive mode 0): the robot welcome message when robotWelcomeMode is on and the
 * conversation is new; each visitor text message, once sent, is followed by a pending robot answer
 * that robotAsk fills (a failed ask becomes a notice, never a stuck bubble).
 */
export const robot: Effect = ({ intent$, getState, api, scheduler, log, newId }) => {
  const welcome$ = intent$.pipe(
    ofType('historyLoaded', 'historyFailed'),
    first(),
    mergeMap((loaded) => {
      const state = getState();
      const text = state.channel?.robotWelcome;
      // New: the history holds no visitor message (one typed while the page loads does not count).
      const isNew = loaded.type === 'historyFailed' || !loaded.messages.some((m) => m.senderType === SenderType.Visitor);
      if (!text || !robotAnswers(state) || !isNew) return EMPTY;
      return of<Intent>({
        type: 'messageAdded',
        message: createMessage({
          id: newId(),
          senderType: SenderType.Robot,
          senderName: state.channel?.robotName,
          msgType: MsgType.Text,
          msgContent: text,
          createdAt: scheduler.now(),
          suggestions: state.channel?.faq?.length ? state.channel.faq : undefined,
        }),
      });
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
          map((answer): Intent => ({ type: 'robotAnswered', id: answerId, answer, createdAt: scheduler.now() })),
          catchError((e: unknown) => {
            log.warn(`robotAsk failed: ${describe(e)}`);
            return of<Intent>({ type: 'robotFailed', id: answerId });
          }),
        ),
      );
    }),
  );

  return merge(welcome$, answers$);
};
