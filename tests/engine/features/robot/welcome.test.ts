import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import type { ChatState } from '#engine/core/state';
import { added } from '#engine/features/notices/slice';
import { welcome } from '#engine/features/robot/welcome';
import { ChatStatus, MessageStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { ROBOT_NAME, channel, newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';

const WELCOME = { robotWelcomeMode: 1, robotWelcomeMsg: 'Hi, I am Robo' };
const FAQ = { faqMode: 1, faqConfig: '["Opening hours?"]' };
const TIP = { autoTip: 'Tip: ask about opening hours.' };

const sent = (id: string, msgContent: string): ChatMessage =>
  createMessage({ id, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent, createdAt: 0, status: MessageStatus.Sent });
const historyMessage = (id: string, senderType: SenderType): ChatMessage =>
  createMessage({ id, senderType, msgType: MsgType.Text, msgContent: 'earlier', createdAt: 1, msgTime: 1 });
const robotSays = (id: string, createdAt: number): ChatMessage =>
  createMessage({ id, senderType: SenderType.Robot, senderName: ROBOT_NAME, msgType: MsgType.Text, msgContent: 'Hi, I am Robo', createdAt });
/** The channel's FAQ message: the robot's, its questions in the bubble, no text of its own (SPEC §2). */
const faqOf = (id: string, createdAt: number): ChatMessage =>
  createMessage({
    id,
    senderType: SenderType.Robot,
    senderName: ROBOT_NAME,
    msgType: MsgType.Faq,
    msgContent: '',
    createdAt,
    suggestions: [{ name: 'Opening hours?', code: 'Opening hours?' }],
  });
const tipOf = (id: string): ChatMessage =>
  createMessage({ id, senderType: SenderType.System, msgType: MsgType.AutoTip, msgContent: TIP.autoTip, createdAt: 0 });

/** Marble values: the history results the welcome hears, and what it adds. */
const v = {
  h: { type: 'historyLoaded', messages: [historyMessage('h1', SenderType.Agent)], exhausted: true },
  H: { type: 'historyLoaded', messages: [historyMessage('h0', SenderType.Agent)], exhausted: true },
  V: { type: 'historyLoaded', messages: [historyMessage('h1', SenderType.Visitor)], exhausted: true },
  x: { type: 'historyFailed' },
  w: added(robotSays('m1', 0)),
  b: added(robotSays('m1', 0), 'q1'),
  W: added(robotSays('m1', 30)),
  q: added(faqOf('m2', 0)),
  Q: added(faqOf('m2', 30)),
  f: added(faqOf('m1', 0)),
  t: added(tipOf('m3')),
} satisfies Record<string, Intent>;

describe('welcome effect: SPEC §4 Receive mode 0, the robot welcome', () => {
  it('a new conversation in robot mode gets the robot welcome once history is in, then the FAQ message; once only', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const start = readyState({ channel: channel({ ...WELCOME, ...FAQ }) });
      // The newest page at 30 ms; an older one at 60 ms, which welcomes nobody.
      const intents = cold(' 30ms h 29ms H', v);
      const expected = '     30ms (WQ) 25ms -';
      const run = runEffect(welcome, start, intents, { scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().messages.slice(-2)).toMatchObject([
        { senderType: SenderType.Robot, position: 'left', msgContent: 'Hi, I am Robo' },
        { senderType: SenderType.Robot, position: 'left', msgType: MsgType.Faq },
      ]);
      // The welcome offers no quick replies of its own: the FAQ is in its message, which stays.
      expect(run.getState().messages.at(-2)?.suggestions).toBeUndefined();
    });
  });

  it('a history that failed to load counts as a new conversation: the welcome shows', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold('x', v);
      const expected = '    (wq)';
      expectObservable(runEffect(welcome, readyState({ channel: channel({ ...WELCOME, ...FAQ }) }), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('a visitor who typed while the history loaded is still new: the welcome shows, below the history and above what they typed (no FAQ message without an FAQ)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const start = readyState({ channel: channel(WELCOME), messages: [sent('q1', 'hello')] });
      const intents = cold('h', v);
      const expected = '    b';
      const run = runEffect(welcome, start, intents, { scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().messages.map((m) => m.id)).toEqual(['h1', 'm1', 'q1']);
    });
  });

  it.each<[string, Partial<ChatState>, keyof typeof v]>([
    ['history holds a visitor message', { channel: channel(WELCOME) }, 'V'],
    ['robotWelcomeMode is off', { channel: channel({ ...WELCOME, robotWelcomeMode: 0 }) }, 'h'],
    ['the channel transfers to agents (receive mode 3)', { channel: channel({ ...WELCOME, receiveMode: ReceiveMode.Agent }) }, 'h'],
    ['an agent session runs (status 2)', { channel: channel(WELCOME), status: ChatStatus.InConversation }, 'h'],
  ])('no robot welcome when %s', (_when, fields, loaded) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(loaded, v);
      const expected = '    -';
      expectObservable(runEffect(welcome, readyState(fields), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it("SPEC §3 autoTip: a new conversation's opening is the welcome, the FAQ message, then the channel's tip", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold('h', v);
      const expected = '    (wqt)';
      expectObservable(runEffect(welcome, readyState({ channel: channel({ ...WELCOME, ...FAQ, ...TIP }) }), intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});

describe('welcome effect: SPEC §2 the FAQ message wherever the channel has an FAQ', () => {
  it.each<[string, Partial<ChatState>, keyof typeof v]>([
    ['the welcome is off', { channel: channel({ ...FAQ }) }, 'h'],
    ['a returning visitor (history holds their message)', { channel: channel({ ...WELCOME, ...FAQ }) }, 'V'],
    ['receive mode 3, before an agent joins', { channel: channel({ ...FAQ, receiveMode: ReceiveMode.Agent }) }, 'h'],
    ['the visitor waits in the queue (status 3)', { channel: channel({ ...FAQ, receiveMode: ReceiveMode.Agent }), status: ChatStatus.Queued }, 'V'],
  ])('the FAQ message shows when %s', (_when, fields, loaded) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold(loaded, v);
      const expected = '    f';
      expectObservable(runEffect(welcome, readyState(fields), intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it.each<[string, Partial<ChatState>]>([
    ['an agent talks with the visitor (status 2)', { channel: channel({ ...WELCOME, ...FAQ }), status: ChatStatus.InConversation }],
    ['faqMode is off', { channel: channel({ ...FAQ, faqMode: 0 }) }],
    ['faqConfig holds no question', { channel: channel({ ...FAQ, faqConfig: '[]' }) }],
  ])('no FAQ message when %s', (_when, fields) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold('V', v);
      const expected = '    -';
      expectObservable(runEffect(welcome, readyState(fields), intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});
