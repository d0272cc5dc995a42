import { describe, expect, it } from 'vitest';
import type { ChatState } from '#engine/core/state';
import type { Intent } from '#engine/core/intents';
import type { RobotAnswer } from '#engine/features/robot/answer';
import { answerOf, asksRobot, canRateReply, canRetryAnswer, isTypedAnswer, robotAnswers, showsRating, showsThinking } from '#engine/features/robot/predicates';
import { robotCases } from '#engine/features/robot/slice';
import { ChatStatus, MessageStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage, type NewMessage } from '#engine/model/message';
import { ROBOT_NAME, channel } from '../../support/fixtures';
import { readyState } from '../../support/effectSpec';

const robotMessage = (fields: Partial<NewMessage> = {}): ChatMessage =>
  createMessage({ id: 'r1', senderType: SenderType.Robot, msgType: MsgType.Text, msgContent: 'Yes', createdAt: 0, ...fields });
/** A robot answer as it is while awaited, and once answered live on this page. */
const awaited = robotMessage({ msgContent: '', awaiting: true });
const answeredLive = robotMessage({ thoughtMs: 1200 });
const fromHistoryAnswer = robotMessage({ msgType: MsgType.Answer });
const fromHistoryText = robotMessage();

describe('robot predicates', () => {
  it('SPEC §4 Receive mode 0: the robot answers on a robot-first channel while no agent session runs', () => {
    expect(robotAnswers(readyState())).toBe(true);
  });

  it.each<[string, Partial<ChatState>]>([
    ['on an agent-transfer channel', { channel: channel({ receiveMode: ReceiveMode.Agent }) }],
    ['before the channel is known', { channel: null }],
    ['while queued (status 3)', { status: ChatStatus.Queued }],
    ['in a conversation with an agent (status 2)', { status: ChatStatus.InConversation }],
    ['while the user form is owed (status 1)', { status: ChatStatus.FormCheck, userForm: 'required' }],
  ])('SPEC §4: the robot does not answer %s', (_when, fields) => {
    expect(robotAnswers(readyState(fields))).toBe(false);
  });

  it('SPEC §4 chat status 1: once the user form is done, or on a channel without one, the robot answers', () => {
    expect(robotAnswers(readyState({ status: ChatStatus.FormCheck, userForm: 'done' }))).toBe(true);
    expect(robotAnswers(readyState({ status: ChatStatus.FormCheck, userForm: null }))).toBe(true);
  });

  it('SPEC §4 Rating of a reply: a finished answer not yet rated may be rated — an answermsg, or a reply answered on this page', () => {
    expect(canRateReply(fromHistoryAnswer)).toBe(true);
    expect(canRateReply(answeredLive)).toBe(true);
  });

  it.each<[string, ChatMessage | undefined]>([
    ['a reply still awaited', awaited],
    ['a reply already rated', robotMessage({ msgType: MsgType.Answer, rating: 'up' })],
    ['a plain robot text from history', fromHistoryText],
    ['an agent message', robotMessage({ senderType: SenderType.Agent, msgType: MsgType.Answer })],
    ['no message', undefined],
  ])('SPEC §4 Rating of a reply: %s may not be rated', (_what, m) => {
    expect(canRateReply(m)).toBe(false);
  });

  it('SPEC §4 Thinking block: shown while the answer is awaited and once it was answered live, not for history', () => {
    expect(showsThinking(awaited)).toBe(true);
    expect(showsThinking(answeredLive)).toBe(true);
    expect(showsThinking(fromHistoryAnswer)).toBe(false);
    expect(showsThinking(robotMessage({ senderType: SenderType.Agent, thoughtMs: 5 }))).toBe(false);
  });

  it('the rating buttons show on a reply that may be rated, and stay (locked) once rated', () => {
    expect(showsRating(fromHistoryAnswer)).toBe(true);
    expect(showsRating(robotMessage({ msgType: MsgType.Answer, rating: 'down' }))).toBe(true);
    expect(showsRating(awaited)).toBe(false);
    expect(showsRating(fromHistoryText)).toBe(false);
  });
});

