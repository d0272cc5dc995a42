import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { agentEvents } from '#engine/features/agentEvents/effect';
import { ChatStatus, EventCode, MessageStatus, MsgType, OutType, SenderType } from '#engine/model/codes';
import type { WireEvent } from '#engine/protocol';
import type { EventBatch } from '#engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { logLines, logSpy, newScheduler, type RunHelpers } from '../../support/fixtures';
import { runEffect } from '../../support/effectSpec';
import { b64, batch, ev } from '../../support/agentApi';
import { agentChannel, agentState, noticeLine, systemLine, textLine } from '../../support/agentSide';

/** getEventMsg answering these batches at once, one per poll, then a poll that never answers (the spec's end). */
function polls(cold: RunHelpers['cold'], ...batches: EventBatch[]) {
  return answers(...batches.map((b) => cold('(b|)', { b })), cold<EventBatch>('-'));
}

/** The agent events of one batch, dispatched from `status` (an agent channel with the end texts and evaluateMode on). */
function dispatch(cold: RunHelpers['cold'], status: ChatStatus, ...batches: EventBatch[]) {
  const api = fakeApi({ getEventMsg: polls(cold, ...batches) });
  const log = logSpy();
  return { api, log, ctx: { api: api.api, log }, start: agentState(status, { channel: ENDS }) };
}

const ENDS = agentChannel({ userOverMsg: 'Thanks for chatting', adminCloseMode: 1, adminCloseMsg: 'The agent closed the chat', evaluateMode: 1 });
const agent = (id: string, msgContent = 'hi') => textLine(id, msgContent);

/** Marble values: what the events of a poll become. */
const v = {
  c: { type: 'agentConnected', adminNick: 'Bo' },
  M: { type: 'agentMessages', messages: [agent('a1'), agent('a2')] },
  N: { type: 'agentMessages', messages: [agent('a3')] },
  A: { type: 'agentMessages', messages: [agent('a1')] },
  B: { type: 'agentMessages', messages: [agent('a2')] },
  T: { type: 'agentTyping' },
  x: { type: 'chatClosed' },
  V: { type: 'evaluationRequested' },
  d: { type: 'messageDeleted', id: 'a1' },
  D: { type: 'messageDeleted', id: 'a2' },
  r: { type: 'messageAdded', message: noticeLine('m1', 'agentRefused', 0) },
  s: { type: 'messageAdded', message: systemLine('m2', 'Sorry, busy', 0) },
  R: { type: 'agentRefused' },
  p: { type: 'queueMoved', position: 2 },
  P: { type: 'queueMoved', position: 1 },
} satisfies Record<string, Intent>;

