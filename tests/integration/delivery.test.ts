import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ChatStatus, MessageStatus, SenderType, createChatEngine, memoryStorage, type ChatEngine, type ChatState } from '@visitor-chat/chat-engine';
import type { ApiEnvelope, WireMessage } from '#engine/protocol';
import { ADMIN_CARD } from '../../server/agent';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';
import { AGENT_DELAY_MS, API_BASE, advance, fakeTimeHarness, until, useFakeTime } from './fakeTimeHarness';

/**
 * Idempotent delivery (docs/protocol.md "Extensions"): a real engine against the reference server
 * through MSW, with sendMsg answers that are slow or lost on the way back — the server has stored
 * the message each time, in fake time (fakeTimeHarness.ts).
 */

const SEND_PATH = '*/api/chat/visitor/sendMsg';
const { server, engines } = fakeTimeHarness();

/** What the server does with the answer of a sendMsg it has handled: `late` delays it, `lost` drops it. */
type SendFault = { late: number } | 'lostOnce';

interface Visit {
  engine: ChatEngine;
  now(): ChatState;
  /** Every state the visitor's UI was given, in order. */
  states: ChatState[];
  /** How many sendMsg requests reached the server. */
  sends(): number;
  /** The visitor's stored messages, from the server's history. */
  stored(): Promise<WireMessage[]>;
}

/** A visitor of `channel` against a fresh reference server whose sendMsg answers suffer `fault`. */
function visit(channel: string, fault: SendFault): Visit {
  useFakeTime();
  const app = createApp({ clock: () => Date.now(), agentDelayMs: AGENT_DELAY_MS });
  let sends = 0;
  const faulty = http.post(SEND_PATH, async ({ request }) => {
    sends += 1;
    const response = await app.fetch(request);
    if (fault === 'lostOnce') return sends === 1 ? HttpResponse.error() : response;
    await new Promise((resolve) => setTimeout(resolve, fault.late));
    return response;
  });
  server.use(faulty, ...createHandlers(app));

  const engine = createChatEngine({ apiBase: API_BASE, query: `?channelid=${channel}`, storage: memoryStorage(), log: { warn: () => undefined } });
  engines.push(engine);
  const states: ChatState[] = [];
  engine.subscribe(() => states.push(engine.getSnapshot()));
  engine.start();

  return {
    engine,
    now: () => engine.getSnapshot(),
    states,
    sends: () => sends,
    async stored() {
      const userId = engine.getSnapshot().session?.userId;
      const response = await app.request('/api/chat/visitor/getHistoryMsg', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, pageSize: 100 }),
      });
      return ((await response.json()) as ApiEnvelope<WireMessage[]>).data ?? [];
    },
  };
}

/** The statuses a message went through, as the UI saw them (each change once). */
function statusesOf(v: Visit, id: string | null): MessageStatus[] {
  return v.states
    .flatMap((s) => s.messages.filter((m) => m.id === id).map((m) => m.status))
    .filter((status, i, all): status is MessageStatus => status !== undefined && all[i - 1] !== status);
}

/** Connects the visitor of the agent channel and sends `text` once connected; returns the message id. */
async function sendToAgent(v: Visit, text: string): Promise<string | null> {
  await until('status 2', () => v.now().status === ChatStatus.InConversation);
  await until('the agent welcome', () => v.now().messages.some((m) => m.msgContent === ADMIN_CARD.adminWelcomeMsg));
  return v.engine.sendText(text);
}

const QUESTION = 'Where is my order?';
const byVisitor = (messages: readonly Pick<WireMessage, 'senderType' | 'msgContent'>[]) =>
  messages.filter((m) => m.senderType === SenderType.Visitor && m.msgContent === QUESTION);
const answersTo = (messages: readonly Pick<WireMessage, 'senderType' | 'msgContent'>[]) =>
  messages.filter((m) => m.senderType === SenderType.Agent && m.msgContent.includes(QUESTION));

