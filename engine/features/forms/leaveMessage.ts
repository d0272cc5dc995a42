import { EMPTY, catchError, concat, defer, exhaustMap, from, ignoreElements } from 'rxjs';
import { MessageStatus, MsgType, SenderType } from '../../model/codes';
import { createMessage } from '../../model/message';
import { LEAVE_MESSAGE_FIELDS, cleanValues, validateLeaveMessage } from '../../model/validation';
import { contactRequired } from './predicates';
import { errorText, notify, ofType, type Effect } from '../../core/effect';
import type { EffectOutput } from '../../core/intents';

const FAILED: readonly EffectOutput[] = [{ type: 'leaveMessageFailed' }, notify({ type: 'submissionFailed', form: 'leaveMessage' })];

/**
 * SPEC §2, §7 leaveMsg: the visitor's message to offline agents. Values are checked by the SPEC §5
 * rules (and a phone or an email when the channel promised an answer, contactRequired) first (a caller that skipped the form's checks is refused with a log line). Success shows the
 * message in the chat and asks the UI for a success toast; failure asks for the 'submission failed'
 * toast (SPEC §8) and the form stays open, so its values are kept.
 */
export const leaveMessage: Effect = ({ intent$, getState, api, log, newId, scheduler }) =>
  intent$.pipe(
    ofType('leaveMessageSubmitted'),
    exhaustMap(({ values }) => {
      const { session, query, leaveMessage: form } = getState();
      // The reducer marks the form sending only when it was open and idle; anything else was ignored.
      if (!form.sending) return EMPTY;
      const invalid = Object.keys(validateLeaveMessage(values, contactRequired(getState())));
      if (!session || !query.channelId || invalid.length > 0) {
        log.warn(`leaveMsg refused: ${session ? `invalid ${invalid.join(', ')}` : 'no session'}`);
        return from(FAILED);
      }
      const { name, phone, email, content = '' } = cleanValues(LEAVE_MESSAGE_FIELDS, values);
      const sent = defer((): EffectOutput[] => [
        {
          type: 'leaveMessageSent',
          message: createMessage({
            id: newId(),
            senderType: SenderType.Visitor,
            msgType: MsgType.LeaveMessage,
            msgContent: content,
            createdAt: scheduler.now(),
            status: MessageStatus.Sent,
          }),
        },
        notify({ type: 'submissionSucceeded', form: 'leaveMessage' }),
      ]);
      // leaveMsg answers no data: completing is success.
      return concat(api.leaveMsg({ userId: session.userId, channelId: query.channelId, name, phone, email, content }).pipe(ignoreElements()), sent).pipe(
        catchError((e: unknown) => {
          log.warn(`leaveMsg failed: ${errorText(e)}`);
          return from(FAILED);
        }),
      );
    }),
  );
