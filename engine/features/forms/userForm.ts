import { EMPTY, catchError, exhaustMap, filter, map, of } from 'rxjs';
import { errorText, notify, ofType, type Effect } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { userFormRequired } from './predicates';

/**
 * SPEC §4 chat status 1, §7 submitUserForm (form fields plus userId): the owed user form is
 * submitted; success continues the start (the transfer waits for it), failure asks the UI for the
 * 'submission failed' toast (SPEC §8) and the form stays required.
 */
export const userForm: Effect = ({ intent$, getState, api, log }) =>
  intent$.pipe(
    ofType('userFormSubmitted'),
    filter(() => userFormRequired(getState())),
    exhaustMap(({ values }) => {
      const { session } = getState();
      if (!session) return EMPTY;
      return api.submitUserForm({ ...values, userId: session.userId }).pipe(
        map((): Intent => ({ type: 'userFormDone' })),
        catchError((e: unknown) => {
          log.warn(`submitUserForm failed: ${errorText(e)}`);
          return of(notify({ type: 'submissionFailed', form: 'userForm' }));
        }),
      );
    }),
  );
