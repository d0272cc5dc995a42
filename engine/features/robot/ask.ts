import { EMPTY, Observable, defer, filter, map, merge, mergeMap, of, takeUntil, throwError, timeout } from 'rxjs';
import { ROBOT_STALL_MS } from '../../constants';
import { errorText, ofType, type EffectContext } from '../../core/effect';
import type { Intent } from '../../core/intents';
import { cardFallbackText, isCardMessage } from '../../model/cardText';
import { MessageStatus, MsgType } from '../../model/codes';
import type { RobotAskRequest } from '../../protocol';
import { findMessage } from '../../model/timeline';
import type { RobotFrame } from '../../transport/visitorApi';
import type { AnswerFailure } from './answer';
import { answerOf, asksRobot, robotAnswers } from './predicates';

/** No frame for ROBOT_STALL_MS: the stream is taken for stalled. */
class Stalled extends Error {
  override readonly name = 'Stalled';
}

/** What a failure says in the log line. */
const FAILURES: Readonly<Record<AnswerFailure, string>> = {
  error: 'the stream sent an error',
  cut: 'the stream ended before it finished',
  aborted: 'the stream was aborted',
  stalled: `no frame for ${ROBOT_STALL_MS} ms`,
};

/**
 * One ask of robot answer `id` (docs/protocol.md "Streamed answers"): robotAsk with the
 * question's text (or file URL) and kind, its frames turned into results until the answer ends —
 * the JSON answer whole; a stream's deltas as they come, then its finish. An error frame, an
 * abort, a stream that ends without finish or stays silent for 20 s (on the scheduler) interrupts
 * it with what arrived; a call that brought no frame at all is the robotUnavailable notice.
 */
function ask({ api, getState, scheduler, log }: EffectContext, id: string): Observable<Intent> {
  return new Observable<Intent>((subscriber) => {
    const state = getState();
    const question = findMessage(state.messages, state.answers[id]?.questionId ?? '');
    if (!question || !state.session || !state.query.channelId) {
      subscriber.next({ type: 'robotFailed', id });
      subscriber.complete();
      return undefined;
    }
    let heard = false;
    const end = (intent: Intent) => {
      subscriber.next(intent);
      subscriber.complete();
    };
    const interrupt = (failure: AnswerFailure, text?: string) => {
      log.warn(`robotAsk: ${FAILURES[failure]}${text ? `: ${text}` : ''}`);
      end({ type: 'robotInterrupted', id, failure, ...(text && { errorText: text }), at: scheduler.now() });
    };
    const onFrame = (frame: RobotFrame) => {
      heard = true;
      switch (frame.type) {
        case 'answer':
          return end({ type: 'robotAnswered', id, answer: frame.answer, createdAt: scheduler.now() });
        case 'finish':
          return end({ type: 'robotFinished', id, createdAt: scheduler.now() });
        case 'error':
          return interrupt('error', frame.errorText);
        case 'abort':
          return interrupt('aborted');
        case 'alive':
          return undefined;
        default:
          return subscriber.next({ type: 'robotStreamed', id, delta: frame, at: scheduler.now() });
      }
    };
    // A card is asked as its fallback text, with the card beside it (docs/protocol.md "The robot: robotAsk").
    const card = isCardMessage(question);
    const request: RobotAskRequest = {
      userId: state.session.userId,
      channelId: state.query.channelId,
      question: (card && cardFallbackText(question.msgContent)) || question.msgContent,
      msgType: card ? MsgType.Card : typeof question.msgType === 'number' ? question.msgType : MsgType.Text,
      ...(card && { card: question.msgContent }),
    };
    return api
      .robotAsk(request)
      .pipe(timeout({ each: ROBOT_STALL_MS, with: () => throwError(() => new Stalled()), scheduler }))
      .subscribe({
        next: onFrame,
        error: (e: unknown) => {
          if (subscriber.closed) return undefined;
          if (heard) return e instanceof Stalled ? interrupt('stalled') : interrupt('cut', errorText(e));
          log.warn(`robotAsk failed: ${e instanceof Stalled ? FAILURES.stalled : errorText(e)}`);
          return end({ type: 'robotFailed', id });
        },
        complete: () => {
          if (subscriber.closed) return undefined;
          if (heard) return interrupt('cut');
          log.warn('robotAsk failed: an answer without a frame');
          return end({ type: 'robotFailed', id });
        },
      });
  });
}

/**
 * SPEC §4 Receive mode 0: each visitor message — text, image, file, voice — is followed by a robot
 * answer. Its placeholder shows as soon as the message is sent (the send, a retry, the outbox; or at
 * its confirmation when the robot was not known to answer before), robotAsk goes once the message
 * was confirmed (a message that failed to send is answered by no robot: the slice withdraws its
 * placeholder), and a failed answer is asked again on `answerRetried`.
 */
export function answers(ctx: EffectContext): Observable<Intent> {
  const { intent$, getState, scheduler, newId } = ctx;
  const pendingFor = (questionId: string): Intent[] => {
    const s = getState();
    if (!asksRobot(findMessage(s.messages, questionId)) || !robotAnswers(s) || answerOf(s, questionId)) return [];
    return [{ type: 'robotPending', id: newId(), questionId, createdAt: scheduler.now() }];
  };
  const sending$ = merge(
    intent$.pipe(
      ofType('visitorSent'),
      map((i) => [i.message.id]),
    ),
    intent$.pipe(
      ofType('retry'),
      map((i) => [i.id]),
    ),
    intent$.pipe(
      ofType('outboxRestored'),
      map((i) => i.messages.map((m) => m.id)),
    ),
    intent$.pipe(
      ofType('outboxFlushed'),
      map((i) => i.ids),
    ),
  ).pipe(mergeMap((ids) => ids.flatMap(pendingFor)));

  const retried$ = intent$.pipe(ofType('answerRetried'));
  // A new ask of an answer replaces one still running.
  const asked = (id: string) => defer(() => ask(ctx, id)).pipe(takeUntil(retried$.pipe(filter((r) => r.id === id))));

  // Outputs are reduced after the intent that caused them: an ask starts when its placeholder is in the state.
  const sent$ = intent$.pipe(
    ofType('sendSucceeded'),
    mergeMap(({ id: questionId }): Observable<Intent> => {
      const s = getState();
      if (!asksRobot(findMessage(s.messages, questionId)) || !robotAnswers(s) || !s.session || !s.query.channelId) return EMPTY;
      const found = answerOf(s, questionId);
      if (!found) return of(...pendingFor(questionId));
      return found[1].phase === 'pending' ? asked(found[0]) : EMPTY;
    }),
  );
  const pendingSent$ = intent$.pipe(
    ofType('robotPending'),
    filter(({ questionId }) => findMessage(getState().messages, questionId)?.status === MessageStatus.Sent),
    mergeMap(({ id }) => asked(id)),
  );
  const again$ = retried$.pipe(
    filter(({ id }) => getState().answers[id]?.phase === 'pending'),
    mergeMap(({ id }) => asked(id)),
  );
  return merge(sending$, sent$, pendingSent$, again$);
}
