import { updateMessage, type Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import { cardFallbackText } from '../../model/cardText';
import { MsgType, SenderType } from '../../model/codes';
import { createMessage, type ChatMessage, type MessageRating } from '../../model/message';
import { noticeFallback } from '../../model/notice';
import { suggestionsOf } from '../../model/quickReply';
import { append, findMessage, update } from '../../model/timeline';
import type { RobotAskData } from '../../protocol';
import { applyDelta, askedAnswer, type AnswerDelta, type AnswerFailure, type RobotAnswer } from './answer';
import { answerOf, answerRunning, canRateReply, canRetryAnswer, robotAnswers } from './predicates';

export interface RobotState {
  /**
   * The robot answers asked on this page, by the answer message's id: text, reasoning and sources
   * as they stream, and their phase (./answer.ts: why beside `messages` rather than in them).
   */
  answers: Readonly<Record<string, RobotAnswer>>;
}

export const initialRobot: RobotState = { answers: {} };

export type RobotCommand =
  /** SPEC §4 Rating of a reply: one choice, locked once chosen (canRateReply). */
  | { type: 'messageRated'; id: string; rating: MessageRating }
  /** A failed answer is asked again, into the same bubble (canRetryAnswer). */
  | { type: 'answerRetried'; id: string; at: number };

export type RobotResult =
  /** A robot answer to visitor message `questionId` is awaited: its placeholder (the thinking block) shows. */
  | { type: 'robotPending'; id: string; questionId: string; createdAt: number }
  /** A streamed answer moved on: a text or reasoning delta, a source, metadata. */
  | { type: 'robotStreamed'; id: string; delta: AnswerDelta; at: number }
  /** The JSON answer came, whole (a card answer, msgType `card`, with the card as JSON text). */
  | { type: 'robotAnswered'; id: string; answer: RobotAskData; createdAt: number }
  /** A streamed answer finished: what streamed is the answer. */
  | { type: 'robotFinished'; id: string; createdAt: number }
  /** A streamed answer stopped before it finished: what arrived stays, with a retry (canRetryAnswer). */
  | { type: 'robotInterrupted'; id: string; failure: AnswerFailure; errorText?: string; at: number }
  /** No answer came at all: the placeholder becomes the 'robotUnavailable' notice. */
  | { type: 'robotFailed'; id: string };

/** The state with answer `id` replaced (`null` removes it); the same state when it is not there. */
function withAnswer(state: ChatState, id: string, next: RobotAnswer | null): ChatState {
  const current = state.answers[id];
  if (!current || current === next) return state;
  const answers = { ...state.answers };
  if (next) answers[id] = next;
  else delete answers[id];
  return { ...state, answers };
}

/** The placeholder filled with an answer that came at `createdAt` after thinking `thoughtMs` (SPEC §4 Thinking block). */
function filled(m: ChatMessage, answer: RobotAskData, createdAt: number, thoughtMs: number): ChatMessage {
  return {
    ...m,
    msgType: answer.msgType === MsgType.Answer || answer.msgType === MsgType.Faq || answer.msgType === MsgType.Card ? answer.msgType : MsgType.Text,
    msgContent: answer.msgContent,
    robotAskMsgType: answer.robotAskMsgType?.toString(),
    suggestions: suggestionsOf(answer.suggestions),
    createdAt,
    thoughtMs,
    awaiting: undefined,
  };
}

/**
 * The answer `id` ended with `answer`: the message filled, the streamed record done — `whole` when
 * it came as the JSON answer with no text streamed before it (a UI types it out: isTypedAnswer; a
 * card is drawn, not typed, and its record's text is the card's fallback).
 */
function answered(state: ChatState, id: string, answer: RobotAskData, createdAt: number, whole = false): ChatState {
  const a = state.answers[id];
  const m = findMessage(state.messages, id);
  if (!m?.awaiting) return state;
  const thoughtMs = a?.thoughtMs ?? Math.max(0, createdAt - (a?.startedAt ?? m.createdAt));
  const next = updateMessage(state, id, (old) => filled(old, answer, createdAt, thoughtMs));
  if (!a) return next;
  const card = answer.msgType === MsgType.Card;
  const arrivedWhole = whole && !card && a.text === '' ? { arrivedWholeAt: createdAt } : {};
  return withAnswer(next, id, { ...a, phase: 'done', text: card ? cardFallbackText(answer.msgContent) : answer.msgContent, thoughtMs, ...arrivedWhole });
}

/**
 * SPEC §4 Receive mode 0 (and §4 Sending): a visitor message that did not go out is answered by no
 * robot: its answer still awaiting the question is taken out (it comes back when the message is sent again).
 */
function withdrawn(state: ChatState, questionId: string): ChatState {
  const found = answerOf(state, questionId);
  if (!found || found[1].phase !== 'pending') return state;
  const [id] = found;
  return withAnswer({ ...state, messages: update(state.messages, id, () => null) }, id, null);
}

export const robotCases: Handles<
  | 'robotPending'
  | 'robotStreamed'
  | 'robotAnswered'
  | 'robotFinished'
  | 'robotInterrupted'
  | 'robotFailed'
  | 'answerRetried'
  | 'sendFailed'
  | 'uploadFailed'
  | 'sendSucceeded'
  | 'messageRated'
> = {
  robotPending: (state, { id, questionId, createdAt }) => ({
    ...state,
    messages: append(
      state.messages,
      createMessage({
        id,
        senderType: SenderType.Robot,
        senderName: state.channel?.robotName,
        msgType: MsgType.Text,
        msgContent: '',
        createdAt,
        awaiting: true,
      }),
    ),
    answers: { ...state.answers, [id]: askedAnswer(questionId, createdAt) },
  }),
  // Per delta only `answers` changes (one record copied): `messages` keeps its identity.
  robotStreamed: (state, { id, delta, at }) => {
    const a = state.answers[id];
    return a && answerRunning(a) ? withAnswer(state, id, applyDelta(a, delta, at)) : state;
  },
  robotAnswered: (state, { id, answer, createdAt }) => answered(state, id, answer, createdAt, true),
  robotFinished: (state, { id, createdAt }) => {
    const a = state.answers[id];
    return a ? answered(state, id, { msgContent: a.text, ...a.metadata }, createdAt) : state;
  },
  robotInterrupted: (state, { id, failure, errorText, at }) => {
    const a = state.answers[id];
    if (!a || !answerRunning(a)) return state;
    const thoughtMs = a.thoughtMs ?? Math.max(0, at - a.startedAt);
    const next = updateMessage(state, id, (m) => ({ ...m, msgContent: a.text, thoughtMs, interrupted: true, awaiting: undefined }));
    return withAnswer(next, id, { ...a, phase: 'failed', failure, thoughtMs, ...(errorText && { errorText }) });
  },
  robotFailed: (state, { id }) =>
    withAnswer(
      updateMessage(state, id, (m) => ({
        ...m,
        senderType: SenderType.System,
        position: 'center',
        msgType: MsgType.SystemText,
        msgContent: noticeFallback({ id: 'robotUnavailable' }),
        notice: { id: 'robotUnavailable' },
        awaiting: undefined,
      })),
      id,
      null,
    ),
  answerRetried: (state, { id, at }) => {
    const a = state.answers[id];
    if (!a || !canRetryAnswer(state, id)) return state;
    const next = updateMessage(state, id, (m) => ({
      ...m,
      msgType: MsgType.Text,
      msgContent: '',
      suggestions: undefined,
      thoughtMs: undefined,
      interrupted: undefined,
      awaiting: true,
    }));
    return withAnswer(next, id, askedAnswer(a.questionId, at));
  },
  sendFailed: (state, { id }) => withdrawn(state, id),
  uploadFailed: (state, { id }) => withdrawn(state, id),
  // The robot mode ended while the question was on its way (a transfer to a human): no robot answers it.
  sendSucceeded: (state, { id }) => (robotAnswers(state) ? state : withdrawn(state, id)),
  messageRated: (state, { id, rating }) => (canRateReply(findMessage(state.messages, id)) ? updateMessage(state, id, (m) => ({ ...m, rating })) : state),
};
