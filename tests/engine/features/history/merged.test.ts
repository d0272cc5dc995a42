import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { offlineMessages, sessionMessages } from '#engine/features/history/effect';
import { ChatStatus, SenderType } from '#engine/model/codes';
import { decodeMessage } from '#engine/model/decodeMessage';
import type { ChatMessage } from '#engine/model/message';
import type { WireMessage } from '#engine/protocol';
import { ApiError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { logLines, logSpy, newScheduler, wireMessage } from '../../support/fixtures';
import { SESSION, readyState, runEffect } from '../../support/effectSpec';

const decoded = (wire: readonly WireMessage[]): ChatMessage[] =>
  wire.map((w) => decodeMessage(w, { now: 0, newId: () => 'unused' })).sort((a, b) => a.createdAt - b.createdAt);

/** The running session's messages, newest first as a server may send them. */
const SESSION_MSGS = [
  wireMessage({ id: 's2', msgTime: 52_000, msgContent: 'Let me check' }),
  wireMessage({ id: 's1', msgTime: 51_000, msgContent: 'Hello, Alice here' }),
];

/** An agent's reply to a message the visitor left yesterday. */
const OFFLINE_MSGS = [wireMessage({ id: 'o1', msgTime: 20_000, msgContent: 'Thanks, we found your order' })];

const started = (status: ChatStatus): Intent => ({ type: 'sessionStarted', session: SESSION, status });
const resumed = (status: ChatStatus): Intent => ({ type: 'sessionResumed', session: SESSION, status });
/** The newest history page, as the history effect reports it. */
const page = (messages: readonly ChatMessage[] = []): Intent => ({ type: 'historyLoaded', messages, exhausted: true });

describe('sessionMessages effect: SPEC §7 getSessionMsg {userId, sessionId} (issue 27)', () => {
  it('a chat that starts in a running conversation (status 2) or in the queue (3) asks for the session’s messages once the newest history page is in', () => {
    for (const status of [ChatStatus.InConversation, ChatStatus.Queued]) {
      const scheduler = newScheduler();
      scheduler.run(({ cold, expectObservable, flush }) => {
        const api = fakeApi({ getSessionMsg: () => cold('10ms (m|)', { m: SESSION_MSGS }) });
        const intents = cold('a 4ms h', { a: started(status), h: page() });
        const run = runEffect(sessionMessages, readyState(), intents, { api: api.api, scheduler });
        expectObservable(run.output$).toBe('15ms m', { m: { type: 'messagesMerged', messages: decoded(SESSION_MSGS) } });
        flush();
        expect(api.bodies('getSessionMsg')).toEqual([{ userId: SESSION.userId, sessionId: SESSION.sessionId }]);
      });
    }
  });

  it('a new chat (status 0) or one behind a form (1) asks nothing; a resumed session in conversation asks again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ getSessionMsg: () => cold('(m|)', { m: [] }) });
      const values: Record<string, Intent> = {
        a: started(ChatStatus.NotStarted),
        b: started(ChatStatus.FormCheck),
        h: page(),
        c: resumed(ChatStatus.InConversation),
      };
      expectObservable(runEffect(sessionMessages, readyState(), cold('a b h c', values), { api: api.api, scheduler }).output$).toBe('---m', {
        m: { type: 'messagesMerged', messages: [] },
      });
      flush();
      expect(api.count('getSessionMsg')).toBe(1);
    });
  });

  it('a failed call, or a failed history page before it, leaves the list as it was, with a log line', () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ getSessionMsg: () => cold('#', undefined, new ApiError('getSessionMsg', 500, 'down')) });
      const values: Record<string, Intent> = { a: started(ChatStatus.InConversation), f: { type: 'historyFailed' } };
      const intents = cold('a f', values);
      expectObservable(runEffect(sessionMessages, readyState(), intents, { api: api.api, scheduler, log }).output$).toBe('', {});
    });
    expect(logLines(log)).toEqual(['getSessionMsg failed: down']);
  });

  it('merged by time and once: what history already shows is not shown again, a newer message goes after it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const history = decoded([
        wireMessage({ id: 'h1', msgTime: 10_000, msgContent: 'Yesterday' }),
        wireMessage({ id: 's1', msgTime: 51_000, msgContent: 'Hello, Alice here' }),
      ]);
      const api = fakeApi({ getSessionMsg: () => cold('(m|)', { m: SESSION_MSGS }) });
      const run = runEffect(sessionMessages, readyState(), cold('a h', { a: started(ChatStatus.InConversation), h: page(history) }), {
        api: api.api,
        scheduler,
      });
      run.output$.subscribe();
      flush();
      expect(run.getState().messages.map((m) => [m.id, m.senderType])).toEqual([
        ['h1', SenderType.Agent],
        ['s1', SenderType.Agent],
        ['s2', SenderType.Agent],
      ]);
    });
  });
});

describe('offlineMessages effect: SPEC §7 getOfflineMsg {userId} (issue 27)', () => {
  it('every start of the chat in a page asks, in any status, once the newest history page is in; a session recovery does not', () => {
    for (const status of [ChatStatus.NotStarted, ChatStatus.FormCheck, ChatStatus.InConversation, ChatStatus.Queued]) {
      const scheduler = newScheduler();
      scheduler.run(({ cold, expectObservable, flush }) => {
        const api = fakeApi({ getOfflineMsg: () => cold('10ms (m|)', { m: OFFLINE_MSGS }) });
        const intents = cold('a 4ms h 30ms r', { a: started(status), h: page(), r: resumed(status) });
        const run = runEffect(offlineMessages, readyState(), intents, { api: api.api, scheduler });
        expectObservable(run.output$).toBe('15ms m', { m: { type: 'messagesMerged', messages: decoded(OFFLINE_MSGS) } });
        flush();
        expect(api.bodies('getOfflineMsg')).toEqual([{ userId: SESSION.userId }]);
      });
    }
  });

  it('the reply goes in time order among the history, below the left message it answers and above what came later, and only once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const history = decoded([
        wireMessage({ id: 'left', senderType: SenderType.Visitor, msgTime: 19_000, msgContent: 'Where is my order?' }),
        wireMessage({ id: 'later', senderType: SenderType.Visitor, msgTime: 30_000, msgContent: 'Hello again' }),
      ]);
      const api = fakeApi({ getOfflineMsg: () => cold('(m|)', { m: [...OFFLINE_MSGS, ...OFFLINE_MSGS] }) });
      // The page comes after the start: the reply must not end up below the page's newer messages.
      const run = runEffect(offlineMessages, readyState(), cold('a 5ms h', { a: started(ChatStatus.NotStarted), h: page(history) }), {
        api: api.api,
        scheduler,
      });
      run.output$.subscribe();
      flush();
      expect(run.getState().messages.map((m) => m.id)).toEqual(['left', 'o1', 'later']);
    });
  });

  it('a backend without the call (it throws, or answers an error) is one log line, and the list stays as it was', () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({
        getOfflineMsg: () => {
          throw new Error('getOfflineMsg is not implemented');
        },
      });
      const intents = cold('a h', { a: started(ChatStatus.NotStarted), h: page() });
      expectObservable(runEffect(offlineMessages, readyState(), intents, { api: api.api, scheduler, log }).output$).toBe('', {});
    });
    expect(logLines(log)).toEqual(['getOfflineMsg failed: getOfflineMsg is not implemented']);
  });
});
