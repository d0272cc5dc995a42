import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { receipts } from '#engine/features/signals/receipts';
import { ChatStatus } from '#engine/model/codes';
import { NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { runEffect } from '../../support/effectSpec';
import { agentState, textLine } from '../../support/agentSide';

/** Marble values: agent messages, the page shown or hidden, the end; and the read mark. */
const v = {
  M: { type: 'agentMessages', messages: [textLine('a1', 'hi')] },
  N: { type: 'agentMessages', messages: [textLine('a2', 'hi again')] },
  V: { type: 'visibilityChanged', visible: true },
  H: { type: 'visibilityChanged', visible: false },
  x: { type: 'chatClosed' },
  r: { type: 'readMarked' },
} satisfies Record<string, Intent>;

describe('receipts effect: SPEC §4 event 1201 "mark read", SPEC §7 msgComplete', () => {
  it('at most once per 5 s: the first message is marked at once, later ones at the end of the period', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const complete$ = cold('(a|)', { a: undefined });
      const api = fakeApi({ msgComplete: () => complete$ });
      //                     0 s      2 s      4 s     5 s
      const intents = cold(' M 1999ms N 1999ms M 999ms -', v);
      const expected = '     r 1999ms - 1999ms - 999ms r';
      const marks = ['                    (^!)', '                    - 1999ms - 1999ms - 999ms (^!)'];
      const run = runEffect(receipts, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      expectSubscriptions(complete$.subscriptions).toBe(marks);
      flush();

      expect(api.bodies('msgComplete')).toEqual([
        { userId: USER_ID, pollId: 'p-1' },
        { userId: USER_ID, pollId: 'p-1' },
      ]);
      expect(run.getState().unread).toBe(false);
    });
  });

  it('only while the page is visible: a message that arrived hidden is marked when the page shows again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ msgComplete: () => cold('(a|)', { a: undefined }) });
      const hidden = agentState(ChatStatus.InConversation, { pageVisible: false });
      const intents = cold(' M 2999ms V', v);
      const expected = '     - 2999ms r';
      expectObservable(runEffect(receipts, hidden, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('a message that arrived hidden inside the 5 s is marked at the end of the period, once the page shows again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ msgComplete: () => cold('(a|)', { a: undefined }) });
      //                     0 s     1 s     2 s      4 s     5 s
      const intents = cold(' M 999ms H 999ms N 1999ms V 999ms -', v);
      const expected = '     r 999ms - 999ms - 1999ms - 999ms r';
      expectObservable(runEffect(receipts, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('only in status 2: nothing while queued, and a mark due at the end of the period is dropped when the chat closed meanwhile', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ msgComplete: () => cold('(a|)', { a: undefined }) });
      expectObservable(runEffect(receipts, agentState(ChatStatus.Queued), cold(' M', v), { scheduler }).output$).toBe('-', v);

      //                     0 s     1 s     2 s      5 s
      const intents = cold(' M 999ms N 999ms x 2999ms -', v);
      const expected = '     r 999ms - 999ms - 2999ms -';
      expectObservable(runEffect(receipts, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('msgComplete')).toBe(1);
    });
  });

  it('nothing to mark: the page showing again with every message read sends nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const hidden = agentState(ChatStatus.InConversation, { pageVisible: false });
      expectObservable(runEffect(receipts, hidden, cold(' V', v), { scheduler }).output$).toBe('-', v);
    });
  });

  it('SPEC §8: a failed msgComplete is only logged; the message counts as read', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ msgComplete: () => cold<void>('#', undefined, new NetworkError('msgComplete', 'offline')) });
      const log = logSpy();
      const run = runEffect(receipts, agentState(ChatStatus.InConversation), cold(' M', v), { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(' r', v);
      flush();

      expect(logLines(log)).toEqual(['msgComplete failed: offline']);
      expect(run.getState().unread).toBe(false);
    });
  });
});

describe('receipts: the 5 s counts from the last receipt sent', () => {
  it('SPEC §7 read receipt: a message left unread because the page was hidden at the end of the period is marked when the page shows again (no receipt was sent for 5 s)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ msgComplete: () => cold('(a|)', { a: undefined }) });
      //                     0 s     1 s     2 s       6 s
      const intents = cold(' M 999ms N 999ms H 3999ms V', v);
      const expected = '     r 999ms - 999ms - 3999ms r';
      expectObservable(runEffect(receipts, agentState(ChatStatus.InConversation), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });
});
