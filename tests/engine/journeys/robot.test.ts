import { auditTime, distinctUntilChanged, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createChatEngine, type ChatEngine } from '#engine/engine';
import { ChatStatus, MessageStatus, MsgType, QuickReplyCode, SenderType, TransferStatus } from '#engine/model/codes';
import { quickReplies } from '#engine/features/robot/predicates';
import type { WireQuickReply } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { answers } from '../support/fakeApi';
import {
  act,
  answerFrame,
  at,
  channel,
  CHANNEL_ID,
  logLines,
  logSpy,
  newScheduler,
  readyApi,
  ROBOT_NAME,
  sequentialIds,
  session,
  USER_ID,
  wireMessage,
} from '../support/fixtures';

const QUERY = `?channelid=${CHANNEL_ID}`;
const statusOf = (engine: ChatEngine, id: string) =>
  engine.state$.pipe(
    map((s) => s.messages.find((m) => m.id === id)?.status),
    distinctUntilChanged(),
  );
const STATUS = { u: undefined, p: MessageStatus.Pending, s: MessageStatus.Sent, f: MessageStatus.Fail };

describe('robot mode', () => {
  it('SPEC §4 Receive mode 0: the robot welcome is shown after history when robotWelcomeMode is on and the visitor has not written yet, then the FAQ message (SPEC §2)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(
        cold,
        { getHistoryMsg: () => cold('30ms (h|)', { h: [wireMessage({ id: 'h1', msgTime: 1000, senderType: SenderType.Agent })] }) },
        { robotWelcomeMode: 1, robotWelcomeMsg: 'Hi, I am Robo', faqMode: 1, faqConfig: '["Opening hours?"]' },
      );
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      engine.start();
      flush();

      const [history, welcome, faq] = engine.getSnapshot().messages;
      expect(history?.id).toBe('h1');
      expect(welcome).toMatchObject({
        senderType: SenderType.Robot,
        senderName: ROBOT_NAME,
        msgType: MsgType.Text,
        msgContent: 'Hi, I am Robo',
        position: 'left',
        createdAt: 30,
      });
      expect(faq).toMatchObject({
        senderType: SenderType.Robot,
        msgType: MsgType.Faq,
        position: 'left',
        createdAt: 30,
        suggestions: [{ name: 'Opening hours?', code: 'Opening hours?' }],
      });
      expect(engine.getSnapshot().messages).toHaveLength(3);
    });
  });

  it('SPEC §4 Receive mode 0: no robot welcome when history already holds a visitor message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(
        cold,
        { getHistoryMsg: () => cold('(h|)', { h: [wireMessage({ id: 'h1', msgTime: 1000, senderType: SenderType.Visitor })] }) },
        { robotWelcomeMode: 1, robotWelcomeMsg: 'Hi, I am Robo' },
      );
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      engine.start();
      flush();

      expect(engine.getSnapshot().messages.map((m) => m.id)).toEqual(['h1']);
    });
  });

  it.each([
    ['right after start(), as docs/integrators.md does', 0],
    ['while the history loads', 10],
  ])('SPEC §4 Receive mode 0: a new visitor who types %s still gets the robot welcome, above what they typed', (_when, typedAt) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(
        cold,
        { getHistoryMsg: () => cold('50ms (h|)', { h: [] }), sendMsg: () => cold('-'), robotAsk: () => cold('-') },
        { robotWelcomeMode: 1, robotWelcomeMsg: 'Hi, I am Robo' },
      );
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      at(scheduler, 0, () => engine.start());
      at(scheduler, typedAt, () => engine.sendText('hello'));
      flush();

      // The welcome opens the chat: it comes first, whenever the history it waits for arrives.
      expect(engine.getSnapshot().messages.map((m) => m.msgContent)).toEqual(['Hi, I am Robo', 'hello']);
    });
  });

  it('SPEC §4 Receive mode 0: no robot welcome when robotWelcomeMode is off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {}, { robotWelcomeMode: 0, robotWelcomeMsg: 'Hi, I am Robo' });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      engine.start();
      flush();

      expect(engine.getSnapshot().messages).toEqual([]);
    });
  });

  it('SPEC §4 Sending, §7 sendMsg: a visitor text is pending on the right, sent without its id, and sent when data.status is 1', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('20ms (r|)', { r: { status: 1 } }),
        robotAsk: () => cold('40ms (a|)', { a: answerFrame({ msgContent: 'We open at nine.' }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });

      //                 0 ms  10 ms  30 ms
      const commands = ' s 9ms t 19ms -';
      const expected = ' u 9ms p 19ms s';
      expectObservable(statusOf(engine, 'm1')).toBe(expected, STATUS);
      act(cold, commands, {
        s: () => engine.start(),
        t: () => {
          expect(engine.sendText('  When do you open?  ')).toBe('m1');
          expect(engine.getSnapshot().messages).toEqual([
            expect.objectContaining({
              id: 'm1',
              senderType: SenderType.Visitor,
              msgType: MsgType.Text,
              msgContent: 'When do you open?',
              position: 'right',
              status: MessageStatus.Pending,
              createdAt: 10,
            }),
            // SPEC §4 Receive mode 0: the robot's answer awaits at once, under the question.
            expect.objectContaining({ id: 'm2', senderType: SenderType.Robot, awaiting: true, createdAt: 10 }),
          ]);
        },
      });
      flush();

      const [body] = fake.bodies('sendMsg');
      expect(body).not.toHaveProperty('id');
      expect(body).toMatchObject({
        userId: USER_ID,
        senderType: SenderType.Visitor,
        msgType: MsgType.Text,
        msgContent: 'When do you open?',
        msgTime: 10,
      });
      expect(fake.count('sendMsg')).toBe(1);
    });
  });

  it('SPEC §4 Sending: data.status other than 1 marks the message fail', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const fake = readyApi(cold, { sendMsg: () => cold('20ms (r|)', { r: { status: 0 } }) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });

      //                 0 ms  10 ms  30 ms
      const commands = ' s 9ms t 19ms -';
      const expected = ' u 9ms p 19ms f';
      expectObservable(statusOf(engine, 'm1')).toBe(expected, STATUS);
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('hello') });
    });
  });

  it('SPEC §4 Sending: transport errors are logged, retried every 5 s, and the message fails at 12 s without asking the robot', () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, { sendMsg: () => cold('20ms #', undefined, new NetworkError('sendMsg', 'sendMsg: offline')) });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds(), log });

      //                 0 ms  10 ms     12.01 s
      const commands = ' s 9ms t 11999ms -';
      const expected = ' u 9ms p 11999ms f';
      expectObservable(statusOf(engine, 'm1')).toBe(expected, STATUS);
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('hello') });
      let inCycle = 0;
      cold('12010ms x').subscribe(() => (inCycle = fake.count('sendMsg')));
      flush();

      expect(inCycle).toBe(3);
      expect(fake.count('robotAsk')).toBe(0);
      expect(engine.getSnapshot().messages).toHaveLength(1);
    });
    // The cycle's three, then the background resends (issue 27), each its own line.
    const lines = logLines(log);
    expect(lines.slice(0, 3)).toEqual(Array(3).fill(expect.stringMatching(/sendMsg failed, next attempt within 5000 ms: sendMsg: offline/)));
    expect(lines.slice(3)).toEqual(Array(lines.length - 3).fill(expect.stringMatching(/resending m1 failed: sendMsg: offline/)));
    expect(lines.length).toBeGreaterThan(10);
  });

  it('SPEC §4 Delivery indicator: retry sends the failed message again and it can succeed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: answers(cold('20ms (r|)', { r: { status: 0 } }), cold('20ms (r|)', { r: { status: 1 } })),
        robotAsk: () => cold('10ms (a|)', { a: answerFrame({ msgContent: 'ok' }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });

      //                 0 ms  10 ms  30 ms 40 ms  60 ms
      const commands = ' s 9ms t 19ms - 9ms r 19ms -';
      const expected = ' u 9ms p 19ms f 9ms p 19ms s';
      expectObservable(statusOf(engine, 'm1')).toBe(expected, STATUS);
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('hello'), r: () => engine.retry('m1') });
      flush();

      expect(fake.count('sendMsg')).toBe(2);
      const [first, second] = fake.bodies('sendMsg');
      expect(second).toEqual(first);
      // The robot answers the message once, after the successful attempt.
      expect(fake.count('robotAsk')).toBe(1);
    });
  });

  it('SPEC §4 Receive mode 0: a pending robot answer appears as the question is sent; robotAsk goes once the send succeeded and fills it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('20ms (r|)', { r: { status: 1 } }),
        robotAsk: () => cold('40ms (a|)', { a: answerFrame({ msgContent: 'We open at nine.', msgType: MsgType.Answer, suggestions: ['And close?'] }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });

      const robotAnswer = engine.state$.pipe(
        map((s) => {
          const m = s.messages.find((x) => x.id === 'm2');
          return m ? `${m.awaiting ? 'awaiting' : 'answered'}:${m.msgContent}` : 'none';
        }),
        distinctUntilChanged(),
      );
      // Sent at 10 ms, when the answer is awaited; confirmed at 30 ms, when the robot is asked; answered 40 ms later.
      //                 0 ms  10 ms  30 ms  70 ms
      const commands = ' s 9ms t 19ms - 39ms -';
      const expected = ' n 9ms w 19ms - 39ms a';
      expectObservable(robotAnswer).toBe(expected, { n: 'none', w: 'awaiting:', a: 'answered:We open at nine.' });
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('When do you open?') });
      flush();

      expect(fake.bodies('robotAsk')).toEqual([{ userId: USER_ID, channelId: CHANNEL_ID, question: 'When do you open?', msgType: MsgType.Text }]);
      expect(fake.calls.findIndex((c) => c.name === 'robotAsk')).toBeGreaterThan(fake.calls.findIndex((c) => c.name === 'sendMsg'));
      const [question, answer] = engine.getSnapshot().messages;
      expect(question).toMatchObject({ id: 'm1', status: MessageStatus.Sent });
      expect(answer).toMatchObject({
        id: 'm2',
        senderType: SenderType.Robot,
        senderName: ROBOT_NAME,
        position: 'left',
        msgType: MsgType.Answer,
        msgContent: 'We open at nine.',
        suggestions: [{ name: 'And close?', code: 'And close?' }],
        createdAt: 70,
      });
      expect(answer?.awaiting).toBeUndefined();
    });
  });

  it("SPEC §4 Receive mode 0: a failed robotAsk turns the pending answer into the notice 'robotUnavailable'", () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('20ms (r|)', { r: { status: 1 } }),
        robotAsk: () => cold('40ms #', undefined, new NetworkError('robotAsk', 'robotAsk: offline')),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds(), log });
      engine.start();
      engine.sendText('hello');
      flush();

      const answer = engine.getSnapshot().messages[1];
      expect(answer).toMatchObject({ id: 'm2', senderType: SenderType.System, position: 'center', notice: { id: 'robotUnavailable' } });
      expect(answer?.awaiting).toBeUndefined();
    });
    expect(logLines(log)).toEqual([expect.stringMatching(/robotAsk failed: robotAsk: offline/)]);
  });

  it('SPEC §4 Sending: a message typed after start() but before the session is ready is sent once it is ready', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const sendMsg$ = cold('10ms (r|)', { r: { status: 1 } });
      const fake = readyApi(cold, {
        channelInfo: () => cold('50ms (c|)', { c: channel() }),
        chatStart: () => cold('30ms (s|)', { s: session() }),
        sendMsg: () => sendMsg$,
        robotAsk: () => cold('(a|)', { a: answerFrame({ msgContent: 'ok' }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });

      // Typed at 20 ms; the session is ready at 80 ms (channelInfo 50 ms + chatStart 30 ms).
      //                   0 ms   20 ms  80 ms 90 ms
      const commands = '   s 19ms t 59ms - 9ms -';
      const expected = '   u 19ms p 59ms - 9ms s';
      const sendMsgCall = '- 19ms - 59ms ^ 9ms !';
      expectObservable(statusOf(engine, 'm1')).toBe(expected, STATUS);
      expectSubscriptions(sendMsg$.subscriptions).toBe(sendMsgCall);
      act(cold, commands, { s: () => engine.start(), t: () => engine.sendText('hello') });
      flush();

      expect(fake.bodies('sendMsg')).toEqual([expect.objectContaining({ userId: USER_ID, msgContent: 'hello' })]);
    });
  });

  it('SPEC §4 Sending: a message typed before start() is sent once the session is ready (never lost)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('10ms (r|)', { r: { status: 1 } }),
        robotAsk: () => cold('(a|)', { a: answerFrame({ msgContent: 'ok' }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      expect(engine.sendText('typed early')).toBe('m1');
      engine.start();
      flush();

      expect(fake.bodies('sendMsg')).toEqual([expect.objectContaining({ userId: USER_ID, msgContent: 'typed early' })]);
      expect(engine.getSnapshot().messages[0]?.status).toBe(MessageStatus.Sent);
    });
  });

  it('SPEC §5: blank text is ignored — no message, no call', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold);
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler });
      engine.start();
      flush();
      const before = engine.getSnapshot();

      expect(engine.sendText('')).toBeNull();
      expect(engine.sendText('   \n\t ')).toBeNull();
      flush();

      expect(engine.getSnapshot()).toBe(before);
      expect(fake.count('sendMsg')).toBe(0);
      expect(fake.unexpected).toEqual([]);
    });
  });
});

