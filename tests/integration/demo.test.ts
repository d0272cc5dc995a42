import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createChatEngine, memoryStorage, MsgType, SenderType, type ChatEngine, type ChatMessage, type StoragePort } from '@visitor-chat/chat-engine';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';
import { PRESETS } from '../../server/presets';

/**
 * The reference server behind MSW at an absolute origin; one store for the whole file. Its robot
 * streams the answers the engine asks a stream for (docs/protocol.md "Streamed answers"), here
 * without pacing them.
 */
const server = setupServer(...createHandlers(createApp({ robotTokensPerSecond: Number.POSITIVE_INFINITY })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const API_BASE = 'http://widget.test';
const WELCOME = PRESETS.demo?.channel.robotWelcomeMsg ?? '';

/** An engine against the reference server, started and disposed at the end of the test. */
function startEngine(query: string, storage: StoragePort = memoryStorage()): ChatEngine {
  const engine = createChatEngine({ apiBase: API_BASE, query, storage, log: { warn: () => undefined } });
  onTestFinished(() => engine.dispose());
  engine.start();
  return engine;
}

const texts = (engine: ChatEngine) => engine.getSnapshot().messages.map((m) => m.msgContent);

describe('the engine against the reference server (demo channel)', () => {
  it('boots: channel info, a session, and the robot welcome followed by the FAQ message with its questions', async () => {
    const engine = startEngine('?channelid=demo');

    await vi.waitFor(() => expect(engine.getSnapshot().phase).toBe('ready'));
    expect(engine.getSnapshot().channel?.title).toBe('Demo shop support');
    expect(engine.getSnapshot().session?.userId).toBeTruthy();

    await vi.waitFor(() => expect(texts(engine)).toContain(WELCOME));
    const welcome = engine.getSnapshot().messages.find((m) => m.msgContent === WELCOME);
    expect(welcome?.senderType).toBe(SenderType.Robot);
    expect(welcome?.position).toBe('left');
    const faq = engine.getSnapshot().messages.at(engine.getSnapshot().messages.indexOf(welcome as ChatMessage) + 1);
    expect(faq).toMatchObject({ senderType: SenderType.Robot, msgType: MsgType.Faq });
    expect(faq?.suggestions?.map((r) => r.name)).toContain('How long does shipping take?');
  });

  it('a question is delivered and the robot answers it', async () => {
    const engine = startEngine('?channelid=demo');
    await vi.waitFor(() => expect(engine.getSnapshot().phase).toBe('ready'));

    const id = engine.sendText('How long does shipping take?');

    await vi.waitFor(() => expect(texts(engine).some((t) => t.startsWith('Standard shipping takes 3–5 business days'))).toBe(true));
    const { messages } = engine.getSnapshot();
    const question = messages.find((m) => m.id === id);
    expect(question).toMatchObject({ status: 'sent', position: 'right', senderType: SenderType.Visitor });
    const answer = messages[messages.length - 1];
    expect(answer).toMatchObject({ senderType: SenderType.Robot, position: 'left' });
    expect(answer?.awaiting).toBeFalsy();
  });

  it('a reload with the same storage keeps the visitor and the conversation, without a second welcome', async () => {
    const storage = memoryStorage();
    const first = startEngine('?channelid=demo', storage);
    await vi.waitFor(() => expect(first.getSnapshot().phase).toBe('ready'));
    first.sendText('Which payment methods do you accept?');
    await vi.waitFor(() => expect(texts(first).some((t) => t.startsWith('We accept Visa'))).toBe(true));
    const userId = first.getSnapshot().session?.userId;
    expect(storage.get('chat-demo-uid')).toBe(userId);
    first.dispose();

    const second = startEngine('?channelid=demo', storage);

    await vi.waitFor(() => expect(second.getSnapshot()).toMatchObject({ phase: 'ready', history: { loading: false } }));
    expect(second.getSnapshot().session?.userId).toBe(userId);
    const reloaded = texts(second);
    expect(reloaded).toContain('Which payment methods do you accept?');
    expect(reloaded.some((t) => t.startsWith('We accept Visa'))).toBe(true);
    expect(reloaded.indexOf('Which payment methods do you accept?')).toBeLessThan(reloaded.findIndex((t) => t.startsWith('We accept Visa')));
    expect(reloaded).not.toContain(WELCOME);
  });

  it("a new conversation shows the channel's auto-tip (SPEC §3 autoTip, message type 13) under the welcome", async () => {
    const engine = startEngine('?channelid=demo');
    await vi.waitFor(() => expect(texts(engine)).toContain(WELCOME));
    const tip = engine.getSnapshot().messages.at(-1);
    expect(tip).toMatchObject({ msgType: MsgType.AutoTip, msgContent: 'Tip: ask about shipping, returns or payment.' });
  });

  it('a new visitor (other storage) does not see anyone else’s conversation', async () => {
    const engine = startEngine('?channelid=demo');
    await vi.waitFor(() => expect(texts(engine)).toContain(WELCOME));
    // Only the channel's own opening: the welcome, its FAQ message (no text of its own: SPEC §2) and its auto-tip (SPEC §3 autoTip).
    expect(texts(engine)).toEqual([WELCOME, '', PRESETS.demo?.channel.autoTip]);
  });
});

describe('bootstrap errors from the reference server', () => {
  it("an unknown channel ends in the error state 'unknownChannel' with the server's message", async () => {
    const engine = startEngine('?channelid=no-such-channel');

    await vi.waitFor(() => expect(engine.getSnapshot().phase).toBe('error'));
    expect(engine.getSnapshot().error).toEqual({ code: 'unknownChannel', detail: 'channel not found' });
    expect(engine.getSnapshot().session).toBeNull();
  });

  it("no channel id at all is 'unknownChannelId', without asking the server", async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => void requests.push(request.url));
    onTestFinished(() => server.events.removeAllListeners());
    const engine = startEngine('?pid=1');

    await vi.waitFor(() => expect(engine.getSnapshot().phase).toBe('error'));
    expect(engine.getSnapshot().error).toEqual({ code: 'unknownChannelId' });
    expect(requests).toEqual([]);
  });

  it('siteid is accepted when channelid is missing', async () => {
    const engine = startEngine('?siteid=demo');
    await vi.waitFor(() => expect(engine.getSnapshot().phase).toBe('ready'));
    expect(engine.getSnapshot().channel?.title).toBe('Demo shop support');
  });
});

