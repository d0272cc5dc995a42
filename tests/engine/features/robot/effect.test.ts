import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import type { ChatState } from '#engine/core/state';
import { added } from '#engine/features/notices/slice';
import { robot } from '#engine/features/robot/effect';
import { ChatStatus, MessageStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import type { RobotAskData } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { answerFrame, CHANNEL_ID, ROBOT_NAME, USER_ID, channel, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';

const sent = (id: string, msgContent: string, msgType: MsgType = MsgType.Text): ChatMessage =>
  createMessage({ id, senderType: SenderType.Visitor, msgType, msgContent, createdAt: 0, status: MessageStatus.Sent });
const historyMessage = (id: string, senderType: SenderType): ChatMessage =>
  createMessage({ id, senderType, msgType: MsgType.Text, msgContent: 'earlier', createdAt: 1, msgTime: 1 });
const welcome = (createdAt: number, suggestions?: string[]): ChatMessage =>
  createMessage({
    id: 'm1',
    senderType: SenderType.Robot,
    senderName: ROBOT_NAME,
    msgType: MsgType.Text,
    msgContent: 'Hi, I am Robo',
    createdAt,
    suggestions: suggestions?.map((name) => ({ name, code: name })),
  });

const NINE: RobotAskData = { msgContent: 'We open at nine.', msgType: MsgType.Answer, suggestions: ['And close?'] };
const SIX: RobotAskData = { msgContent: 'We close at six.' };

/** Marble values: history and delivery's results that robot hears, and what it answers with. */
const v = {
  h: { type: 'historyLoaded', messages: [historyMessage('h1', SenderType.Agent)], exhausted: true },
  H: { type: 'historyLoaded', messages: [historyMessage('h0', SenderType.Agent)], exhausted: true },
  V: { type: 'historyLoaded', messages: [historyMessage('h1', SenderType.Visitor)], exhausted: true },
  x: { type: 'historyFailed' },
  w: added(welcome(0, ['Opening hours?'])),
  W: added(welcome(30, ['Opening hours?'])),
  n: added(welcome(0)),
  s: { type: 'sendSucceeded', id: 'q1' },
  t: { type: 'sendSucceeded', id: 'q2' },
  p: { type: 'robotPending', id: 'm1', questionId: 'q1', createdAt: 0 },
  P: { type: 'robotPending', id: 'm2', questionId: 'q2', createdAt: 10 },
  a: { type: 'robotAnswered', id: 'm1', answer: NINE, createdAt: 40 },
  A: { type: 'robotAnswered', id: 'm2', answer: SIX, createdAt: 50 },
  f: { type: 'robotFailed', id: 'm1' },
} satisfies Record<string, Intent>;

describe('robot effect: SPEC §4 Receive mode 0, an answer to each visitor message', () => {
  it('a sent visitor text is followed by a pending answer at once, which robotAsk fills', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: () => cold('40ms (a|)', { a: answerFrame(NINE) }) });
      const intents = cold(' s 39ms -', v);
      const expected = '     p 39ms a';
      const run = runEffect(robot, readyState({ messages: [sent('q1', 'When do you open?')] }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('robotAsk')).toEqual([{ userId: USER_ID, channelId: CHANNEL_ID, question: 'When do you open?', msgType: MsgType.Text }]);
      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', msgType: MsgType.Answer, msgContent: 'We open at nine.', thoughtMs: 40 });
    });
  });

  it('a card answer (msgType "card", docs/protocol.md "Cards") fills the placeholder with the card as JSON text, its record with the fallback it gives; the engine decodes nothing of it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const content = {
        code: 'carousel',
        data: { items: [{ name: 'Boots', price: 99, currency: 'EUR', img: 'javascript:x' }] },
        fallback: 'Our boots',
      };
      const answer: RobotAskData = { msgContent: JSON.stringify(content), msgType: MsgType.Card };
      const api = fakeApi({ robotAsk: () => cold('40ms (a|)', { a: answerFrame(answer) }) });
      const log = logSpy();
      const values = { ...v, c: { type: 'robotAnswered', id: 'm1', answer, createdAt: 40 } } satisfies Record<string, Intent>;
      const run = runEffect(robot, readyState({ messages: [sent('q1', 'recommend something')] }), cold(' s 39ms -', v), { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe('p 39ms c', values);
      flush();

      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', msgType: MsgType.Card, msgContent: JSON.stringify(content) });
      expect(run.getState().answers.m1).toMatchObject({ phase: 'done', text: 'Our boots' });
      // The bad image is the decoder's to log, where a UI draws the card (model/card.ts).
      expect(logLines(log)).toEqual([]);
    });
  });

  it('each visitor message gets its own answer, even while the previous one is awaited', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: ({ question }) => cold('40ms (a|)', { a: answerFrame(question === 'first' ? NINE : SIX) }) });
      //                     0 ms  10 ms  40 ms 50 ms
      const intents = cold(' s 9ms t 29ms - 9ms -', v);
      const expected = '     p 9ms P 29ms a 9ms A';
      const start = readyState({ messages: [sent('q1', 'first'), sent('q2', 'second')] });
      expectObservable(runEffect(robot, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.bodies('robotAsk').map((b) => b.question)).toEqual(['first', 'second']);
    });
  });

  it.each([MsgType.Image, MsgType.File, MsgType.Audio, MsgType.Video])(
    'a file message (msgType %s) gets its answer too, asked with its URL and its kind',
    (msgType) => {
      const scheduler = newScheduler();
      scheduler.run(({ cold, expectObservable, flush }) => {
        const api = fakeApi({ robotAsk: () => cold('40ms (a|)', { a: answerFrame(NINE) }) });
        const intents = cold(' s 39ms -', v);
        const expected = '     p 39ms a';
        const start = readyState({ messages: [sent('q1', 'https://files.example/cat.png', msgType)] });
        expectObservable(runEffect(robot, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
        flush();

        expect(api.bodies('robotAsk')).toEqual([{ userId: USER_ID, channelId: CHANNEL_ID, question: 'https://files.example/cat.png', msgType }]);
      });
    },
  );

  it.each<[string, Partial<ChatState>]>([
    ['a message not in the list', { messages: [] }],
    ['an agent session running (status 2)', { messages: [sent('q1', 'hello')], status: ChatStatus.InConversation }],
    ['a channel that transfers to agents', { messages: [sent('q1', 'hello')], channel: channel({ receiveMode: ReceiveMode.Agent }) }],
    ['no session', { messages: [sent('q1', 'hello')], session: null }],
  ])('no robot answer for %s', (_when, fields) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold('s', v);
      const expected = '    -';
      expectObservable(runEffect(robot, readyState(fields), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it("a failed robotAsk turns the pending answer into the 'robotUnavailable' notice, with a log line", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotAsk: () => cold('40ms #', undefined, new NetworkError('robotAsk', 'robotAsk: offline')) });
      const log = logSpy();
      const intents = cold(' s 39ms -', v);
      const expected = '     p 39ms f';
      const run = runEffect(robot, readyState({ messages: [sent('q1', 'hello')] }), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', senderType: SenderType.System, notice: { id: 'robotUnavailable' } });
      expect(logLines(log)).toEqual(['robotAsk failed: robotAsk: offline']);
    });
  });
});