describe('robot mode after chat status 1', () => {
  it('SPEC §4 Receive mode 0, chat status 1: once the user form is submitted, the robot answers the visitor', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(
        cold,
        {
          chatStart: () => cold('(s|)', { s: session({ status: ChatStatus.FormCheck }) }),
          submitUserForm: () => cold('(a|)', { a: undefined }),
          sendMsg: () => cold('(r|)', { r: { status: 1 } }),
          robotAsk: () => cold('10ms (a|)', { a: answerFrame({ msgContent: 'We open at nine.' }) }),
        },
        { userFormMode: 1 },
      );
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      act(cold, ' s 9ms f 9ms t', {
        s: () => engine.start(),
        f: () => engine.submitUserForm({ userName: 'Ann' }),
        t: () => engine.sendText('When do you open?'),
      });
      flush();

      expect(engine.getSnapshot().userForm).toBe('done');
      expect(fake.count('robotAsk')).toBe(1);
      expect(engine.getSnapshot().messages.at(-1)).toMatchObject({ senderType: SenderType.Robot, msgType: MsgType.Text, msgContent: 'We open at nine.' });
    });
  });

  it('SPEC §4 Receive mode 0: chat status 1 on a channel without a user form does not silence the robot', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        chatStart: () => cold('(s|)', { s: session({ status: ChatStatus.FormCheck }) }),
        sendMsg: () => cold('(r|)', { r: { status: 1 } }),
        robotAsk: () => cold('10ms (a|)', { a: answerFrame({ msgContent: 'We open at nine.' }) }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      act(cold, ' s 9ms t', { s: () => engine.start(), t: () => engine.sendText('When do you open?') });
      flush();

      expect(engine.getSnapshot().userForm).toBeNull();
      expect(fake.count('robotAsk')).toBe(1);
    });
  });
});