describe('agentEvents effect: SPEC §4 event codes 1200–1208', () => {
  it('SPEC §4 event 1200: the agent connects (as Transfer result 2) — once: a session already established is not announced again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.Queued, batch(ev.established('Bo'), ev.established('Bo')));
      const expected = 'c';
      const run = runEffect(agentEvents, start, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState()).toMatchObject({ status: ChatStatus.InConversation, agentNick: 'Bo' });
    });
  });

  it('SPEC §4 event 1201: consecutive 1201s are one agentMessages (one state change); another event splits the run', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(ev.message('a1'), ev.message('a2'), ev.typing(), ev.message('a3')));
      const expected = '(MTN)';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §4 event 1201: a poll of a thousand messages is still one intent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const ids = Array.from({ length: 1000 }, (_, i) => `a${i}`);
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(...ids.map((id) => ev.message(id))));
      const expected = 'K';
      const values = { K: { type: 'agentMessages', messages: ids.map((id) => agent(id)) } } satisfies Record<string, Intent>;
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, values);
    });
  });

  it("SPEC §3 msgContentEnc: the message is base64 of UTF-8 JSON; its id is the event's msgId, its sender name the event's adminNick when it has none", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const named = ev.message('a1', { msgContent: 'Grüße 👋', senderName: 'Ann' });
      const unnamed = { ...ev.message('a2', { id: 'inner', msgContent: '你好' }), adminNick: 'Bo' };
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(named, unnamed));
      const expected = 'G';
      const values = {
        G: {
          type: 'agentMessages',
          messages: [
            { ...agent('a1', 'Grüße 👋'), senderName: 'Ann' },
            { ...agent('a2', '你好'), senderName: 'Bo' },
          ],
        },
      } satisfies Record<string, Intent>;
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, values);
    });
  });

  it('SPEC §4 event 1201: a message is never shown twice — a msgId repeated in the batch, in a later poll, or already shown is ignored', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { ctx, start } = dispatch(
        cold,
        ChatStatus.InConversation,
        batch(ev.message('a1'), ev.message('a1'), ev.message('h1')),
        batch(ev.message('a1', { msgContent: 'again' }), ev.message('a2')),
      );
      // Polls at 0 s and 2 s (2000 ms after the first reply).
      const expected = 'A 1999ms L';
      const values = { ...v, L: { type: 'agentMessages', messages: [textLine('a2', 'hi', 2000)] } } satisfies Record<string, Intent>;
      const shown = { ...start, messages: [agent('h1', 'from history')] };
      expectObservable(runEffect(agentEvents, shown, cold(''), { ...ctx, scheduler }).output$).toBe(expected, values);
    });
  });

  it('DESIGN wire data: an event that does not decode is dropped with a log line; the rest of the batch goes on', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start, log } = dispatch(
        cold,
        ChatStatus.InConversation,
        batch(
          { event_type: EventCode.AgentMessage, msgId: 'x1', msgContentEnc: '%%% not base64' },
          { event_type: EventCode.AgentMessage, msgId: 'x3', msgContentEnc: Buffer.from([0xff, 0xfe]).toString('base64') },
          { event_type: EventCode.AgentMessage, msgId: 'x4' },
          JSON.parse('{ "event_type": 1201, "msgId": "x6", "msgContentEnc": 42 }') as WireEvent,
          ev.message('a2'),
          { event_type: EventCode.AgentRefused, msgContentEnc: '%%%' },
          ev.typing(),
        ),
      );
      const expected = '(BT)';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual([
        'dropped event 1201: msgContentEnc: not base64',
        'dropped event 1201: msgContentEnc: not UTF-8',
        'dropped event 1201: 1201: no text and no file',
        'dropped event 1201: msgContentEnc: expected base64 text',
        'dropped event 1208: msgContentEnc: not base64',
      ]);
    });
  });

  it('SPEC §3 msgContentEnc, the other reading: base64 of the text, with the message fields on the event (sender name from senderName or adminNick)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start, log } = dispatch(
        cold,
        ChatStatus.InConversation,
        batch(
          {
            event_type: EventCode.AgentMessage,
            msgId: 't1',
            msgContentEnc: b64('Hello, I am Ann'),
            adminNick: 'Ann',
            msgTime: '1700000000000',
            extra: { any: 1 },
          },
          { event_type: EventCode.AgentMessage, msgId: 't2', msgContentEnc: b64('{not json'), senderName: 'Bo', senderType: 2, msgType: '1' },
          { event_type: EventCode.AgentMessage, msgId: 't3', msgType: MsgType.File, fileName: 'terms.pdf', fileUrl: '/f/terms.pdf', fileSize: '2048' },
          { event_type: EventCode.AgentMessage, msgId: 't4', msgContentEnc: b64('see you'), msgType: 99, msgTime: 1e16 },
        ),
      );
      const texts = {
        W: {
          type: 'agentMessages',
          messages: [
            { ...textLine('t1', 'Hello, I am Ann', 1_700_000_000_000), senderName: 'Ann', msgTime: 1_700_000_000_000 },
            { ...textLine('t2', '{not json', 0), senderName: 'Bo' },
            { ...textLine('t3', '', 0), msgType: MsgType.File, fileName: 'terms.pdf', fileUrl: '/f/terms.pdf', fileSize: 2048 },
            textLine('t4', 'see you', 0),
          ],
        },
      } satisfies Record<string, Intent>;
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe('W', texts);
      flush();
      expect(logLines(log)).toEqual(['1201.msgType: unknown 99; shown as text', '1201.msgTime: 10000000000000000 out of range; ignored']);
    });
  });

  it('SPEC §4 1201 delivered twice without msgId: the same sender, time and content is shown once; messages without a time are never merged', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const hi = { event_type: EventCode.AgentMessage, msgContentEnc: b64('hi'), msgTime: 1_000 };
      const ok = { event_type: EventCode.AgentMessage, msgContentEnc: b64('ok') };
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(hi, ok, hi, ok));
      const once = {
        O: {
          type: 'agentMessages',
          messages: [{ ...textLine('m1', 'hi', 1_000), msgTime: 1_000 }, textLine('m2', 'ok', 0), textLine('m4', 'ok', 0)],
        },
      } satisfies Record<string, Intent>;
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe('O', once);
    });
  });

  it('a 1201 without msgId whose JSON message names an id already shown is not shown again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const named = { event_type: EventCode.AgentMessage, msgContentEnc: b64(JSON.stringify({ id: 'a2', senderType: 2, msgType: 1, msgContent: 'hi' })) };
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(ev.message('a2'), named));
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe('B', v);
    });
  });

  it('SPEC §3 msgContentEnc as JSON: an unknown sender in an agent event is the agent, with a log line', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start, log } = dispatch(cold, ChatStatus.InConversation, batch(ev.message('a2', { senderType: 9 })));
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe('B', v);
      flush();
      expect(logLines(log)).toEqual(['msgContentEnc.senderType: unknown 9; read as 2']);
    });
  });

  it('DESIGN wire data: event codes sent as strings are understood', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const typing = { event_type: String(EventCode.AgentTyping) } as unknown as WireEvent;
      const message = { ...ev.message('a1'), event_type: String(EventCode.AgentMessage) } as unknown as WireEvent;
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(typing, message));
      const expected = '(TA)';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, v);
    });
  });

  it.each([
    ['1: the user-over message', OutType.UserOver, systemLine('m1', 'Thanks for chatting', 0)],
    ['2: the agent-close message', OutType.AgentClosed, systemLine('m1', 'The agent closed the chat', 0)],
    ['3: the opened-in-a-new-window notice', OutType.NewWindow, noticeLine('m1', 'openedInNewWindow', 0)],
  ])('SPEC §4 event 1202 with outType %s, then closed locally, then the evaluation (evaluateMode 1); polling stops', (_name, outType, message) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start, api } = dispatch(cold, ChatStatus.InConversation, batch(ev.ended(outType)));
      const expected = '(exV)';
      const values = { ...v, e: { type: 'messageAdded', message } } satisfies Record<string, Intent>;
      const run = runEffect(agentEvents, start, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, values);
      flush();

      expect(api.count('getEventMsg')).toBe(1);
      expect(run.getState()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: true });
    });
  });

  it('SPEC §4 event 1202: no agent-close message when adminCloseMode is off, no message for an unknown outType, no evaluation when evaluateMode is off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ getEventMsg: polls(cold, batch(ev.ended(OutType.AgentClosed))) });
      const plain = agentState(ChatStatus.InConversation, { channel: agentChannel({ adminCloseMsg: 'closed' }) });
      const expected = 'x';
      expectObservable(runEffect(agentEvents, plain, cold(''), { api: api.api, scheduler }).output$).toBe(expected, v);

      const unknown = fakeApi({ getEventMsg: polls(cold, batch(ev.ended(9))) });
      expectObservable(runEffect(agentEvents, plain, cold(''), { api: unknown.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §4 event 1203: the evaluation is requested; the session goes on', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(ev.evaluate()));
      const expected = 'V';
      const run = runEffect(agentEvents, start, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().status).toBe(ChatStatus.InConversation);
    });
  });

  it('SPEC §4 event 1204: the agent is typing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(ev.typing()));
      const expected = 'T';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §4 event 1205: the message with that id is deleted (the id in msgId, or in msgContentEnc); without an id nothing happens', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start } = dispatch(
        cold,
        ChatStatus.InConversation,
        batch(
          ev.message('a1'),
          ev.message('a2'),
          ev.deleted('a1'),
          { event_type: EventCode.MessageDeleted, msgContentEnc: b64('a2') },
          { event_type: EventCode.MessageDeleted },
        ),
      );
      const expected = '(MdD)';
      const run = runEffect(agentEvents, start, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().messages).toEqual([]);
    });
  });

  it('SPEC §4 event 1207 is ignored; an unknown code is ignored with a log line', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start, log } = dispatch(cold, ChatStatus.InConversation, batch(ev.ignored(), { event_type: 1299 }));
      const expected = '-';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['ignored an event with unknown code 1299']);
    });
  });

  it('SPEC §4 event 1208: the agent-refused notice (or the text the event carries), then status 0; polling stops', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start, api } = dispatch(cold, ChatStatus.Queued, batch(ev.refused(), ev.refused('Sorry, busy')));
      const expected = '(rRsR)';
      const run = runEffect(agentEvents, start, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.count('getEventMsg')).toBe(1);
      expect(run.getState()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: false });
    });
  });

  it('SPEC §4 event 1208 with a blank text: the notice', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(ev.refused('   ')));
      const expected = '(rR)';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, v);
    });
  });
});

