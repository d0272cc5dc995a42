import { describe, expect, it } from 'vitest';
import type { AdminCardData, EvaluateInfoData, SendMsgData, TransferAgentData, WireEvent } from '#engine/protocol';
import { ChatStatus, EventCode, MsgType, OutType, SenderType, TransferStatus } from '#engine/model/codes';
import { AGENT_DELAY_MS, decodeMessage, decodeText, setup } from './helpers';

/** Starts a chat on a channel and transfers it to an agent. */
async function transferred(channelId: string, context = setup()) {
  const session = await context.start(channelId);
  const transfer = await context.data<TransferAgentData>('transferAgent', { userId: session.userId });
  return { ...context, session, transfer };
}

describe('agent preset', () => {
  it('transfer succeeds and a reload resumes the conversation (status 2)', async () => {
    const { transfer, session, start, data } = await transferred('agent');
    expect(transfer).toEqual({ status: TransferStatus.Success, adminNick: 'Alice' });
    expect((await start('agent', session.userId)).status).toBe(ChatStatus.InConversation);
    expect(await data<AdminCardData>('getAdminCard', { userId: session.userId })).toMatchObject({ adminWelcomeMode: 1, adminWelcomeMsg: expect.any(String) });
  });

  it('the agent types at once and answers after the delay, by poll and in history', async () => {
    const { session, data, poll, advance, history } = await transferred('agent');
    const sent = await data<SendMsgData>('sendMsg', { userId: session.userId, senderType: 1, msgType: MsgType.Text, msgContent: 'Where is my order?' });
    expect((await poll(session)).msgList.map((e) => e.event_type)).toEqual([EventCode.AgentTyping]);

    advance(AGENT_DELAY_MS - 1);
    expect((await poll(session)).msgList).toEqual([]);
    advance(1);
    const [event, ...rest] = (await poll(session)).msgList;
    expect(rest).toEqual([]);
    expect(event?.event_type).toBe(EventCode.AgentMessage);
    const message = event && decodeMessage(event);
    expect(message).toMatchObject({ id: event?.msgId, senderType: SenderType.Agent, msgContent: expect.stringContaining('“Where is my order?”') });
    expect((await history(session.userId)).map((m) => m.id)).toEqual([sent.id, message?.id]);
    expect((await poll(session)).msgList).toEqual([]);
  });

  it('a sendMsg repeated with the same clientMsgId (a retry after a slow answer) is answered by the agent once', async () => {
    const { session, data, poll, advance, history } = await transferred('agent');
    const body = { userId: session.userId, senderType: 1, msgType: MsgType.Text, msgContent: 'Where is my order?', clientMsgId: 'local-1' };
    const first = await data<SendMsgData>('sendMsg', body);
    advance(1_000);
    expect(await data<SendMsgData>('sendMsg', body)).toEqual(first);
    advance(AGENT_DELAY_MS);
    const events = (await poll(session)).msgList;
    // The stored message once (for the visitor's other tabs, known by its clientMsgId), then the agent's answer once.
    expect(events.map((e) => [e.event_type, e.msgContentEnc === undefined ? undefined : decodeMessage(e).senderType])).toEqual([
      [EventCode.AgentMessage, SenderType.Visitor],
      [EventCode.AgentTyping, undefined],
      [EventCode.AgentMessage, SenderType.Agent],
    ]);
    expect(decodeMessage(events[0] as WireEvent)).toMatchObject({ clientMsgId: 'local-1', msgContent: 'Where is my order?' });
    expect((await history(session.userId)).map((m) => [m.senderType, m.clientMsgId])).toEqual([
      [SenderType.Visitor, 'local-1'],
      [SenderType.Agent, undefined],
    ]);
  });

  it('chatClose ends the session: the pending answer is dropped, and polls (other tabs) get a 1202 "user over"', async () => {
    const { session, data, poll, advance, start } = await transferred('agent');
    await data('sendMsg', { userId: session.userId, msgType: 1, msgContent: 'hi' });
    await poll(session);
    await data('chatClose', { userId: session.userId });
    advance(AGENT_DELAY_MS);
    expect((await poll(session)).msgList).toEqual([expect.objectContaining({ event_type: EventCode.SessionEnded, outType: OutType.UserOver })]);
    expect((await start('agent', session.userId)).status).toBe(ChatStatus.NotStarted);
  });

  it('chatClose with the closing tab’s pollId (extension): the other tabs get the 1202, the closing tab does not — its next conversation is not ended by it', async () => {
    const { session, data, poll, start } = await transferred('agent');
    const other = await start('agent', session.userId);
    await data('chatClose', { userId: session.userId, pollId: session.pollId });
    expect((await poll(other)).msgList).toEqual([expect.objectContaining({ event_type: EventCode.SessionEnded, outType: OutType.UserOver })]);
    expect((await poll(session)).msgList).toEqual([]);
    // The same tab asks for an agent again: nothing left over ends the new conversation.
    expect(await data<TransferAgentData>('transferAgent', { userId: session.userId })).toMatchObject({ status: TransferStatus.Success });
    expect((await poll(session)).msgList.map((e) => e.event_type)).not.toContain(EventCode.SessionEnded);
  });

  it('a second tab (a second chatStart) polls on its own pollId: both tabs get every event, and only the events from their start on', async () => {
    const { session, start, poll, dev } = await transferred('agent');
    await dev('agentSay', { userId: session.userId, text: 'before' });
    const second = await start('agent', session.userId);
    expect(second.sessionId).toBe(session.sessionId);
    expect(second.pollId).not.toBe(session.pollId);
    await dev('agentSay', { userId: session.userId, text: 'after' });
    const texts = async (s: typeof session) => (await poll(s)).msgList.map((e) => decodeMessage(e).msgContent);
    expect(await texts(session)).toEqual(['before', 'after']);
    expect(await texts(second)).toEqual(['after']);
    expect(await texts(session)).toEqual([]);
  });

  it("a visitor message sent with a clientMsgId reaches the visitor's other tabs; one sent without reaches none", async () => {
    const { session, start, poll, data } = await transferred('agent');
    const other = await start('agent', session.userId);
    await data('sendMsg', { userId: session.userId, senderType: 1, msgType: MsgType.Text, msgContent: 'plain' });
    await data('sendMsg', { userId: session.userId, senderType: 1, msgType: MsgType.Text, msgContent: 'tagged', clientMsgId: 'c-1' });
    const visitorMessages = (await poll(other)).msgList
      .filter((e) => e.event_type === EventCode.AgentMessage)
      .map(decodeMessage)
      .filter((m) => m.senderType === SenderType.Visitor);
    expect(visitorMessages).toEqual([expect.objectContaining({ msgContent: 'tagged', clientMsgId: 'c-1' })]);
  });

  it('the timeouts preset does not answer by itself', async () => {
    const { session, data, poll, advance } = await transferred('timeouts');
    await data('sendMsg', { userId: session.userId, msgType: 1, msgContent: 'hello?' });
    advance(60_000);
    expect((await poll(session)).msgList).toEqual([]);
  });
});

