import { EMPTY, catchError, concat, map, mergeMap, of } from 'rxjs';
import { errorText, ofType, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { MsgType } from '../../model/codes';
import { robotAnswers } from './predicates';

/**
 * Robot mode (SPEC §4 Receive mode 0; the welcome is ./welcome.ts): each visitor text message, once
 * sent, is followed by a pending robot answer that robotAsk fills (a failed ask becomes a notice,
 * never a stuck bubble).
 */
export const robot: Effect = ({ intent$, getState, api, scheduler, log, newId }) => {
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
            log.warn(`robotAsk failed: ${errorText(e)}`);
            return of<Intent>({ type: 'robotFailed', id: answerId });
          }),
        ),
      );
    }),
  );

  return answers$;
};
