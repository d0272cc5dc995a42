import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { typing } from '#engine/features/signals/typing';
import { ChatStatus } from '#engine/model/codes';
import { NetworkError } from '#engine/transport/errors';
import type { TypingRequest } from '#engine/protocol';
import { fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { runEffect, stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, recorded, textLine } from '../../support/agentSide';

/** Marble values: the visitor typing, and the agent's typing and what ends it. */
const v = {
  a: { type: 'visitorTyping', text: 'h' },
  b: { type: 'visitorTyping', text: 'he' },
  c: { type: 'visitorTyping', text: 'hel' },
  d: { type: 'visitorTyping', text: 'hell' },
  e: { type: 'visitorTyping', text: 'hello' },
  x: { type: 'chatClosed' },
  T: { type: 'agentTyping' },
  M: { type: 'agentMessages', messages: [textLine('a1', 'hi')] },
  R: { type: 'agentRefused' },
  s: { type: 'agentTypingStopped' },
} satisfies Record<string, Intent>;
/** The msgContent of the typing notices sent. */
const sent = { h: 'h', l: 'hel', L: 'hell', o: 'hello' };

describe('typing effect: SPEC §7 typing — the visitor types', () => {
  it('at most one notice per 500 ms: the first at once, then the latest text at the end of each period', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const call = recorded((_req: TypingRequest) => cold('(a|)', { a: undefined }));
      const api = fakeApi({ typing: call.call });
      //                     0 ms   100 ms 200 ms  500 ms 600 ms  1000 ms 1200 ms 1500 ms
      const intents = cold(' a 99ms b 99ms c 299ms - 99ms d 399ms - 199ms e 299ms -', v);
      const notices = '      h 99ms - 99ms - 299ms l 99ms - 399ms L 199ms - 299ms o';
      expectObservable(call.requests$.pipe(map((r) => r.msgContent))).toBe(notices, sent);
      // Typing changes no state: the effect emits nothing.
      expectObservable(runEffect(typing, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler }).output$).toBe('-', v);
      flush();

      expect(api.bodies('typing')[0]).toEqual({ userId: USER_ID, msgContent: 'h' });
    });
  });

  it.each([
    ['0 (robot mode)', agentState(ChatStatus.NotStarted)],
    ['1', agentState(ChatStatus.FormCheck)],
    ['3 (queued)', agentState(ChatStatus.Queued)],
    ['2 without a session', stateWith({ channel: agentChannel(), status: ChatStatus.InConversation })],
  ])('only in status 2: no notice in status %s', (_name, start) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      expectObservable(runEffect(typing, start, cold(' a 99ms b', v), { api: api.api, scheduler }).output$).toBe('-', v);
      flush();

      expect(api.count('typing')).toBe(0);
    });
  });

  it('the latest text is dropped when the conversation ended before the end of the period', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const call = recorded((_req: TypingRequest) => cold('(a|)', { a: undefined }));
      const api = fakeApi({ typing: call.call });
      const intents = cold(' a 99ms b 99ms x 299ms -', v);
      const notices = '      h 99ms - 99ms - 299ms -';
      expectObservable(call.requests$.pipe(map((r) => r.msgContent))).toBe(notices, sent);
      runEffect(typing, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler }).output$.subscribe();
    });
  });

  it('SPEC §8: a failed notice is only logged', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ typing: () => cold<void>('#', undefined, new NetworkError('typing', 'offline')) });
      const log = logSpy();
      expectObservable(runEffect(typing, agentState(ChatStatus.InConversation), cold('a', v), { api: api.api, scheduler, log }).output$).toBe('-', v);
      flush();

      expect(logLines(log)).toEqual(['typing failed: offline']);
    });
  });
});

describe('typing effect: SPEC §4 event 1204 — the agent types', () => {
  it('the agent-typing flag clears 5 s (AGENT_TYPING_MS) after the last 1204; a new 1204 restarts the wait', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      //                      0 s      3 s      8 s
      const intents = cold('  T 2999ms T 4999ms -', v);
      const expected = '      - 2999ms - 4999ms s';
      const run = runEffect(typing, agentState(ChatStatus.InConversation), intents, { scheduler });
      expectObservable(run.output$).toBe(expected, v);
    });
  });

  it.each([
    ['an agent message', 'M'],
    ['the end of the chat (1202, chatClose)', 'x'],
    ['a refusal (1208)', 'R'],
  ])('%s clears it at once, and no late agentTypingStopped follows', (_name, end) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const intents = cold(`  T 999ms ${end} 3999ms -`, v);
      const expected = '      - 999ms -     3999ms -';
      const run = runEffect(typing, agentState(ChatStatus.InConversation), intents, { scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(run.getState().agentTyping).toBe(false);
    });
  });
});