describe('messages the visitor wrote before the agent joined (server/agent.ts waitsForAgent)', () => {
  /** The agent's messages among the events, by their text. */
  const agentTexts = (events: readonly WireEvent[]): string[] =>
    events
      .filter((e) => e.event_type === EventCode.AgentMessage)
      .map(decodeMessage)
      .filter((m) => m.senderType === SenderType.Agent)
      .map((m) => m.msgContent);
  const text = (userId: string, msgContent: string, clientMsgId?: string) => ({ userId, senderType: 1, msgType: MsgType.Text, msgContent, clientMsgId });

  it('a server that restarted: the sendMsg that reaches it between chatStart and transferAgent is answered once the transfer connects, once', async () => {
    const { start, data, poll, advance, history } = setup();
    // The widget's new session after the restart: chatStart for a userId this server never saw, then
    // sendMsg and transferAgent at once — here sendMsg first, and its retry (same clientMsgId) too.
    const session = await start('agent', 'visitor-of-the-server-before');
    const body = text(session.userId, '[restart] typed after the restart', 'local-1');
    const sent = await data<SendMsgData>('sendMsg', body);
    expect(await data<SendMsgData>('sendMsg', body)).toEqual(sent);
    advance(10 * AGENT_DELAY_MS);
    expect(await data<TransferAgentData>('transferAgent', { userId: session.userId })).toMatchObject({ status: TransferStatus.Success });
    expect((await poll(session)).msgList.map((e) => e.event_type)).toEqual([EventCode.AgentTyping]);

    advance(AGENT_DELAY_MS);
    const answer = agentTexts((await poll(session)).msgList);
    expect(answer).toEqual([expect.stringContaining('“[restart] typed after the restart”')]);
    // Asked again (a second tab, a retried transfer), the agent already there answers nothing twice.
    await data<TransferAgentData>('transferAgent', { userId: session.userId });
    advance(10 * AGENT_DELAY_MS);
    expect(agentTexts((await poll(session)).msgList)).toEqual([]);
    expect((await history(session.userId)).map((m) => [m.senderType, m.msgContent])).toEqual([
      [SenderType.Visitor, '[restart] typed after the restart'],
      [SenderType.Agent, answer[0]],
    ]);
  });

  it('queue: what the visitor writes while queued is answered, in order, when the agent takes over (event 1200)', async () => {
    const { transfer, session, data, poll, advance } = await transferred('queue');
    expect(transfer.status).toBe(TransferStatus.Queued);
    await data('sendMsg', text(session.userId, 'first'));
    await data('sendMsg', text(session.userId, 'second'));
    advance(3 * 2_000);
    expect((await poll(session)).msgList.map((e) => e.event_type)).toEqual([EventCode.SessionEstablished, EventCode.AgentTyping]);
    advance(AGENT_DELAY_MS);
    expect(agentTexts((await poll(session)).msgList)).toEqual([expect.stringContaining('“first”'), expect.stringContaining('“second”')]);
  });

  it('a robot-first channel: what the visitor wrote before asking for a human was the robot’s to answer, not the agent’s', async () => {
    const { start, data, poll, advance } = setup();
    const session = await start('demo');
    await data('sendMsg', text(session.userId, 'What are your opening hours?'));
    expect(await data<TransferAgentData>('transferAgent', { userId: session.userId })).toMatchObject({ status: TransferStatus.Success });
    advance(10 * AGENT_DELAY_MS);
    expect((await poll(session)).msgList).toEqual([]);
  });

  it('a conversation that ended takes its waiting messages with it: the next agent answers only what came after', async () => {
    const { session, data, poll, advance } = await transferred('queue');
    await data('sendMsg', text(session.userId, 'written in the queue, then the visitor left'));
    await data('chatClose', { userId: session.userId, pollId: session.pollId });
    await data('sendMsg', text(session.userId, 'written after the close'));
    await data<TransferAgentData>('transferAgent', { userId: session.userId });
    advance(3 * 2_000);
    await poll(session);
    advance(AGENT_DELAY_MS);
    expect(agentTexts((await poll(session)).msgList)).toEqual([expect.stringContaining('“written after the close”')]);
  });
});