describe('a visitor back in a running conversation (SPEC §7 getSessionMsg, issue 27)', () => {
  it('sees that session’s messages once each, even from a backend whose history keeps none of them', async () => {
    const storage = memoryStorage();
    const first = startEngine('?channelid=agent', storage);
    await vi.waitFor(() => expect(first.getSnapshot().phase).toBe('ready'));
    first.sendText('Where is my order?');
    await vi.waitFor(() => expect(texts(first).some((t) => t.includes('looking into “Where is my order?”'))).toBe(true), { timeout: 5_000 });
    first.dispose();

    // The history answers nothing of the running session: only getSessionMsg has it.
    server.use(http.post(`${API_BASE}/api/chat/visitor/getHistoryMsg`, () => HttpResponse.json({ code: 200, data: [] })));
    const second = startEngine('?channelid=agent', storage);

    await vi.waitFor(() => expect(texts(second).some((t) => t.includes('looking into “Where is my order?”'))).toBe(true), { timeout: 5_000 });
    const shown = texts(second);
    expect(shown.filter((t) => t === 'Where is my order?')).toHaveLength(1);
    expect(shown.filter((t) => t.includes('looking into “Where is my order?”'))).toHaveLength(1);
    expect(shown.indexOf('Where is my order?')).toBeLessThan(shown.findIndex((t) => t.includes('looking into')));
  });
});

describe('a robot conversation handed to an agent (SPEC §7 addSessionMsg, issue 27)', () => {
  it('adds what the visitor and the robot said to the agent’s session once; a backend that stored them already keeps each once', async () => {
    const added: { senderType?: number; msgContent?: string; clientMsgId?: string }[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/addSessionMsg'))
        void request
          .clone()
          .json()
          .then((body: (typeof added)[number]) => added.push(body));
    });
    onTestFinished(() => server.events.removeAllListeners());
    const engine = startEngine('?channelid=demo');
    await vi.waitFor(() => expect(texts(engine)).toContain(WELCOME));
    engine.sendText('How long does shipping take?');
    await vi.waitFor(() => expect(texts(engine).some((t) => t.startsWith('Standard shipping takes 3–5 business days'))).toBe(true), { timeout: 5_000 });
    const answer = texts(engine).find((t) => t.startsWith('Standard shipping takes 3–5 business days'));

    engine.requestHuman();
    await vi.waitFor(() => expect(added.map((b) => b.msgContent)).toEqual([WELCOME, 'How long does shipping take?', answer]), { timeout: 5_000 });
    expect(added.map((b) => b.senderType)).toEqual([SenderType.Robot, SenderType.Visitor, SenderType.Robot]);

    // The reference server holds them already: its history has each once, and the welcome it never said is not the robot's.
    const userId = engine.getSnapshot().session?.userId ?? '';
    const response = await fetch(`${API_BASE}/api/chat/visitor/getHistoryMsg`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId, pageSize: 20 }),
    });
    const stored = ((await response.json()) as { data: { msgContent: string }[] }).data.map((m) => m.msgContent);
    expect(stored.filter((t) => t === 'How long does shipping take?')).toHaveLength(1);
    expect(stored.filter((t) => t === answer)).toHaveLength(1);
    expect(stored).not.toContain(WELCOME);
  }, 15_000);
});