describe('robot slice', () => {
  it('a pending answer is a robot placeholder on the left, with the robot name, awaited', () => {
    const state = robotCases.robotPending(readyState(), { type: 'robotPending', id: 'm2', questionId: 'q1', createdAt: 30 });
    expect(state.messages).toEqual([
      expect.objectContaining({
        id: 'm2',
        senderType: SenderType.Robot,
        senderName: ROBOT_NAME,
        position: 'left',
        msgContent: '',
        createdAt: 30,
        awaiting: true,
      }),
    ]);
  });

  it('SPEC §4 Thinking block: the answer fills the placeholder, and how long the robot thought is kept', () => {
    const pending = readyState({ messages: [robotMessage({ id: 'm2', msgContent: '', createdAt: 30, awaiting: true })] });
    const answer = { msgContent: 'We open at nine.', msgType: MsgType.Answer, robotAskMsgType: 2, suggestions: ['And close?'] };
    const [m] = robotCases.robotAnswered(pending, { type: 'robotAnswered', id: 'm2', answer, createdAt: 2530 }).messages;
    expect(m).toMatchObject({
      msgType: MsgType.Answer,
      msgContent: 'We open at nine.',
      robotAskMsgType: '2',
      suggestions: [{ name: 'And close?', code: 'And close?' }],
      createdAt: 2530,
      thoughtMs: 2500,
    });
    expect(m?.awaiting).toBeUndefined();
  });

  it('an answer of an unknown type is shown as text; an empty suggestion list is no suggestions', () => {
    const pending = readyState({ messages: [robotMessage({ id: 'm2', awaiting: true })] });
    const [m] = robotCases.robotAnswered(pending, {
      type: 'robotAnswered',
      id: 'm2',
      answer: { msgContent: 'ok', msgType: 99, suggestions: [] },
      createdAt: 0,
    }).messages;
    expect(m).toMatchObject({ msgType: MsgType.Text, msgContent: 'ok' });
    expect(m?.suggestions).toBeUndefined();
  });

  it("a failed answer becomes the centred 'robotUnavailable' notice, never a stuck placeholder", () => {
    const pending = readyState({ messages: [robotMessage({ id: 'm2', awaiting: true })] });
    const [m] = robotCases.robotFailed(pending, { type: 'robotFailed', id: 'm2' }).messages;
    expect(m).toMatchObject({ senderType: SenderType.System, position: 'center', msgType: MsgType.SystemText, notice: { id: 'robotUnavailable' } });
    expect(m?.awaiting).toBeUndefined();
  });

  it('SPEC §4 Rating of a reply: the first choice is kept; later choices, other messages and unknown ids change nothing', () => {
    const state = readyState({ messages: [fromHistoryAnswer, robotMessage({ id: 'a1', senderType: SenderType.Agent })] });
    const rated = robotCases.messageRated(state, { type: 'messageRated', id: 'r1', rating: 'up' });
    expect(rated.messages[0]?.rating).toBe('up');
    expect(robotCases.messageRated(rated, { type: 'messageRated', id: 'r1', rating: 'down' })).toBe(rated);
    expect(robotCases.messageRated(rated, { type: 'messageRated', id: 'a1', rating: 'down' })).toBe(rated);
    expect(robotCases.messageRated(rated, { type: 'messageRated', id: 'nope', rating: 'down' })).toBe(rated);
  });
});