describe('transfer results by preset', () => {
  it.each([
    ['offline', TransferStatus.Offline],
    ['closed', TransferStatus.OutsideHours],
  ])('%s answers status %i', async (channelId, status) => {
    expect((await transferred(channelId)).transfer.status).toBe(status);
  });

  it('groups: a known group connects, an unknown one fails', async () => {
    const { start, data } = setup();
    const { userId } = await start('groups');
    expect((await data<TransferAgentData>('transferAgent', { userId, groupId: 'nope' })).status).toBe(TransferStatus.Failure);
    expect((await data<TransferAgentData>('transferAgent', { userId, groupId: 'billing' })).status).toBe(TransferStatus.Success);
  });
});

describe('queue preset', () => {
  it('counts down one place per ~2 s of polls, then delivers 1200 and the session is established', async () => {
    const { transfer, session, poll, advance, start } = await transferred('queue');
    expect(transfer).toEqual({ status: TransferStatus.Queued, waitIndex: 3 });
    expect(await poll(session)).toEqual({ msgList: [], status: ChatStatus.Queued, waitIndex: 3 });
    const reloaded = await start('queue', session.userId);
    expect(reloaded.status).toBe(ChatStatus.Queued);

    advance(2_000);
    expect(await poll(reloaded)).toEqual({ msgList: [], status: ChatStatus.Queued, waitIndex: 2 });
    advance(2_000);
    expect((await poll(reloaded)).waitIndex).toBe(1);
    advance(2_000);
    const last = await poll(reloaded);
    expect(last).toMatchObject({ status: ChatStatus.InConversation, waitIndex: 0 });
    expect(last.msgList).toEqual([expect.objectContaining({ event_type: EventCode.SessionEstablished, adminNick: 'Alice' })]);
  });
});

