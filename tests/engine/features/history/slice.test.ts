import { describe, expect, it } from 'vitest';
import type { ChatState } from '#engine/core/state';
import { canLoadOlder } from '#engine/features/history/predicates';
import { historyCases } from '#engine/features/history/slice';
import { MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { readyState, SESSION, stateWith } from '../../support/effectSpec';

const agent = (id: string, createdAt: number): ChatMessage =>
  createMessage({ id, senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: id, createdAt, msgTime: createdAt });
const idle = { loading: false, exhausted: false, newest: true };

describe('history predicates: canLoadOlder (SPEC §7 getHistoryMsg)', () => {
  it('an older page may be asked for once the chat is ready, while none is loading and the last was not the oldest', () => {
    expect(canLoadOlder(readyState({ history: idle }))).toBe(true);
  });

  it.each<[string, Partial<ChatState>]>([
    ['before the chat is ready', { phase: 'starting', session: SESSION }],
    ['without a session', { phase: 'ready', session: null }],
    ['while a page is loading', { history: { loading: true, exhausted: false, newest: true } }],
    ['after the oldest page', { history: { loading: false, exhausted: true, newest: true } }],
    ['on the page error state', { phase: 'error' }],
  ])('not %s', (_when, fields) => {
    expect(canLoadOlder(readyState(fields))).toBe(false);
  });
});

describe('history slice', () => {
  it('the newest page loads as soon as the session starts', () => {
    const started = historyCases.sessionStarted(stateWith({ history: { loading: false, exhausted: true, newest: true } }), {
      type: 'sessionStarted',
      session: SESSION,
      status: 0,
    });
    expect(started.history).toEqual({ loading: true, exhausted: false, newest: false });
  });

  it('a request is taken only when canLoadOlder; otherwise the state is left as it was', () => {
    expect(historyCases.historyRequested(readyState(), { type: 'historyRequested' }).history).toEqual({ loading: true, exhausted: false, newest: true });
    const exhausted = readyState({ history: { loading: false, exhausted: true, newest: true } });
    expect(historyCases.historyRequested(exhausted, { type: 'historyRequested' })).toBe(exhausted);
    const notReady = stateWith();
    expect(historyCases.historyRequested(notReady, { type: 'historyRequested' })).toBe(notReady);
  });

  it('a page is shown above the messages, without the ones already shown; the page says whether it was the oldest', () => {
    const loading = readyState({ messages: [agent('b', 2000), agent('c', 3000)], history: { loading: true, exhausted: false, newest: true } });
    const loaded = historyCases.historyLoaded(loading, { type: 'historyLoaded', messages: [agent('a', 1000), agent('b', 2000)], exhausted: true });
    expect(loaded.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(loaded.history).toEqual({ loading: false, exhausted: true, newest: true });
  });

  it("a visitor message confirmed under the backend's own id (no clientMsgId extension) is not shown again when a page names it by that id", () => {
    const sent: ChatMessage = {
      ...createMessage({ id: 'client-1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hi', createdAt: 2000 }),
      serverId: 'srv-1',
    };
    const loading = readyState({ messages: [sent], history: { loading: true, exhausted: false, newest: true } });
    const page = [agent('a', 1000), createMessage({ id: 'srv-1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hi', createdAt: 2000 })];
    const loaded = historyCases.historyLoaded(loading, { type: 'historyLoaded', messages: page, exhausted: true });
    expect(loaded.messages.map((m) => m.id)).toEqual(['a', 'client-1']);
  });

  it('a page that repeats an id shows that message once (the first of the page)', () => {
    const loading = readyState({ history: { loading: true, exhausted: false, newest: true } });
    const loaded = historyCases.historyLoaded(loading, {
      type: 'historyLoaded',
      messages: [agent('h1', 1000), agent('h1', 1500), agent('h2', 2000)],
      exhausted: true,
    });
    expect(loaded.messages.map((m) => [m.id, m.createdAt])).toEqual([
      ['h1', 1000],
      ['h2', 2000],
    ]);
  });

  it('a failed page stops loading and leaves the list as it was', () => {
    const loading = readyState({ messages: [agent('b', 2000)], history: { loading: true, exhausted: false, newest: true } });
    const failed = historyCases.historyFailed(loading, { type: 'historyFailed' });
    expect(failed.history).toEqual(idle);
    expect(failed.messages).toBe(loading.messages);
  });
});
