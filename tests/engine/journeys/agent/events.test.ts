import { describe, expect, it } from 'vitest';
import { ChatStatus, EvaluationStatus, EventCode, MsgType, OutType, SenderType } from '#engine/model/codes';
import type { EngineEvent } from '#engine/core/intents';
import type { WireEvent } from '#engine/protocol';
import { act, at, logLines, newScheduler, wireMessage } from '../../support/fixtures';
import { agentEngine, b64, batch, ev, field, pollAnswers, type AgentSetup } from '../../support/agentApi';
import type { RunHelpers } from '../../support/fixtures';
import type { TestScheduler } from 'rxjs/testing';

/** An engine resumed in conversation (status 2) whose first poll (at 0) answers `events`; disposed at 1000 ms. */
function connected(cold: RunHelpers['cold'], scheduler: TestScheduler, events: WireEvent[], setup: AgentSetup = {}) {
  const made = agentEngine(cold, scheduler, {
    status: ChatStatus.InConversation,
    ...setup,
    overrides: {
      getEventMsg: pollAnswers(cold, batch(...events)),
      getEvaluateInfo: () => cold('(i|)', { i: { starList: ['bad', 'good'] } }),
      ...setup.overrides,
    },
  });
  at(scheduler, 0, () => made.engine.start());
  at(scheduler, 1000, () => made.engine.dispose());
  return made;
}

