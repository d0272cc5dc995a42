import { filter, map } from 'rxjs';
import { ofType, type Effect } from '../../core/effect';
import { added } from '../notices/slice';
import { faqMessage } from './message';
import { canShowFaq } from './predicates';

/** SPEC §2 FAQ message on request: the channel's FAQ again, as the newest message (canShowFaq). */
export const faq: Effect = ({ intent$, getState, newId, scheduler }) =>
  intent$.pipe(
    ofType('faqRequested'),
    filter(() => canShowFaq(getState())),
    map(() => added(faqMessage(getState(), newId(), scheduler.now()))),
  );
