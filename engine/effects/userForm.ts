import { EMPTY, catchError, exhaustMap, filter, map, of } from 'rxjs';
import type { Intent } from '../state';
import { describe, ofType, type Effect } from './context';

/**
 * SPEC §4 chat status 1, §7 submitUserForm (form fields plus userId): the owed user form is
 * submitted; success continues the start (the transfer waits for it), failure asks the UI for the
 * 'submission failed' toast (SPEC §8) and the form stays required.
 */
export const userForm: Effect = ({ intent$, getState, api, log }) =>
  intent$.pipe(
    ofType('userFormSubmitted'),
    filter(() => getState().userForm === 'required'),
    exhaustMap(({ values }) => {
      const { session } = getState();
      if (!session) return EMPTY;
      return api.submitUserForm({ ...values, userId: session.userId }).pipe(
        map((): Intent => ({ type: 'userFormDone' })),
        catchError((e: unknown) => {
          log.warn(`submitUserForm failed: ${describe(e)}`);
          return of<Intent>({ type: 'notify', event: { type: 'submissionFailed', form: 'userForm' } });
        }),
      );
    }),
  );