describe('agent event codes (SPEC §4)', () => {
  it('docs/protocol.md §3 File addresses: with apiBase on another origin, a relative address in the history or an event is absolute on the API origin', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const old = wireMessage({ id: 'h1', senderType: SenderType.Visitor, msgType: MsgType.File, msgContent: '/api/chat/visitor/files/old.pdf', msgTime: 1 });
      const { engine } = connected(cold, scheduler, [ev.message('a1', { msgType: MsgType.Image, msgContent: '', fileUrl: 'files/new.png' })], {
        apiBase: 'https://api.example/support/',
        overrides: { getHistoryMsg: () => cold('(h|)', { h: [old] }) },
      });
      flush();

      expect(engine.getSnapshot().messages).toEqual([
        expect.objectContaining({ id: 'h1', msgContent: 'https://api.example/api/chat/visitor/files/old.pdf', fileUrl: undefined }),
        expect.objectContaining({ id: 'a1', msgContent: '', fileUrl: 'https://api.example/support/api/chat/visitor/files/new.png' }),
      ]);
    });
  });

  it('SPEC §4 event 1201: the agent message (base64 UTF-8 JSON) is appended, unread, and marked read', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = connected(cold, scheduler, [ev.message('a1', { msgContent: 'Grüße 👋', senderName: 'Ann' })]);
      flush();

      expect(engine.getSnapshot().messages).toEqual([
        expect.objectContaining({ id: 'a1', senderType: SenderType.Agent, senderName: 'Ann', msgContent: 'Grüße 👋', position: 'left' }),
      ]);
      expect(engine.getSnapshot().unread).toBe(false);
      expect(fake.count('msgComplete')).toBe(1);
    });
  });

  it('SPEC §4 event 1201: a msgId seen before is ignored (a message is never shown twice)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: pollAnswers(cold, batch(ev.message('a1'), ev.message('a1')), batch(ev.message('a1', { msgContent: 'again' }))) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 3000, () => engine.dispose());
      flush();

      expect(engine.getSnapshot().messages.map((m) => m.id)).toEqual(['a1']);
    });
  });

  it('DESIGN wire data: bad base64 or bad UTF-8 drops the event with a log line; text that is not JSON is the message text (the other reading of msgContentEnc); the rest of the batch goes on', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, log } = connected(cold, scheduler, [
        { event_type: EventCode.AgentMessage, msgId: 'x1', msgContentEnc: '%%% not base64' },
        { event_type: EventCode.AgentMessage, msgId: 'x2', msgContentEnc: b64('{not json') },
        { event_type: EventCode.AgentMessage, msgId: 'x3', msgContentEnc: Buffer.from([0xff, 0xfe]).toString('base64') },
        ev.message('a2'),
      ]);
      flush();

      expect(engine.getSnapshot().messages.map((m) => [m.id, m.msgContent])).toEqual([
        ['x2', '{not json'],
        ['a2', 'hi'],
      ]);
      expect(logLines(log)).toEqual(['dropped event 1201: msgContentEnc: not base64', 'dropped event 1201: msgContentEnc: not UTF-8']);
    });
  });

  it('SPEC §4 event codes: 1207 and unknown codes are ignored (unknown ones logged)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, log } = connected(cold, scheduler, [ev.ignored(), { event_type: 1299 }]);
      flush();

      expect(engine.getSnapshot()).toMatchObject({ messages: [], status: ChatStatus.InConversation });
      expect(logLines(log)).toEqual(['ignored an event with unknown code 1299']);
    });
  });

  it.each([
    [OutType.UserOver, { msgContent: 'Thanks for chatting' }],
    [OutType.AgentClosed, { msgContent: 'The agent closed the chat' }],
    [OutType.NewWindow, { notice: { id: 'openedInNewWindow' } }],
  ])('SPEC §4 event 1202 with outType %i: its message, closed locally, and the evaluation opens when evaluateMode is 1', (outType, message) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = connected(cold, scheduler, [ev.ended(outType)], {
        wire: { userOverMsg: 'Thanks for chatting', adminCloseMode: 1, adminCloseMsg: 'The agent closed the chat', evaluateMode: 1 },
      });
      flush();

      expect(engine.getSnapshot().messages).toEqual([expect.objectContaining({ senderType: SenderType.System, ...message })]);
      expect(engine.getSnapshot()).toMatchObject({
        status: ChatStatus.NotStarted,
        chatClosed: true,
        evaluation: { status: EvaluationStatus.Shown, stars: ['bad', 'good'] },
      });
      expect(fake.count('getEventMsg')).toBe(1);
    });
  });

  it('SPEC §4 event 1202 with outType 2: no message when adminCloseMode is off, and no evaluation when evaluateMode is off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = connected(cold, scheduler, [ev.ended(OutType.AgentClosed)], { wire: { adminCloseMsg: 'closed' } });
      flush();

      expect(engine.getSnapshot()).toMatchObject({ messages: [], chatClosed: true, evaluation: { status: EvaluationStatus.None } });
    });
  });

  it('SPEC §4 event 1203: the evaluation opens (status 1) with the star list of getEvaluateInfo', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = connected(cold, scheduler, [ev.evaluate()]);
      flush();

      expect(engine.getSnapshot().evaluation).toEqual({ status: EvaluationStatus.Shown, stars: ['bad', 'good'] });
      expect(fake.bodies('getEvaluateInfo')).toEqual([{ tenantId: 't1', channelId: 'demo' }]);
      expect(engine.getSnapshot().status).toBe(ChatStatus.InConversation);
    });
  });

  it('SPEC §4 event 1204: the agent-typing flag, cleared by the next agent message or after 5 s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEventMsg: pollAnswers(cold, batch(ev.typing()), batch(ev.message('a1')), batch(ev.typing())) },
      });
      // Polls at 0 s (typing), 2 s (a message), 4 s (typing); no new 1204 for 5 s after that.
      //                 0 s         2 s      4 s      9 s     10 s
      const commands = ' S--- 1996ms - 1999ms - 4999ms - 999ms D';
      const expected = ' (ft) 1996ms f 1999ms t 4999ms f 999ms |';
      expectObservable(field(engine, (s) => s.agentTyping)).toBe(expected, { t: true, f: false });
      act(cold, commands, { S: () => engine.start(), D: () => engine.dispose() });
      flush();
    });
  });

  it('SPEC §4 event 1205: the message with that id is deleted', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = connected(cold, scheduler, [ev.message('a1'), ev.message('a2'), ev.deleted('a1')]);
      flush();

      expect(engine.getSnapshot().messages.map((m) => m.id)).toEqual(['a2']);
    });
  });

  it("a backend without the clientMsgId extension names a visitor message by its own id (the sendMsg answer's): its echo is not shown twice and its 1205 deletes it", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const echo = ev.message('srv-7', { senderType: SenderType.Visitor, msgContent: 'hi' });
      const { engine } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: {
          sendMsg: () => cold('(r|)', { r: { status: 1, id: 'srv-7' } }),
          getEventMsg: pollAnswers(cold, batch(), batch(echo), batch(ev.deleted('srv-7'))),
        },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.sendText('hi'));
      const seen: string[][] = [];
      at(scheduler, 3000, () => seen.push(engine.getSnapshot().messages.map((m) => m.msgContent)));
      at(scheduler, 7000, () => engine.dispose());
      flush();

      expect(seen).toEqual([['hi']]);
      expect(engine.getSnapshot().messages).toEqual([]);
    });
  });

  it('SPEC §4 event 1208: the agent-refused system message (or the text it carries), then status 0', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine } = connected(cold, scheduler, [ev.refused(), ev.refused('Sorry, busy')]);
      flush();

      expect(engine.getSnapshot().messages).toEqual([
        expect.objectContaining({ notice: { id: 'agentRefused' } }),
        expect.objectContaining({ msgContent: 'Sorry, busy', senderType: SenderType.System }),
      ]);
      expect(engine.getSnapshot()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: false });
    });
  });

  it('SPEC §7 title notice and SPEC §2 parent window: a new agent message while hidden and embedded raises both engine events', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const events: EngineEvent[] = [];
      const { engine } = connected(cold, scheduler, [ev.message('a1', { msgContent: 'Hi, I am Ann', senderName: 'Ann' })], {
        query: '&from=iframe',
        visibility: hot('f', { f: false }),
      });
      engine.events$.subscribe((e) => events.push(e));
      flush();

      expect(events).toEqual([
        { type: 'newMessageWhileHidden' },
        { type: 'notifyParent', channel: engine.getSnapshot().channel, message: { senderName: 'Ann', preview: 'Hi, I am Ann' } },
      ]);
    });
  });
});