describe('robot slice: a streamed answer (docs/protocol.md "Streamed answers")', () => {
  const visitor = createMessage({
    id: 'q1',
    senderType: SenderType.Visitor,
    msgType: MsgType.Text,
    msgContent: 'Hours?',
    createdAt: 0,
    status: MessageStatus.Pending,
  });
  const asked = (state: ChatState = readyState({ messages: [visitor] })) =>
    robotCases.robotPending(state, { type: 'robotPending', id: 'm2', questionId: 'q1', createdAt: 10 });

  it('a delta changes only the answer beside the list: the messages keep their identity, another answer its record', () => {
    const pending = asked();
    const other = { ...pending, answers: { ...pending.answers, m9: { ...(pending.answers.m2 as RobotAnswer), questionId: 'q9' } } };
    const next = robotCases.robotStreamed(other, { type: 'robotStreamed', id: 'm2', delta: { type: 'text', part: 't', delta: 'Nine' }, at: 40 });
    expect(next.messages).toBe(other.messages);
    expect(next.answers.m9).toBe(other.answers.m9);
    expect(next.answers.m2).toMatchObject({ phase: 'streaming', text: 'Nine', thoughtMs: 30 });
    // An empty delta, or one for an unknown answer, changes nothing.
    expect(robotCases.robotStreamed(next, { type: 'robotStreamed', id: 'm2', delta: { type: 'text', part: 't', delta: '' }, at: 50 })).toBe(next);
    expect(robotCases.robotStreamed(next, { type: 'robotStreamed', id: 'nope', delta: { type: 'text', part: 't', delta: 'x' }, at: 50 })).toBe(next);
  });

  it('an interrupted answer keeps what arrived, may not be rated, and may be retried while the robot answers', () => {
    const streamed = robotCases.robotStreamed(asked(), { type: 'robotStreamed', id: 'm2', delta: { type: 'text', part: 't', delta: 'Nine' }, at: 40 });
    const cut = robotCases.robotInterrupted(streamed, { type: 'robotInterrupted', id: 'm2', failure: 'cut', at: 60 });
    const m = cut.messages.at(-1);
    expect(m).toMatchObject({ id: 'm2', msgContent: 'Nine', interrupted: true, thoughtMs: 30 });
    expect(canRateReply(m)).toBe(false);
    expect(canRetryAnswer(cut, 'm2')).toBe(true);
    expect(canRetryAnswer({ ...cut, status: ChatStatus.InConversation }, 'm2')).toBe(false);
    expect(canRetryAnswer({ ...cut, session: null }, 'm2')).toBe(false);
    expect(canRetryAnswer(streamed, 'm2')).toBe(false);
    // A late frame of the stream that was let go of changes nothing.
    expect(robotCases.robotStreamed(cut, { type: 'robotStreamed', id: 'm2', delta: { type: 'text', part: 't', delta: '!' }, at: 70 })).toBe(cut);
  });

  it('SPEC §9 Typewriter: the JSON answer, arrived whole on this page, is typed out (from its arrival); a streamed one never', () => {
    const json = robotCases.robotAnswered(asked(), {
      type: 'robotAnswered',
      id: 'm2',
      answer: { msgContent: 'We open at nine.', msgType: 1 },
      createdAt: 2_000,
    });
    expect(json.answers.m2).toMatchObject({ phase: 'done', text: 'We open at nine.', arrivedWholeAt: 2_000 });
    expect(isTypedAnswer(json.answers.m2)).toBe(true);

    const streamed = robotCases.robotStreamed(asked(), { type: 'robotStreamed', id: 'm2', delta: { type: 'text', part: 't', delta: 'Nine' }, at: 40 });
    const finished = robotCases.robotFinished(streamed, { type: 'robotFinished', id: 'm2', createdAt: 60 });
    expect(finished.answers.m2).toMatchObject({ phase: 'done', text: 'Nine' });
    expect(finished.answers.m2?.arrivedWholeAt).toBeUndefined();
    expect(isTypedAnswer(finished.answers.m2)).toBe(false);
    // Still awaited, cut short, or no record at all (history, a restored message): not typed.
    expect(isTypedAnswer(asked().answers.m2)).toBe(false);
    expect(isTypedAnswer(robotCases.robotInterrupted(streamed, { type: 'robotInterrupted', id: 'm2', failure: 'cut', at: 60 }).answers.m2)).toBe(false);
    expect(isTypedAnswer(undefined)).toBe(false);
    // A card answer is drawn, not typed (docs/protocol.md "Cards").
    const card = robotCases.robotAnswered(asked(), {
      type: 'robotAnswered',
      id: 'm2',
      answer: { msgContent: '{"code":"goods","data":{"name":"Boots"},"fallback":"Boots, 99 euros"}', msgType: MsgType.Card },
      createdAt: 2_000,
    });
    expect(card.answers.m2).toMatchObject({ phase: 'done', text: 'Boots, 99 euros' });
    expect(card.messages.at(-1)).toMatchObject({ msgType: MsgType.Card, msgContent: '{"code":"goods","data":{"name":"Boots"},"fallback":"Boots, 99 euros"}' });
    expect(isTypedAnswer(card.answers.m2)).toBe(false);
    // A long answer (issue 30) shows at once, collapsed, as history does: not typed out.
    const long = robotCases.robotAnswered(asked(), {
      type: 'robotAnswered',
      id: 'm2',
      answer: { msgContent: 'We open at nine. '.repeat(300), msgType: MsgType.Text },
      createdAt: 2_000,
    });
    expect(long.answers.m2?.arrivedWholeAt).toBe(2_000);
    expect(isTypedAnswer(long.answers.m2)).toBe(false);
  });

  it.each<[string, Intent]>([
    ['its send failed', { type: 'sendFailed', id: 'q1' }],
    ['its upload failed', { type: 'uploadFailed', id: 'q1' }],
  ])('SPEC §4 Receive mode 0: a question that did not go out is answered by no robot — the placeholder goes when %s', (_when, intent) => {
    const pending = asked();
    const reduced = (robotCases as Record<string, (s: ChatState, i: Intent) => ChatState>)[intent.type]?.(pending, intent);
    expect(reduced?.messages.map((m) => m.id)).toEqual(['q1']);
    expect(reduced?.answers).toEqual({});
  });

  it('the robot mode ended while the question was on its way (an agent took over): its confirmation takes the placeholder out', () => {
    const pending = { ...asked(), status: ChatStatus.InConversation };
    expect(robotCases.sendSucceeded(pending, { type: 'sendSucceeded', id: 'q1' }).messages.map((m) => m.id)).toEqual(['q1']);
    const robotMode = asked();
    expect(robotCases.sendSucceeded(robotMode, { type: 'sendSucceeded', id: 'q1' })).toBe(robotMode);
  });

  it('SPEC §4 Receive mode 0: every visitor message asks the robot, whatever its kind; others do not', () => {
    expect(asksRobot(visitor)).toBe(true);
    expect(asksRobot({ ...visitor, msgType: MsgType.Audio })).toBe(true);
    expect(asksRobot(robotMessage())).toBe(false);
    expect(asksRobot(undefined)).toBe(false);
    expect(answerOf(asked(), 'q1')?.[0]).toBe('m2');
    expect(answerOf(asked(), 'q2')).toBeUndefined();
  });
});
