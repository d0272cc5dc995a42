import { describe, expect, it } from 'vitest';
import type { Observable } from 'rxjs';
import type { Intent } from '#engine/core/intents';
import { agentEvents } from '#engine/features/agentEvents/effect';
import { ChatStatus, MessageStatus, SenderType } from '#engine/model/codes';
import type { TabsPort } from '#engine/ports';
import type { WireEvent } from '#engine/protocol';
import type { EventBatch } from '#engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { CHANNEL_ID, USER_ID, newScheduler, type RunHelpers } from '../../support/fixtures';
import { runEffect } from '../../support/effectSpec';
import { batch, ev } from '../../support/agentApi';
import { agentState, batchesOf, textLine } from '../../support/agentSide';

/** A tab's port whose listener and shared batches are marbles; what the tab shares is recorded with its time. */
function tabs(listener$: Observable<boolean>, shared$: Observable<EventBatch>) {
  const shares: { at: number; scope: string; batch: EventBatch }[] = [];
  const scopes: string[] = [];
  const port = (now: () => number): TabsPort => ({
    listener: (scope) => {
      scopes.push(scope);
      return listener$;
    },
    shared: () => shared$,
    share: (scope, b) => void shares.push({ at: now(), scope, batch: b }),
  });
  return { port, shares, scopes };
}

/** getEventMsg answering these batches at once, one per poll, then polls that never answer. */
function polls(cold: RunHelpers['cold'], ...batches: EventBatch[]) {
  return fakeApi({ getEventMsg: answers(...batches.map((b) => cold('(b|)', { b })), cold<EventBatch>('-')) });
}

const withId = (event: WireEvent, eventId: string): WireEvent => ({ ...event, eventId });
/** Marble value: agent message `id` ('hi'), shown at `at`. */
const shown = (id: string, at: number): Intent => ({ type: 'agentMessages', messages: [textLine(id, 'hi', at)] });
const SCOPE = `${CHANNEL_ID} ${USER_ID}`;

const v = {
  V: { type: 'evaluationRequested' },
  c: { type: 'agentConnected' },
  x: { type: 'chatClosed' },
} satisfies Record<string, Intent>;

const on = { t: true, f: false };

describe('agent events across the visitor’s tabs (docs/protocol.md "Several tabs"): one tab listens and shares', () => {
  it('a tab that is not the listener never polls, and shows what the listening tab shared, once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = polls(cold, batch(ev.message('a1')));
      const shared$ = cold('1000ms a 999ms a', { a: batch(ev.message('a1')) });
      const t = tabs(cold('-', on), shared$);
      const expected = '     1000ms A 999ms -';
      const run = runEffect(agentEvents, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, tabs: t.port(() => scheduler.now()) });
      expectObservable(run.output$).toBe(expected, { A: shown('a1', 1000) });
      flush();

      expect(api.count('getEventMsg')).toBe(0);
      expect(t.scopes).toEqual([SCOPE]);
    });
  });

  it('the listening tab polls as a lone tab does and shares each batch it received, with only the events new to it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const first = batch(withId(ev.message('a1'), '1'));
      const again = batch(withId(ev.message('a1'), '1'), withId(ev.message('a2'), '2'));
      const api = polls(cold, first, again);
      const t = tabs(cold('t', on), cold('-'));
      const expected = 'A 1999ms B';
      const run = runEffect(agentEvents, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, tabs: t.port(() => scheduler.now()) });
      expectObservable(run.output$).toBe(expected, { A: shown('a1', 0), B: shown('a2', 2000) });
      flush();

      expect(t.shares.map(({ at, scope, batch: b }) => [at, scope, b.events.map((e) => e.eventId)])).toEqual([
        [0, SCOPE, ['1']],
        [2000, SCOPE, ['2']],
      ]);
    });
  });

  it('the lock is asked for, and what the tabs share heard, only while with an agent or queued (status 2 or 3)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const listener$ = cold('-', on);
      const shared$ = cold<EventBatch>('-');
      const t = tabs(listener$, shared$);
      const intents = cold('1000ms c 1999ms x', v);
      expectObservable(batchesOf(agentState(ChatStatus.NotStarted), intents, { scheduler, tabs: t.port(() => scheduler.now()) })).toBe('-');
      expectSubscriptions(listener$.subscriptions).toBe('1000ms ^ 1999ms !');
      expectSubscriptions(shared$.subscriptions).toBe('1000ms ^ 1999ms !');
    });
  });

  it('a tab talking to the robot (status 0) hears nothing of the tabs, so their code does not load on its first screen: it learns of an agent on its next page load', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const shared$ = cold('500ms a', { a: batch(ev.message('a1')) });
      const t = tabs(cold('-', on), shared$);
      expectObservable(runEffect(agentEvents, agentState(ChatStatus.NotStarted), cold(''), { scheduler, tabs: t.port(() => scheduler.now()) }).output$).toBe(
        '-',
      );
      expectSubscriptions(shared$.subscriptions).toBe([]);
    });
  });

  it('hand-over: the tab that takes over polls at once, acknowledging what it had from the listener, whose events it does not apply again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const answer$ = cold('(b|)', { b: batch(withId(ev.evaluate(), '7'), withId(ev.message('a2'), '8')) });
      const api = fakeApi({ getEventMsg: answers(answer$, cold<EventBatch>('-')) });
      const t = tabs(cold('2000ms t', on), cold('500ms a', { a: batch(withId(ev.evaluate(), '7')) }));
      const expected = '500ms V 1499ms B';
      const run = runEffect(agentEvents, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, tabs: t.port(() => scheduler.now()) });
      expectObservable(run.output$).toBe(expected, { ...v, B: shown('a2', 2000) });
      expectSubscriptions(answer$.subscriptions).toBe('2000ms (^!)');
      flush();

      expect(api.bodies('getEventMsg')[0]).toMatchObject({ lastEventId: '7' });
    });
  });

  it('a listening tab that hands over (its page frozen) stops listening; it polls again once it listens again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = polls(cold, batch(), batch(), batch());
      const t = tabs(cold('t 2999ms f 2999ms t', on), cold('-'));
      // Polls at 0 s and 2 s; none at 4 s; at 6 s again.
      const expected = 'b 1999ms b 3999ms b';
      expectObservable(batchesOf(agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler, tabs: t.port(() => scheduler.now()) })).toBe(
        expected,
        { b: batch() },
      );
    });
  });
});

