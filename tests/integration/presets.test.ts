import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_OFF,
  ChatStatus,
  EvaluationStatus,
  MessageStatus,
  MsgType,
  SenderType,
  constants,
  createChatEngine,
  memoryStorage,
  type ChatEngine,
  type ChatMessage,
  type ChatState,
  type StoragePort,
} from '@visitor-chat/chat-engine';
import { ADMIN_CARD, AGENT_NICK } from '../../server/agent';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';
import { PRESETS, type Preset } from '../../server/presets';
import { AGENT_DELAY_MS, API_BASE, advance, fakeTimeHarness, until, useFakeTime } from './fakeTimeHarness';

/**
 * Every agent-side channel preset of the reference server, driven by a real engine through MSW
 * (SPEC §4 States and transitions), in fake time (fakeTimeHarness.ts): the engine's polling,
 * countdowns and queues and the server's clock move together.
 */

const { server, engines } = fakeTimeHarness();

/** A preset of the reference server; throws on a typo instead of testing `undefined`. */
function preset(id: string): Preset {
  const found = PRESETS[id];
  if (!found) throw new Error(`no preset ${id}`);
  return found;
}

/** A text of a preset's channel info that the test relies on. */
function channelText(id: string, field: 'adminOfflineMsg' | 'unWorkingMsg' | 'userTimeoutMsg' | 'adminTimeoutMsg' | 'adminCloseMsg'): string {
  const value = preset(id).channel[field];
  if (typeof value !== 'string' || value === '') throw new Error(`preset ${id} has no ${field}`);
  return value;
}

/** A call the engine made, by name (the last path segment), at a moment of fake time. */
interface Call {
  name: string;
  at: number;
  body: Record<string, unknown>;
}

interface Visitor {
  engine: ChatEngine;
  storage: StoragePort;
  /** Every call of the visitor API, in the order they started. */
  calls: Call[];
  /** Every state the visitor's UI was given, in order. */
  states: ChatState[];
  /** The current state. */
  now(): ChatState;
  /** Drives the simulated agent through a development control (POST /api/dev/{action}). */
  dev(action: string, body?: Record<string, unknown>): Promise<void>;
}