describe('dev controls', () => {
  it('agentSay, typing, requestEvaluation, deleteMessage and endSession reach the next poll in order', async () => {
    const { session, dev, poll, history } = await transferred('agent');
    const { userId } = session;
    expect((await dev('agentSay', { userId, text: 'Hello from the agent' })).code).toBe(200);
    await dev('typing', { userId });
    await dev('requestEvaluation', { userId });
    const [said] = await history(userId);
    await dev('deleteMessage', { userId, msgId: said?.id });
    await dev('endSession', { userId, outType: OutType.UserOver });

    const { msgList, status } = await poll(session);
    expect(msgList.map((e) => e.event_type)).toEqual([
      EventCode.AgentMessage,
      EventCode.AgentTyping,
      EventCode.EvaluationRequested,
      EventCode.MessageDeleted,
      EventCode.SessionEnded,
    ]);
    expect(msgList[0] && decodeMessage(msgList[0]).msgContent).toBe('Hello from the agent');
    expect(msgList[3]?.msgId).toBe(said?.id);
    expect(msgList[4]?.outType).toBe(OutType.UserOver);
    expect(status).toBe(ChatStatus.NotStarted);
    expect(await history(userId)).toEqual([]);
  });

  it('refuse delivers 1208 with a text and ends the conversation', async () => {
    const { session, dev, poll } = await transferred('agent');
    await dev('refuse', { userId: session.userId });
    const { msgList, status } = await poll(session);
    expect(msgList.map((e) => e.event_type)).toEqual([EventCode.AgentRefused]);
    expect(msgList[0] && decodeText(msgList[0])).toMatch(/declined/);
    expect(status).toBe(ChatStatus.NotStarted);
  });

  it('rejects unknown actions, visitors, messages and outTypes', async () => {
    const { session, dev } = await transferred('agent');
    for (const [action, body] of [
      ['nope', { userId: session.userId }],
      ['typing', { userId: 'ghost' }],
      ['deleteMessage', { userId: session.userId, msgId: 'ghost' }],
      ['endSession', { userId: session.userId, outType: 9 }],
      ['agentSay', { userId: session.userId }],
    ] as const) {
      expect((await dev(action, body)).code).not.toBe(200);
    }
  });
});