describe('what the visitor sends, given to the other tabs as the 1201 a backend of "Several tabs" echoes', () => {
  const sent = { ...textLine('c1', 'from this tab', 5, SenderType.Visitor), status: MessageStatus.Pending };
  const delivered = { type: 'sendSucceeded', id: 'c1', serverId: 'srv-1' } satisfies Intent;

  it('a message delivered while with an agent is shared with its clientMsgId; another tab shows it once, as sentElsewhere, and the backend’s own echo of it is then a repeat', () => {
    const scheduler = newScheduler();
    const shares: EventBatch[] = [];
    scheduler.run(({ cold, flush }) => {
      const t = tabs(cold('-', on), cold('-'));
      const start = agentState(ChatStatus.InConversation, { messages: [sent] });
      runEffect(agentEvents, start, cold('1000ms d', { d: delivered }), { scheduler, tabs: t.port(() => scheduler.now()) }).output$.subscribe();
      flush();
      shares.push(...t.shares.map((s) => s.batch));
      expect(t.shares.map((s) => s.at)).toEqual([1000]);
    });
    const [shared] = shares;
    if (!shared) throw new Error('nothing was shared');

    const other = newScheduler();
    other.run(({ cold, expectObservable, flush }) => {
      const echo = ev.message('srv-1', { senderType: SenderType.Visitor, clientMsgId: 'c1', msgContent: 'from this tab' });
      const api = polls(cold, batch(echo));
      const t = tabs(cold('1000ms t', on), cold('500ms s', { s: shared }));
      const expected = '500ms E 499ms -';
      const run = runEffect(agentEvents, agentState(ChatStatus.InConversation), cold(''), { api: api.api, scheduler: other, tabs: t.port(() => other.now()) });
      expectObservable(run.output$).toBe(expected, {
        E: { type: 'sentElsewhere', messages: [expect.objectContaining({ id: 'c1', msgContent: 'from this tab', senderType: SenderType.Visitor })] },
      });
      flush();

      expect(run.getState().messages.map((m) => [m.id, m.position])).toEqual([['c1', 'right']]);
    });
  });

  it('not while talking to the robot (status 0): the robot answers the tab that asked', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const t = tabs(cold('-', on), cold('-'));
      const start = agentState(ChatStatus.NotStarted, { messages: [sent] });
      runEffect(agentEvents, start, cold('1000ms d', { d: delivered }), { scheduler, tabs: t.port(() => scheduler.now()) }).output$.subscribe();
      flush();

      expect(t.shares).toEqual([]);
    });
  });
});