describe('idempotent delivery against the reference server: nothing lost, nothing doubled', () => {
  it('the first answer is lost on the way: the attempt at 5 s gets the first result; stored, shown and answered once', async () => {
    const v = visit('agent', 'lostOnce');
    const id = await sendToAgent(v, QUESTION);

    await until('sent', () => statusesOf(v, id).includes(MessageStatus.Sent), 7_000);
    await advance(AGENT_DELAY_MS + 4_000);

    expect(v.sends()).toBe(2);
    expect(statusesOf(v, id)).toEqual([MessageStatus.Pending, MessageStatus.Sent]);
    expect(byVisitor(await v.stored())).toHaveLength(1);
    expect(answersTo(await v.stored())).toHaveLength(1);
    expect(byVisitor(v.now().messages)).toHaveLength(1);
    expect(answersTo(v.now().messages)).toHaveLength(1);
  });

  it('every answer takes 7 s: the first attempt’s answer confirms at 7 s, never a fail; stored and answered once', async () => {
    const v = visit('agent', { late: 7_000 });
    const id = await sendToAgent(v, QUESTION);

    await until('sent', () => statusesOf(v, id).includes(MessageStatus.Sent), 8_000);
    await advance(AGENT_DELAY_MS + 4_000);

    expect(v.sends()).toBe(2);
    expect(statusesOf(v, id)).toEqual([MessageStatus.Pending, MessageStatus.Sent]);
    expect(byVisitor(await v.stored())).toHaveLength(1);
    expect(answersTo(await v.stored())).toHaveLength(1);
    expect(answersTo(v.now().messages)).toHaveLength(1);
  });

  it('every answer takes 14 s: "not delivered" at 12 s turns into sent at 14 s; stored and answered once', async () => {
    const v = visit('agent', { late: 14_000 });
    const id = await sendToAgent(v, QUESTION);

    await until('sent', () => statusesOf(v, id).includes(MessageStatus.Sent), 15_000);
    await advance(AGENT_DELAY_MS + 4_000);

    expect(v.sends()).toBe(3);
    expect(statusesOf(v, id)).toEqual([MessageStatus.Pending, MessageStatus.Fail, MessageStatus.Sent]);
    expect(byVisitor(await v.stored())).toHaveLength(1);
    expect(answersTo(await v.stored())).toHaveLength(1);
    expect(answersTo(v.now().messages)).toHaveLength(1);
  });

  it('robot channel, every answer takes 14 s: the late confirmation asks the robot once', async () => {
    const v = visit('demo', { late: 14_000 });
    await until('ready', () => v.now().phase === 'ready' && v.now().messages.length > 0);
    const id = v.engine.sendText('How long does shipping take?');

    await until('sent', () => statusesOf(v, id).includes(MessageStatus.Sent), 15_000);
    await advance(3_000);

    expect(statusesOf(v, id)).toEqual([MessageStatus.Pending, MessageStatus.Fail, MessageStatus.Sent]);
    const stored = await v.stored();
    expect(stored.filter((m) => m.senderType === SenderType.Visitor)).toHaveLength(1);
    expect(stored.filter((m) => m.senderType === SenderType.Robot && m.msgContent.startsWith('Standard shipping'))).toHaveLength(1);
    expect(v.now().messages.filter((m) => m.senderType === SenderType.Robot && m.msgContent.startsWith('Standard shipping'))).toHaveLength(1);
  });
});

describe('after the visitor ends the chat', () => {
  it('the conversation says it ended, and the next message starts a new chat: a new agent connects and answers it', async () => {
    const v = visit('agent', { late: 0 });
    await sendToAgent(v, 'Hello');
    await advance(AGENT_DELAY_MS + 1_000);
    v.engine.closeChat();
    await until('closed', () => v.now().chatClosed);
    expect(v.now().messages.at(-1)?.notice).toEqual({ id: 'visitorEnded' });

    const id = v.engine.sendText(QUESTION);
    // Not to a closed chat that nobody reads: it starts a new one with an agent.
    await until('a new agent session', () => v.now().status === ChatStatus.InConversation);
    await until('sent', () => statusesOf(v, id).includes(MessageStatus.Sent));
    await advance(AGENT_DELAY_MS + 4_000);
    expect(answersTo(v.now().messages)).toHaveLength(1);
    expect(v.now().chatClosed).toBe(false);
  });
});