describe('form, evaluation and uploads', () => {
  it('the form preset asks for the form (status 1) until it is submitted with its required fields', async () => {
    const { start, call } = setup();
    const { userId, status, userFormMode } = await start('form');
    expect([status, userFormMode]).toEqual([ChatStatus.FormCheck, 1]);
    expect((await call('submitUserForm', { userId, phone: '13800000000' })).code).toBe(400);
    expect((await call('submitUserForm', { userId, name: '__fail__' })).code).toBe(500);
    expect((await call('submitUserForm', { userId, name: 'Ada' })).code).toBe(200);
    expect((await start('form', userId)).status).toBe(ChatStatus.NotStarted);
  });

  it('evaluation offers five stars and validates the rating', async () => {
    const { start, data, call } = setup();
    const { userId } = await start('agent');
    expect((await data<EvaluateInfoData>('getEvaluateInfo', { tenantId: 'agent', channelId: 'agent' })).starList).toHaveLength(5);
    expect((await call('evaluate', { userId, star: 5, comment: 'great' })).code).toBe(200);
    expect((await call('evaluate', { userId, star: 6 })).code).toBe(400);
    expect((await call('evaluate', { userId, star: 1, comment: '__fail__' })).code).toBe(500);
  });

  it('upload stores the file and serves it back with its type at an absolute URL on the origin it came to; fail.* fails', async () => {
    const { app, start, post } = setup();
    const { userId } = await start('agent');
    const form = new FormData();
    form.set('userId', userId);
    form.set('file', new File(['%PDF-1.4 hello'], 'Report 2024.PDF', { type: 'text/html' }));
    const { envelope } = await post<{ url: string; name: string; suffix: string }>('/api/chat/visitor/upload', form, {});
    expect(envelope.data).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost\/api\/chat\/visitor\/files\/.+\.pdf$/),
      name: 'Report 2024.PDF',
      suffix: 'pdf',
    });

    const file = await app.fetch(new Request(envelope.data?.url ?? ''));
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.4 hello');
    expect((await app.fetch(new Request('http://localhost/api/chat/visitor/files/ghost.png'))).status).toBe(404);

    const failing = new FormData();
    failing.set('userId', userId);
    failing.set('file', new File(['x'], 'fail.png'));
    expect((await post('/api/chat/visitor/upload', failing, {})).envelope).toEqual({ code: 500, message: 'upload failed' });
  });

  it('uploadBase64 stores a data URL image', async () => {
    const { app, start, data, call } = setup();
    const { userId } = await start('agent');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const uploaded = await data<{ url: string; suffix: string }>('uploadBase64', { userId, imgData: `data:image/png;base64,${png.toString('base64')}` });
    expect(uploaded.suffix).toBe('png');
    expect(uploaded.url).toMatch(/^http:\/\/localhost\/api\/chat\/visitor\/files\/.+\.png$/);
    const file = await app.fetch(new Request(uploaded.url));
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    expect((await call('uploadBase64', { userId, imgData: 'not a data url' })).code).toBe(400);
  });
});

describe('event acknowledgement (docs/protocol.md)', () => {
  /** Polls with a lastEventId, as the widget does. */
  const acking = (context: ReturnType<typeof setup>, session: { userId: string; pollId: string }, lastEventId: string) =>
    context.data<{ msgList: WireEvent[] }>('getEventMsg', { ...session, lastEventId });

  it('an answer lost on the way loses nothing: the events come again until a poll acknowledges them by eventId', async () => {
    const context = setup();
    const { session } = await transferred('agent', context);
    await context.dev('agentSay', { userId: session.userId, text: 'one' });
    const lost = (await acking(context, session, '')).msgList;
    expect(lost.map((e) => e.eventId)).toEqual([expect.any(String)]);
    await context.dev('agentSay', { userId: session.userId, text: 'two' });
    const again = (await acking(context, session, '')).msgList;
    expect(again.map((e) => decodeMessage(e).msgContent)).toEqual(['one', 'two']);
    const next = (await acking(context, session, again.at(-1)?.eventId ?? '')).msgList;
    expect(next).toEqual([]);
  });

  it('eventIds increase, and an acknowledgement of an id the server never gave (another server, before a restart) acknowledges nothing', async () => {
    const context = setup();
    const { session } = await transferred('agent', context);
    await context.dev('agentSay', { userId: session.userId, text: 'one' });
    await context.dev('agentSay', { userId: session.userId, text: 'two' });
    const events = (await acking(context, session, '999')).msgList;
    expect(events.map((e) => Number(e.eventId))).toEqual([1, 2]);
    expect((await acking(context, session, '1')).msgList.map((e) => e.eventId)).toEqual(['2']);
  });

  it('an unknown pollId (a server that forgot the session) is a 404 error, so that the client starts a new session', async () => {
    const context = setup();
    const { session } = await transferred('agent', context);
    expect(await context.call('getEventMsg', { userId: session.userId, pollId: 'nope' })).toMatchObject({
      code: 404,
      message: expect.stringContaining('chatStart'),
    });
    expect(await context.call('getEventMsg', { userId: 'forgotten', pollId: session.pollId })).toMatchObject({
      code: 404,
      message: expect.stringContaining('visitor not found'),
    });
  });
});
