import { EMPTY, catchError, exhaustMap, filter, map, merge, of } from 'rxjs';
import { errorText, notify, ofType, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { evaluationShown } from './predicates';

/**
 * SPEC §4 Evaluation status 0 → 1 shown → 2 submitted: when shown, getEvaluateInfo (tenantId,
 * channelId) gives the star list (once); evaluate (userId, star, comment) submits it; a failed
 * submission asks the UI for the 'submission failed' toast (SPEC §8) and leaves the dialog shown.
 */
export const evaluation: Effect = ({ intent$, getState, api, log }) => {
  const info$ = intent$.pipe(
    ofType('evaluationRequested'),
    filter(() => getState().evaluation.stars === null),
    exhaustMap(() => {
      const { channel, query } = getState();
      if (!channel || !query.channelId) return EMPTY;
      return api.getEvaluateInfo({ tenantId: channel.tenantId, channelId: query.channelId }).pipe(
        map((info): Intent => ({ type: 'evaluationInfoLoaded', stars: info.starList })),
        catchError((e: unknown) => {
          log.warn(`getEvaluateInfo failed: ${errorText(e)}`);
          return EMPTY;
        }),
      );
    }),
  );
  const submit$ = intent$.pipe(
    ofType('evaluationSubmitted'),
    filter(() => evaluationShown(getState())),
    exhaustMap(({ star, comment }) => {
      const { session } = getState();
      if (!session) return EMPTY;
      return api.evaluate({ userId: session.userId, star, comment }).pipe(
        map((): Intent => ({ type: 'evaluationDone' })),
        catchError((e: unknown) => {
          log.warn(`evaluate failed: ${errorText(e)}`);
          return of(notify({ type: 'submissionFailed', form: 'evaluation' }));
        }),
      );
    }),
  );
  return merge(info$, submit$);
};
