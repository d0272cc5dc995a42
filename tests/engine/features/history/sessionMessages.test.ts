import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { sessionMessages } from '#engine/features/history/effect';
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

const started = (status: ChatStatus): Intent => ({ type: 'sessionStarted', session: SESSION, status });

describe('sessionMessages effect: SPEC §7 getSessionMsg {userId, sessionId} (issue 27)', () => {
  it('a chat that starts in a running conversation (status 2) or in the queue (3) asks for the session’s messages, oldest first', () => {
    for (const status of [ChatStatus.InConversation, ChatStatus.Queued]) {
      const scheduler = newScheduler();
      scheduler.run(({ cold, expectObservable, flush }) => {
        const api = fakeApi({ getSessionMsg: () => cold('10ms (m|)', { m: SESSION_MSGS }) });
        const run = runEffect(sessionMessages, readyState(), cold('a', { a: started(status) }), { api: api.api, scheduler });
        expectObservable(run.output$).toBe('10ms m', { m: { type: 'sessionMessagesLoaded', messages: decoded(SESSION_MSGS) } });
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
        c: { type: 'sessionResumed', session: SESSION, status: ChatStatus.InConversation },
      };
      const intents = cold('a b c', values);
      expectObservable(runEffect(sessionMessages, readyState(), intents, { api: api.api, scheduler }).output$).toBe('--m', {
        m: { type: 'sessionMessagesLoaded', messages: [] },
      });
      flush();
      expect(api.count('getSessionMsg')).toBe(1);
    });
  });

  it('a failed call leaves the list as it was, with a log line', () => {
    const scheduler = newScheduler();
    const log = logSpy();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ getSessionMsg: () => cold('#', undefined, new ApiError('getSessionMsg', 500, 'down')) });
      expectObservable(
        runEffect(sessionMessages, readyState(), cold('a', { a: started(ChatStatus.InConversation) }), { api: api.api, scheduler, log }).output$,
      ).toBe('', {});
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
      const run = runEffect(sessionMessages, readyState({ messages: history }), cold('a', { a: started(ChatStatus.InConversation) }), {
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