describe('a quick reply that transfers to a human (docs/protocol.md "Quick replies")', () => {
  const HUMAN: WireQuickReply = { name: 'Human agent', code: QuickReplyCode.TransferToHuman, isHighlight: true };
  // What a UI shows: the state once a moment's dispatches are over (transfer result 2 ends the
  // transfer, then connects, in one moment).
  const offered = (engine: ChatEngine) =>
    engine.state$.pipe(
      auditTime(0),
      map(
        (s) =>
          quickReplies(s)
            .map((r) => r.name)
            .join('+') || 'none',
      ),
      distinctUntilChanged(),
    );

  it('is offered under the robot answer while the visitor may ask for a human; tapping it asks for one (transferAgent), as the button does, and it goes', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const fake = readyApi(cold, {
        sendMsg: () => cold('20ms (r|)', { r: { status: 1 } }),
        robotAsk: () =>
          cold('40ms (a|)', { a: answerFrame({ msgContent: 'Tap “Human agent”.', msgType: MsgType.Answer, suggestions: [HUMAN, 'Opening hours?'] }) }),
        transferAgent: () => cold('50ms (r|)', { r: { status: TransferStatus.Success, adminNick: 'Ann' } }),
        getAdminCard: () => cold('(a|)', { a: {} }),
        getEventMsg: () => cold('-'),
        addSessionMsg: () => cold('(r|)', { r: undefined }),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      // The answer arrives at 70 ms; the reply is tapped at 100 ms; transferAgent answers at 150 ms.
      //                 0 ms  10 ms  70 ms    100 ms  150 ms
      const commands = ' s 9ms t 59ms - 29ms c 49ms - 49ms D';
      const expected = ' n 9ms - 59ms b 29ms o 49ms - 49ms |';
      const status = '   0 9ms - 59ms - 29ms - 49ms 2 49ms |';
      expectObservable(offered(engine)).toBe(expected, { n: 'none', b: 'Human agent+Opening hours?', o: 'Opening hours?' });
      expectObservable(
        engine.state$.pipe(
          map((s) => s.status),
          distinctUntilChanged(),
        ),
      ).toBe(status, { 0: ChatStatus.NotStarted, 2: ChatStatus.InConversation });
      act(cold, commands, {
        s: () => engine.start(),
        t: () => engine.sendText('I want to talk to a human'),
        c: () => engine.chooseQuickReply(quickReplies(engine.getSnapshot())[0]!),
        D: () => engine.dispose(),
      });
      flush();

      expect(fake.bodies('transferAgent')).toEqual([{ adminId: undefined, groupId: undefined, userId: USER_ID }]);
      // Nothing is sent for the tap: the visitor's only message is their question.
      expect(fake.bodies('sendMsg').map((b) => b.msgContent)).toEqual(['I want to talk to a human']);
      // The agent gets the robot conversation (issue 27's handoff): the question and the answer, not the tap.
      expect(fake.bodies('addSessionMsg').map((b) => b.msgContent)).toEqual(['I want to talk to a human', 'Tap “Human agent”.']);
    });
  });

  it('is not offered, and does nothing when tapped, while a transfer is not allowed (already with an agent); other replies send their name', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = readyApi(cold, {
        chatStart: () => cold('(s|)', { s: session({ status: ChatStatus.InConversation }) }),
        getHistoryMsg: () =>
          cold('(h|)', { h: [wireMessage({ id: 'r1', senderType: SenderType.Robot, msgType: MsgType.Answer, msgContent: 'Tap “Human agent”.', msgTime: 1 })] }),
        getEventMsg: () => cold('-'),
        sendMsg: () => cold('-'),
      });
      const engine = createChatEngine({ query: QUERY, api: fake.api, scheduler, newId: sequentialIds() });
      at(scheduler, 0, () => engine.start());
      flush();
      // The robot's last answer (from before the agent) offered the transfer and a question.
      const human = { name: 'Human agent', code: QuickReplyCode.TransferToHuman };
      const question = { name: 'Opening hours?', code: 'Opening hours?' };
      const state = engine.getSnapshot();
      const withSuggestions = { ...state, messages: state.messages.map((m) => ({ ...m, suggestions: [human, question] })) };
      expect(quickReplies(withSuggestions)).toEqual([question]);

      engine.chooseQuickReply(human);
      expect(fake.count('transferAgent')).toBe(0);
      expect(engine.getSnapshot().messages).toHaveLength(1);
      engine.chooseQuickReply(question);
      expect(engine.getSnapshot().messages.map((m) => m.msgContent)).toEqual(['Tap “Human agent”.', 'Opening hours?']);
      engine.dispose();
    });
  });
});