/** A visitor opening `/chat/?channelid=<channel>` against a fresh reference server, in fake time. */
function visit(channel: string): Visitor {
  useFakeTime();
  const app = createApp({ clock: () => Date.now(), agentDelayMs: AGENT_DELAY_MS, devControls: true });
  server.use(...createHandlers(app));

  const calls: Call[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(constants.API_PREFIX)) return;
    const call: Call = { name: url.pathname.slice(constants.API_PREFIX.length), at: Date.now(), body: {} };
    calls.push(call);
    void request
      .clone()
      .json()
      .then((body: unknown) => {
        if (typeof body === 'object' && body !== null) call.body = body as Record<string, unknown>;
      });
  });

  const storage = memoryStorage();
  const engine = createChatEngine({ apiBase: API_BASE, query: `?channelid=${channel}`, storage, log: { warn: () => undefined } });
  engines.push(engine);
  const states: ChatState[] = [];
  engine.subscribe(() => states.push(engine.getSnapshot()));
  engine.start();

  return {
    engine,
    storage,
    calls,
    states,
    now: () => engine.getSnapshot(),
    async dev(action, body = {}) {
      const userId = engine.getSnapshot().session?.userId;
      if (!userId) throw new Error('no session yet');
      const response = await fetch(`${API_BASE}/api/dev/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, ...body }),
      });
      expect(await response.json()).toEqual({ code: 200 });
    },
  };
}

const texts = (v: Visitor): string[] => v.now().messages.map((m) => m.msgContent);
const find = (v: Visitor, text: string): ChatMessage | undefined => v.now().messages.find((m) => m.msgContent === text);
const noticesOf = (v: Visitor): string[] => v.now().messages.flatMap((m) => (m.notice ? [m.notice.id] : []));
const count = (v: Visitor, name: string): number => v.calls.filter((c) => c.name === name).length;

/** Waits for the agent session of `v` (status 2) and the agent's welcome message. */
async function connected(v: Visitor): Promise<void> {
  await until('status 2', () => v.now().status === ChatStatus.InConversation);
  await until('the agent welcome', () => texts(v).includes(ADMIN_CARD.adminWelcomeMsg ?? ''));
}

describe('agent presets through MSW and the reference server (SPEC §4 States and transitions)', () => {
  it("agent: the visitor is connected (status 2) with the 'session established' notice and the agent's welcome (SPEC §4 transfer 2)", async () => {
    const v = visit('agent');

    await until('status 2', () => v.now().status === ChatStatus.InConversation);
    expect(v.now()).toMatchObject({ phase: 'ready', agentNick: AGENT_NICK, chatClosed: false, queue: null });
    expect(v.now().messages[0]).toMatchObject({ senderType: SenderType.System, notice: { id: 'sessionEstablished' } });
    expect(count(v, 'transferAgent')).toBe(1);

    await until('the agent welcome', () => texts(v).includes(ADMIN_CARD.adminWelcomeMsg ?? ''));
    expect(find(v, ADMIN_CARD.adminWelcomeMsg ?? '')).toMatchObject({ senderType: SenderType.Agent, senderName: AGENT_NICK, position: 'left' });
    expect(count(v, 'getAdminCard')).toBe(1);
    // SPEC §7: polling runs while in conversation.
    await advance(4_000);
    expect(count(v, 'getEventMsg')).toBeGreaterThanOrEqual(2);
  });

  it('agent: a visitor message is answered by the agent (1201) after the simulated delay, the agent typing (1204) first (SPEC §4 event codes)', async () => {
    const v = visit('agent');
    await connected(v);

    const sentAt = Date.now();
    const id = v.engine.sendText('Where is my order?');
    await until('the message is sent', () => v.now().messages.some((m) => m.id === id && m.status === MessageStatus.Sent));

    const isAnswer = (m: ChatMessage): boolean => m.senderType === SenderType.Agent && m.msgContent.includes('Where is my order?');
    await until('the agent answer', () => v.now().messages.some(isAnswer));
    const answeredAt = Date.now();
    const answer = v.now().messages.find(isAnswer);

    expect(answeredAt - sentAt).toBeGreaterThanOrEqual(AGENT_DELAY_MS);
    expect(answer).toMatchObject({ senderName: AGENT_NICK, position: 'left', msgType: MsgType.Text });
    expect(answer?.msgTime).toBeGreaterThanOrEqual(sentAt + AGENT_DELAY_MS);
    // The typing indicator was shown before the answer, and the answer clears it.
    const typingAt = v.states.findIndex((s) => s.agentTyping);
    const answerAt = v.states.findIndex((s) => s.messages.some(isAnswer));
    expect(typingAt).toBeGreaterThanOrEqual(0);
    expect(typingAt).toBeLessThan(answerAt);
    expect(v.now().agentTyping).toBe(false);
    // Shown once, however many polls follow.
    await advance(6_000);
    expect(v.now().messages.filter(isAnswer)).toHaveLength(1);
  });

  it('queue: the visitor sees the queue message at position 3, the position counting down, then is connected (SPEC §4 transfer 3, event 1200)', async () => {
    const v = visit('queue');

    await until('status 3', () => v.now().status === ChatStatus.Queued);
    expect(v.now().queue?.position).toBe(3);
    const queueId = v.now().queue?.messageId;
    const queueMessage = (s: ChatState): string | undefined => s.messages.find((m) => m.id === queueId)?.msgContent;
    expect(queueMessage(v.now())).toBe('You are number 3 in the queue. An agent will be with you shortly.');

    await until('status 2', () => v.now().status === ChatStatus.InConversation, 15_000);

    const positions = v.states.flatMap((s) => (s.queue ? [s.queue.position] : [])).filter((p, i, all) => i === 0 || all[i - 1] !== p);
    expect(positions).toEqual([3, 2, 1]);
    const shown = v.states.map(queueMessage).filter((t, i, all): t is string => t !== undefined && (i === 0 || all[i - 1] !== t));
    expect(shown).toEqual([
      'You are number 3 in the queue. An agent will be with you shortly.',
      'You are number 2 in the queue. An agent will be with you shortly.',
      'You are number 1 in the queue. An agent will be with you shortly.',
    ]);
    expect(v.now().queue).toBeNull();
    expect(noticesOf(v)).toContain('sessionEstablished');
    await until('the agent welcome', () => texts(v).includes(ADMIN_CARD.adminWelcomeMsg ?? ''));
  });

  it('offline: the visitor sees the offline text as a leave-message and is offered the leave-message form (SPEC §4 transfer 1)', async () => {
    const v = visit('offline');
    const offline = channelText('offline', 'adminOfflineMsg');

    await until('the offline text', () => texts(v).includes(offline));
    expect(find(v, offline)).toMatchObject({ msgType: MsgType.LeaveMessage });
    expect(v.now()).toMatchObject({ status: ChatStatus.NotStarted, leaveMessage: { offered: 'offline' }, transferring: false });

    await advance(5_000);
    expect(count(v, 'getEventMsg')).toBe(0);
    expect(texts(v).filter((t) => t === offline)).toHaveLength(1);
  });

  it('closed: the visitor sees the non-working-hours text and is offered the leave-message form (SPEC §4 transfer 5)', async () => {
    const v = visit('closed');
    const closed = channelText('closed', 'unWorkingMsg');

    await until('the non-working text', () => texts(v).includes(closed));
    expect(find(v, closed)).toMatchObject({ senderType: SenderType.System, msgType: MsgType.SystemText, position: 'center' });
    expect(v.now()).toMatchObject({ status: ChatStatus.NotStarted, leaveMessage: { offered: 'outsideHours' } });

    await advance(5_000);
    expect(count(v, 'getEventMsg')).toBe(0);
  });

  it('groups: the visitor is offered 3 groups and, once one is chosen, is transferred to it and connected (SPEC §4 Receive mode, groups)', async () => {
    const v = visit('groups');

    await until('the group choice', () => v.now().groupChoice !== null);
    expect(v.now().groupChoice).toEqual([
      { id: 'sales', name: 'Sales' },
      { id: 'support', name: 'Technical support' },
      { id: 'billing', name: 'Billing' },
    ]);
    // The transfer waits for the choice.
    await advance(3_000);
    expect(count(v, 'transferAgent')).toBe(0);
    expect(v.now().status).toBe(ChatStatus.NotStarted);

    v.engine.chooseGroup('billing');

    await until('status 2', () => v.now().status === ChatStatus.InConversation);
    expect(v.now().groupChoice).toBeNull();
    expect(v.calls.filter((c) => c.name === 'transferAgent').map((c) => c.body.groupId)).toEqual(['billing']);
    expect(v.storage.get(constants.GROUP_ID_KEY)).toBe('billing');
    expect(noticesOf(v)).toContain('sessionEstablished');
  });

  it('single-group: the only group is chosen automatically, remembered in chat-groupId, and the visitor is connected (SPEC §4 groups)', async () => {
    const v = visit('single-group');

    await until('status 2', () => v.now().status === ChatStatus.InConversation);
    expect(v.states.every((s) => s.groupChoice === null)).toBe(true);
    expect(v.calls.filter((c) => c.name === 'transferAgent').map((c) => c.body.groupId)).toEqual(['support']);
    expect(v.storage.get(constants.GROUP_ID_KEY)).toBe('support');
    expect(noticesOf(v)).toContain('sessionEstablished');
  });

  it("no-groups: the visitor sees the 'no agent online' notice and no transfer is attempted (SPEC §4 groups)", async () => {
    const v = visit('no-groups');

    await until('the notice', () => noticesOf(v).includes('noAgentOnline'));
    expect(v.now().messages).toHaveLength(1);
    expect(v.now().messages[0]).toMatchObject({ senderType: SenderType.System, msgContent: 'No agent online' });

    await advance(5_000);
    expect(v.now()).toMatchObject({ status: ChatStatus.NotStarted, groupChoice: null, transferring: false });
    expect(count(v, 'transferAgent')).toBe(0);
    expect(count(v, 'getEventMsg')).toBe(0);
  });

  it('timeouts: after 60 s of visitor silence the visitor sees the visitor-timeout message and both countdowns stop (SPEC §4 Timeouts)', async () => {
    const v = visit('timeouts');
    const visitorTimeout = channelText('timeouts', 'userTimeoutMsg');
    await until('status 2', () => v.now().status === ChatStatus.InConversation);
    const connectedAt = Date.now();
    await until('the visitor countdown', () => v.now().countdown.visitor > 0, 1_000);
    expect(v.now().countdown).toEqual({ agent: COUNTDOWN_OFF, visitor: 60 });

    await advance(59_000 - (Date.now() - connectedAt));
    expect(texts(v)).not.toContain(visitorTimeout);
    expect(v.now().countdown.visitor).toBeGreaterThan(0);
    expect(v.now().countdown.visitor).toBeLessThanOrEqual(2);

    // The message goes through the system-message queue (shown up to 1 s after the countdown ends).
    await until('the visitor-timeout message', () => texts(v).includes(visitorTimeout), 3_000);
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(60_000);
    expect(find(v, visitorTimeout)).toMatchObject({ senderType: SenderType.System, position: 'center' });
    expect(v.now().countdown).toEqual({ agent: COUNTDOWN_OFF, visitor: COUNTDOWN_OFF });
    expect(v.calls.some((c) => c.name === 'sysMsg' && c.body.msgContent === visitorTimeout)).toBe(true);

    // Off means off: no second message, however long the silence.
    await advance(70_000);
    expect(texts(v).filter((t) => t === visitorTimeout)).toHaveLength(1);
    expect(v.now().status).toBe(ChatStatus.InConversation);
  });

  it('timeouts: a visitor message clears the visitor countdown and starts the agent one; 60 s unanswered shows the agent-timeout message (SPEC §4 Timeouts)', async () => {
    const v = visit('timeouts');
    const agentTimeout = channelText('timeouts', 'adminTimeoutMsg');
    const visitorTimeout = channelText('timeouts', 'userTimeoutMsg');
    await connected(v);
    await advance(10_000);

    const id = v.engine.sendText('Hello?');
    await until('the message is sent', () => v.now().messages.some((m) => m.id === id && m.status === MessageStatus.Sent));
    const sentAt = Date.now();
    expect(v.now().countdown).toEqual({ agent: 60, visitor: COUNTDOWN_OFF });

    await until('the agent-timeout message', () => texts(v).includes(agentTimeout), 62_000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(60_000);
    expect(v.now().countdown).toEqual({ agent: COUNTDOWN_OFF, visitor: COUNTDOWN_OFF });
    expect(texts(v)).not.toContain(visitorTimeout);
  });

  it("form: the visitor must fill in the user form first (status 1, userForm 'required', no transfer); submitting it transfers to the agent (SPEC §4 chat status 1)", async () => {
    const v = visit('form');

    await until('the form', () => v.now().userForm === 'required');
    expect(v.now().status).toBe(ChatStatus.FormCheck);
    await advance(3_000);
    expect(count(v, 'transferAgent')).toBe(0);

    v.engine.submitUserForm({ name: 'Ada Lovelace', phone: '', email: 'ada@example.com' });

    await until('status 2', () => v.now().status === ChatStatus.InConversation);
    expect(v.now().userForm).toBe('done');
    expect(v.calls.find((c) => c.name === 'submitUserForm')?.body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(count(v, 'transferAgent')).toBe(1);
    expect(noticesOf(v)).toContain('sessionEstablished');
  });

  it('form: without the required name the submission fails, the visitor is told, and the form stays (SPEC §4 chat status 1, §8)', async () => {
    const v = visit('form');
    const failures: string[] = [];
    v.engine.events$.subscribe((e) => {
      if (e.type === 'submissionFailed') failures.push(e.form);
    });
    await until('the form', () => v.now().userForm === 'required');

    v.engine.submitUserForm({ name: '', phone: '123' });

    await until('the failure', () => failures.length > 0);
    expect(failures).toEqual(['userForm']);
    await advance(3_000);
    expect(v.now()).toMatchObject({ userForm: 'required', status: ChatStatus.FormCheck });
    expect(count(v, 'transferAgent')).toBe(0);
  });
});

describe('development controls drive the simulated agent (SPEC §4 event codes)', () => {
  it('/api/dev/endSession outType 2: the visitor sees the agent-close message, the chat is closed and the evaluation opens (SPEC §4 1202)', async () => {
    const v = visit('agent');
    const closeText = channelText('agent', 'adminCloseMsg');
    await connected(v);

    await v.dev('endSession', { outType: 2 });

    await until('the agent-close message', () => texts(v).includes(closeText), 3_000);
    expect(find(v, closeText)).toMatchObject({ senderType: SenderType.System, position: 'center' });
    expect(v.now()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: true, agentTyping: false });
    expect(v.now().evaluation.status).toBe(EvaluationStatus.Shown);
    await until('the star labels', () => v.now().evaluation.stars !== null, 1_000);
    expect(v.now().evaluation.stars).toHaveLength(5);

    // Polling stopped with the session.
    const polls = count(v, 'getEventMsg');
    await advance(10_000);
    expect(count(v, 'getEventMsg')).toBe(polls);
  });

  it('/api/dev/deleteMessage: the message disappears from the visitor’s conversation (SPEC §4 1205)', async () => {
    const v = visit('agent');
    await connected(v);
    await v.dev('agentSay', { text: 'Sorry, that was meant for someone else.' });
    await until('the agent message', () => texts(v).includes('Sorry, that was meant for someone else.'), 3_000);
    const said = find(v, 'Sorry, that was meant for someone else.');
    expect(said).toMatchObject({ senderType: SenderType.Agent, senderName: AGENT_NICK });
    const before = v.now().messages.length;

    await v.dev('deleteMessage', { msgId: said?.id });

    await until('the message is gone', () => !texts(v).includes('Sorry, that was meant for someone else.'), 3_000);
    expect(v.now().messages).toHaveLength(before - 1);
    expect(texts(v)).toContain(ADMIN_CARD.adminWelcomeMsg);
    expect(v.now().status).toBe(ChatStatus.InConversation);
  });

  it('/api/dev/refuse (1208): the visitor sees the refusal notice and polling stops (SPEC §4 1208)', async () => {
    const v = visit('agent');
    await connected(v);

    await v.dev('refuse');

    await until('the refusal', () => texts(v).includes('The agent declined the conversation.'), 3_000);
    expect(find(v, 'The agent declined the conversation.')).toMatchObject({ senderType: SenderType.System, position: 'center' });
    expect(v.now()).toMatchObject({ status: ChatStatus.NotStarted, chatClosed: false });
    const polls = count(v, 'getEventMsg');
    await advance(10_000);
    expect(count(v, 'getEventMsg')).toBe(polls);
  });
});
