import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ChatStatus,
  EvaluationStatus,
  MsgType,
  OutType,
  SenderType,
  createChatEngine,
  memoryStorage,
  type ChatEngine,
  type EngineEvent,
} from '@visitor-chat/chat-engine';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';

/** The reference server (with its development controls) behind MSW; one store for the whole file. */
const app = createApp({ devControls: true, agentDelayMs: 50 });
const server = setupServer(...createHandlers(app));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const API_BASE = 'http://widget.test';
/** Polling runs every 2 s in real time: waits allow a few rounds. */
const WAIT = { timeout: 8_000, interval: 50 };

/** An engine against the reference server, started, with its events recorded; disposed at the end of the test. */
function startEngine(query: string, storage = memoryStorage()): { engine: ChatEngine; events: EngineEvent[] } {
  const engine = createChatEngine({ apiBase: API_BASE, query, storage, log: { warn: () => undefined } });
  const events: EngineEvent[] = [];
  engine.events$.subscribe((e) => events.push(e));
  onTestFinished(() => engine.dispose());
  engine.start();
  return { engine, events };
}

/** Calls the server directly (development controls, or a look at what it stored). */
async function post<T>(path: string, body: object): Promise<T> {
  const response = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

const userIdOf = (engine: ChatEngine) => engine.getSnapshot().session?.userId ?? '';

describe('forms and dialogs against the reference server', () => {
  it('form preset: the modal form is required; a failed submission keeps it, a good one lets the transfer connect', async () => {
    const { engine, events } = startEngine('?channelid=form&username=Ann');
    await vi.waitFor(() => expect(engine.getSnapshot().userForm).toBe('required'), WAIT);
    expect(engine.getSnapshot().channel?.userForm).toMatchObject({
      modal: true,
      fields: [{ name: 'name', required: true }, { name: 'phone' }, { name: 'email' }],
    });
    expect(engine.getSnapshot().status).toBe(ChatStatus.FormCheck);

    engine.submitUserForm({ name: '__fail__' });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'submissionFailed', form: 'userForm' }), WAIT);
    expect(engine.getSnapshot().userForm).toBe('required');

    engine.submitUserForm({ name: 'Ann', email: 'ann@example.com' });
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe(ChatStatus.InConversation), WAIT);
    expect(engine.getSnapshot().userForm).toBe('done');
  });

  it('groups preset: three groups to pick from; the choice connects', async () => {
    const { engine } = startEngine('?channelid=groups');
    await vi.waitFor(() => expect(engine.getSnapshot().groupChoice?.map((g) => g.name)).toEqual(['Sales', 'Technical support', 'Billing']), WAIT);

    engine.chooseGroup('support');

    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe(ChatStatus.InConversation), WAIT);
    expect(engine.getSnapshot().groupChoice).toBeNull();
  });

  it('offline preset: the offline text offers the form; the message left is stored; back later, the visitor sees the agent’s reply below it (getOfflineMsg), once', async () => {
    const storage = memoryStorage();
    const { engine, events } = startEngine('?channelid=offline', storage);
    await vi.waitFor(() => expect(engine.getSnapshot().leaveMessage.offered).toBe('offline'), WAIT);
    expect(engine.getSnapshot().messages).toContainEqual(expect.objectContaining({ msgType: MsgType.LeaveMessage, senderType: SenderType.System }));

    engine.openLeaveMessage();
    engine.leaveMessage({ name: 'Ann', email: 'ann@example.com', content: 'Please email me the price list' });

    await vi.waitFor(() => expect(events).toContainEqual({ type: 'submissionSucceeded', form: 'leaveMessage' }), WAIT);
    expect(engine.getSnapshot().leaveMessage).toMatchObject({ open: false, sending: false });
    const stored = await post<{ data: { msgContent: string; msgType: unknown }[] }>('/api/chat/visitor/getHistoryMsg', {
      userId: userIdOf(engine),
      pageSize: 20,
    });
    expect(stored.data.filter((m) => m.msgType === MsgType.LeaveMessage).map((m) => m.msgContent)).toEqual(['Please email me the price list']);
    engine.dispose();

    // The reply is not in the history until getOfflineMsg hands it over: only that call shows it.
    const reply = (m: { msgContent: string }) => m.msgContent.includes('“Please email me the price list”');
    const back = startEngine('?channelid=offline', storage).engine;
    await vi.waitFor(() => expect(back.getSnapshot().messages.some(reply)).toBe(true), WAIT);
    const shown = back.getSnapshot().messages;
    const left = shown.findIndex((m) => m.msgType === MsgType.LeaveMessage && m.senderType === SenderType.Visitor);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(shown.findIndex(reply)).toBe(left + 1);
    expect(shown[left + 1]).toMatchObject({ senderType: SenderType.Agent, senderName: 'Alice' });
    back.dispose();

    // Once handed over it is in the history, and shown once.
    const again = startEngine('?channelid=offline', storage).engine;
    await vi.waitFor(() => expect(again.getSnapshot().messages.some(reply)).toBe(true), WAIT);
    await vi.waitFor(() => expect(again.getSnapshot().history.loading).toBe(false), WAIT);
    expect(again.getSnapshot().messages.filter(reply)).toHaveLength(1);
  });

  it('closed preset: outside working hours offers the form too', async () => {
    const { engine } = startEngine('?channelid=closed');
    await vi.waitFor(() => expect(engine.getSnapshot().leaveMessage.offered).toBe('outsideHours'), WAIT);
  });

  it('agent preset: after the agent ends the session the evaluation opens with the server’s stars and is submitted', async () => {
    const { engine, events } = startEngine('?channelid=agent');
    await vi.waitFor(() => expect(engine.getSnapshot().status).toBe(ChatStatus.InConversation), WAIT);

    await post('/api/dev/endSession', { userId: userIdOf(engine), outType: OutType.AgentClosed });

    await vi.waitFor(
      () =>
        expect(engine.getSnapshot().evaluation).toMatchObject({ status: EvaluationStatus.Shown, stars: ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'] }),
      WAIT,
    );
    expect(engine.getSnapshot().chatClosed).toBe(true);

    engine.submitEvaluation({ star: 5, comment: '__fail__' });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'submissionFailed', form: 'evaluation' }), WAIT);
    expect(engine.getSnapshot().evaluation.status).toBe(EvaluationStatus.Shown);

    engine.submitEvaluation({ star: 5, comment: 'Great help' });
    await vi.waitFor(() => expect(engine.getSnapshot().evaluation.status).toBe(EvaluationStatus.Submitted), WAIT);
  });
});
