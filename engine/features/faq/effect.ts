import { filter, map, merge } from 'rxjs';
import { ofType, type Effect } from '../../core/effect';
import { added } from '../notices/slice';
import { faqMessage, topicMessage } from './message';
import { canShowFaq } from './predicates';

/**
 * SPEC §2 FAQ message on request: the channel's FAQ again, as the newest message (canShowFaq); and
 * a help-centre topic chosen in a tree card, as the robot's local message (topicMessage).
 */
export const faq: Effect = ({ intent$, getState, newId, scheduler }) =>
  merge(
    intent$.pipe(
      ofType('faqRequested'),
      filter(() => canShowFaq(getState())),
      map(() => added(faqMessage(getState(), newId(), scheduler.now()))),
    ),
    intent$.pipe(
      ofType('topicChosen'),
      map(({ title, content }) => added(topicMessage(getState(), newId(), scheduler.now(), { title, content }))),
    ),
  );
