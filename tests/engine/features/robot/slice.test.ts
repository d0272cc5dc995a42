import { describe, expect, it } from 'vitest';
import type { ChatState } from '../../../../engine/core/state';
import { canRateReply, robotAnswers, showsRating, showsThinking } from '../../../../engine/features/robot/predicates';
import { robotCases } from '../../../../engine/features/robot/slice';
import { ChatStatus, MsgType, ReceiveMode, SenderType } from '../../../../engine/model/codes';
import { type ChatMessage, createMessage, type NewMessage } from '../../../../engine/model/message';
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
    const state = robotCases.robotPending(readyState(), { type: 'robotPending', id: 'm2', createdAt: 30 });
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