describe('agentEvents effect: SPEC §4 Transfer result 3 — the queue position follows waitIndex', () => {
  it('while queued, a new waitIndex moves the position, before the events of its poll; the same, 0 ("at the front") or none changes nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({
        getEventMsg: polls(
          cold,
          { events: [], waitIndex: 3 },
          { events: [], waitIndex: 2 },
          { events: [], waitIndex: 0 },
          { events: [] },
          { events: [ev.established('Bo')], waitIndex: 1 },
          { events: [], waitIndex: 5 },
        ),
      });
      const start = agentState(ChatStatus.Queued, { queue: { position: 3, messageId: null } });
      // A poll every 2 s; at 10 s the visitor is in conversation.
      //                0 s      2 s      4 s      6 s      8 s         10 s
      const expected = '- 1999ms p 1999ms - 1999ms - 1999ms (Pc) 1996ms -';
      expectObservable(runEffect(agentEvents, start, cold(''), { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });
});

describe('agentEvents effect: the visitor’s own messages sent from another tab (a 1201 with senderType 1 and a clientMsgId)', () => {
  /** The server's echo of a visitor message another tab sent (msgId the server's, clientMsgId the other tab's). */
  const echo = (msgId: string, clientMsgId: string, msgContent = 'from my other tab') =>
    ev.message(msgId, { senderType: SenderType.Visitor, clientMsgId, msgContent });
  const mine = (id: string, msgContent = 'from my other tab') => textLine(id, msgContent, 0, SenderType.Visitor);
  const values = {
    ...v,
    E: { type: 'sentElsewhere', messages: [mine('c1')] },
    F: { type: 'sentElsewhere', messages: [mine('c1'), mine('c2', 'and this')] },
  } satisfies Record<string, Intent>;

  it('is sentElsewhere, shown under its clientMsgId on the right — not agent news: unread and the typing indicator stay as they were', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(echo('srv-1', 'c1')));
      const typingAgent = { ...start, agentTyping: true };
      const expected = 'E';
      const run = runEffect(agentEvents, typingAgent, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, values);
      flush();

      expect(run.getState()).toMatchObject({ unread: false, agentTyping: true });
      expect(run.getState().messages).toEqual([{ ...mine('c1'), hasTime: true }]);
      expect(run.getState().messages[0]?.position).toBe('right');
    });
  });

  it('in the other reading too (the text base64, the fields on the event); consecutive echoes are one intent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const onEvent = { event_type: EventCode.AgentMessage, msgId: 'srv-2', msgContentEnc: b64('and this'), senderType: SenderType.Visitor, clientMsgId: 'c2' };
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(echo('srv-1', 'c1'), onEvent));
      const expected = 'F';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, values);
    });
  });

  it('the echo of a message already shown under its clientMsgId (this tab sent it, or the outbox restored it) is not shown again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(echo('srv-1', 'c1', 'hello')), batch(echo('srv-1', 'c1', 'hello')));
      const sentHere = { ...start, messages: [{ ...mine('c1', 'hello'), status: MessageStatus.Sent }] };
      // Polls at 0 s and 2 s: nothing either time.
      const expected = '- 1999ms -';
      const run = runEffect(agentEvents, sentHere, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, values);
      flush();

      expect(run.getState().messages).toEqual(sentHere.messages);
    });
  });

  it('an echo repeated in a later poll is shown once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(echo('srv-1', 'c1')), batch(echo('srv-9', 'c1')));
      const expected = 'E 1999ms -';
      expectObservable(runEffect(agentEvents, start, cold(''), { ...ctx, scheduler }).output$).toBe(expected, values);
    });
  });

  it('agent messages and echoes in one run keep their order: agentMessages, sentElsewhere, agentMessages', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { ctx, start } = dispatch(cold, ChatStatus.InConversation, batch(ev.message('a1'), echo('srv-1', 'c1'), ev.message('a2')));
      const expected = '(AEB)';
      const run = runEffect(agentEvents, start, cold(''), { ...ctx, scheduler });
      expectObservable(run.output$).toBe(expected, values);
      flush();

      expect(run.getState().messages.map((m) => m.id)).toEqual(['a1', 'c1', 'a2']);
      // The agent's messages are news (unread); the echo between them changes nothing of that.
      expect(run.getState().unread).toBe(true);
    });
  });
});
