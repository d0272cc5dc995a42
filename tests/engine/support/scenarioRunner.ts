import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { outboxKey } from '#engine/constants';
import type { ChatState } from '#engine/core/state';
import { createChatEngine, type ChatEngine } from '#engine/engine';
import { canRetry } from '#engine/features/delivery/predicates';
import { MessageStatus, SenderType } from '#engine/model/codes';
import { memoryStorage, type StoragePort } from '#engine/ports';
import { DISPOSE_AT_MS, END_MS, HEALTHY_AT_MS, ONLINE_AT_MS, type Action, type Scenario } from './scenario';
import { Backend, CallTracker, type Trace } from './scenarioBackend';

/**
 * Plays a scenario (scenario.ts) on its backend (scenarioBackend.ts) and reports what the property
 * test checks: the visitor's actions at their times, the `online` and visibility ports emitting,
 * reloads (the engine disposed and a new one made on the same storage and backend), dispose, and
 * what was left after it.
 */

/** What one run showed, for the properties to judge. */
export interface Outcome {
  /** Exceptions that escaped: thrown out of the scheduler (a command, a timer, an unhandled RxJS error). */
  thrown: unknown[];
  /** Log lines of effects that crashed ("the X effect failed and restarts"), with their error. */
  crashes: string[];
  /** Calls the scenario's backend has no answer for (the engine is not expected to make them). */
  unexpectedCalls: string[];
  /** Every message the visitor typed (sendText, sendFile), on which page load (0 the first). */
  typed: { id: string; page: number; at: number }[];
  /** Ids of the visitor messages typed on the last page load. */
  sent: string[];
  /** Files typed that were not uploaded yet when their page was reloaded: their bytes are gone. */
  lostAtReload: string[];
  /** Page loads in all (1 + reloads). */
  pages: number;
  /** The clientMsgIds of the visitor messages the backend stored, in order (once each: it keeps them by clientMsgId). */
  stored: string[];
  /** Visitor messages the backend stored without a clientMsgId (each would be a new message to it). */
  storedWithoutClientMsgId: number;
  /** The entries of the stored outbox (docs/protocol.md "Outbox") at dispose. */
  outboxLeft: unknown[];
  /** The last page's state just before dispose (DISPOSE_AT_MS); null when the run never got there. */
  atEnd: ChatState | null;
  /** State emissions (of any page) whose messages repeat an id: page, when, and which ids (the first few). */
  duplicates: { page: number; at: number; ids: string[] }[];
  /** When each visitor message last became pending (a delivery cycle began), by id, on whichever page. */
  pendingSince: Record<string, number>;
  /** Calls still open when the last page was disposed (requests in flight then; they should be none left after). */
  openAtDispose: string[];
  /** Calls of disposed pages still open after the last dispose and a minute of virtual time. */
  openAfterDispose: string[];
  /** Calls made by a page after its dispose. */
  callsAfterDispose: string[];
  /** Scheduled actions left right after the last dispose, and a minute later. */
  actionsAfterDispose: number;
  actionsAtEnd: number;
  /** Some page's snapshot changed after its dispose (time passing, or commands). */
  changedAfterDispose: boolean;
}

/** Performs one visitor action; the messages typed are added to `typed`. */
function perform(engine: ChatEngine, a: Action, visibility: Subject<boolean>, typed: (id: string) => void): void {
  const { messages } = engine.getSnapshot();
  switch (a.do) {
    case 'sendText': {
      const id = engine.sendText(a.text);
      if (id !== null) typed(id);
      return;
    }
    case 'sendFile': {
      const result = engine.sendFile(new Blob([new Uint8Array(a.bytes)]), a.name, a.voice ? { audioDuration: 3 } : {});
      if ('id' in result) typed(result.id);
      return;
    }
    case 'retry': {
      const failed = messages.filter((m) => canRetry(m));
      engine.retry(failed.length ? (failed[a.pick % failed.length]?.id ?? '') : 'no-such-message');
      return;
    }
    case 'requestHuman':
      return engine.requestHuman();
    case 'chooseGroup':
      return engine.chooseGroup(a.groupId);
    case 'submitUserForm':
      return engine.submitUserForm({ userName: 'Ann', phone: '13800000000' });
    case 'closeChat':
      return engine.closeChat();
    case 'loadOlder':
      return engine.loadOlder();
    case 'rate': {
      const replies = messages.filter((m) => m.senderType === SenderType.Robot);
      engine.rateMessage(replies.length ? (replies[a.pick % replies.length]?.id ?? '') : 'no-such-message', a.rating);
      return;
    }
    case 'openEvaluation':
      return engine.openEvaluation();
    case 'submitEvaluation':
      return engine.submitEvaluation({ star: a.star, comment: 'thanks' });
    case 'dismissEvaluation':
      return engine.dismissEvaluation();
    case 'leaveMessage':
      engine.openLeaveMessage();
      return engine.leaveMessage({ name: 'Ann', phone: '13800000000', content: 'Please call me' });
    case 'typing':
      return engine.notifyTyping(a.text);
    case 'visibility':
      return visibility.next(a.visible);
  }
}

/** Ids that occur more than once in a list of messages. */
function repeatedIds(messages: ChatState['messages']): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const m of messages) {
    if (seen.has(m.id)) repeated.add(m.id);
    seen.add(m.id);
  }
  return [...repeated];
}

/** One page load: its engine, and its snapshot when it was disposed. */
interface Page {
  index: number;
  engine: ChatEngine;
  disposed: ChatState | null;
}

/** What a trace shows of a state: the chat's phase and status, and the visitor messages with their delivery. */
function describeState(state: ChatState): string {
  const visitor = state.messages
    .filter((m) => m.senderType === SenderType.Visitor)
    .map((m) => `${m.id}:${m.status ?? '-'}${m.upload ? '(file)' : ''}`)
    .join(' ');
  const groups = state.groupChoice ? ` choosing(${state.groupChoice.map((g) => g.id).join(',')})` : '';
  return `${state.phase} status=${state.status}${state.reconnecting ? ' reconnecting' : ''}${state.transferring ? ' transferring' : ''}${groups} [${visitor}]`;
}

/** The stored outbox's entries (docs/protocol.md "Outbox"), or what is stored there when it is no list. */
function outboxOf(storage: StoragePort): unknown[] {
  const raw = storage.get(outboxKey('demo'));
  if (raw === null) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list : [raw];
  } catch {
    return [raw];
  }
}

/**
 * Plays `s`: an engine on the scenario's backend in a TestScheduler (run mode, so that even a
 * timer scheduled without the injected scheduler is virtual and counted), the visitor's actions at
 * their times on the page loaded then, the faults at theirs (a reload disposes the page's engine
 * and starts a new one on the same storage and backend), dispose at DISPOSE_AT_MS, then a minute
 * more of virtual time.
 */
export function runScenario(s: Scenario, traceTo?: Trace): Outcome {
  const scheduler = new TestScheduler(() => {
    throw new Error('no marble expectations in a scenario');
  });
  const trace = traceTo && ((line: string) => traceTo(`${String(scheduler.now()).padStart(6)} ${line}`));
  const tracker = new CallTracker();
  const backend = new Backend(s, scheduler, tracker, trace);
  const outcome: Outcome = {
    thrown: [],
    crashes: [],
    unexpectedCalls: tracker.unexpected,
    typed: [],
    sent: [],
    lostAtReload: [],
    pages: 0,
    stored: backend.stored,
    storedWithoutClientMsgId: 0,
    outboxLeft: [],
    atEnd: null,
    duplicates: [],
    pendingSince: {},
    openAtDispose: [],
    openAfterDispose: [],
    callsAfterDispose: tracker.afterDispose,
    actionsAfterDispose: 0,
    actionsAtEnd: 0,
    changedAfterDispose: false,
  };
  // One browser: the storage, the id generator (ids stay unique across page loads, as clientMsgIds
  // must), the visibility and the network outlive page loads.
  const storage = memoryStorage();
  const newId = localIds();
  const visibility = new Subject<boolean>();
  const online = new Subject<void>();
  const pages: Page[] = [];
  const current = (): Page => pages[pages.length - 1] as Page;

  const load = (): Page => {
    const index = pages.length;
    const engine = createChatEngine({
      query: `?channelid=demo${s.query.groupId ? '&groupid=g1' : ''}${s.query.embedded ? '&from=iframe' : ''}`,
      api: backend.api(index),
      scheduler,
      storage,
      newId,
      visibility,
      online,
      log: {
        warn: (message, detail) => {
          trace?.(`page ${index} log: ${message}`);
          if (message.includes('effect failed and restarts'))
            outcome.crashes.push(`page ${index}: ${message}: ${detail instanceof Error ? (detail.stack ?? detail.message) : String(detail)}`);
        },
      },
    });
    let shown = '';
    engine.state$.subscribe((state) => {
      if (trace) {
        const now = describeState(state);
        if (now !== shown) trace(`page ${index} state ${now}`);
        shown = now;
      }
      for (const m of state.messages) {
        if (m.senderType !== SenderType.Visitor) continue;
        if (m.status === MessageStatus.Pending) outcome.pendingSince[m.id] ??= scheduler.now();
        else delete outcome.pendingSince[m.id];
      }
      const ids = repeatedIds(state.messages);
      if (ids.length && outcome.duplicates.length < 3) outcome.duplicates.push({ page: index, at: scheduler.now(), ids });
    });
    const page = { index, engine, disposed: null };
    pages.push(page);
    return page;
  };

  const dispose = (page: Page): void => {
    page.engine.dispose();
    tracker.disposed.add(page.index);
    page.disposed = page.engine.getSnapshot();
    // Commands after dispose change nothing.
    const late = page.engine;
    late.start();
    late.sendText('too late');
    late.sendFile(new Blob(['x']), 'late.png');
    late.retry(outcome.typed[0]?.id ?? 'none');
    late.loadOlder();
    late.requestHuman();
    late.closeChat();
    late.notifyTyping('late');
  };

  /** The visitor reloads: what the page knew is gone but the storage; a file not yet uploaded with it. */
  const reload = (): void => {
    const page = current();
    trace?.(`reload of page ${page.index}`);
    const { messages } = page.engine.getSnapshot();
    for (const m of messages) {
      if (m.senderType === SenderType.Visitor && m.upload !== undefined) outcome.lostAtReload.push(m.id);
    }
    dispose(page);
    load().engine.start();
  };

  try {
    scheduler.run(() => {
      // Bounded: run()'s flush stops at END_MS even if something never stops.
      scheduler.maxFrames = END_MS;
      load();
      scheduler.schedule(() => pages[0]?.engine.start(), s.startAt);
      for (const { at, action: a } of s.actions) {
        scheduler.schedule(() => {
          const { engine, index } = current();
          // SPEC §8: the error page has no composer (a settling scenario's visitor types only where one is shown).
          if (s.settle && engine.getSnapshot().phase === 'error' && (a.do === 'sendText' || a.do === 'sendFile')) return;
          trace?.(`page ${index} visitor: ${JSON.stringify(a)}`);
          perform(engine, a, visibility, (id) => outcome.typed.push({ id, page: index, at: scheduler.now() }));
        }, at);
      }
      for (const at of s.faults.forgets)
        scheduler.schedule(() => {
          trace?.('the backend forgets the visitor');
          backend.forget();
        }, at);
      // A page is reloaded once it has started (the widget starts its engine as the page loads).
      for (const at of s.faults.reloads) scheduler.schedule(reload, Math.max(at, s.startAt));
      for (const { at, port } of s.faults.ports)
        scheduler.schedule(() => {
          trace?.(`port: ${port}`);
          if (port === 'online') online.next();
          else visibility.next(port === 'visible');
        }, at);
      if (s.settle) {
        // The faults are over: a page showing the error state is reloaded, and the network comes back once.
        scheduler.schedule(() => {
          if (current().engine.getSnapshot().phase === 'error') reload();
        }, HEALTHY_AT_MS);
        scheduler.schedule(() => {
          trace?.('port: online (the end of the faults)');
          online.next();
        }, ONLINE_AT_MS);
      }
      scheduler.schedule(() => {
        const last = current();
        outcome.atEnd = last.engine.getSnapshot();
        outcome.outboxLeft = outboxOf(storage);
        outcome.openAtDispose = tracker.openCalls();
        dispose(last);
        outcome.actionsAfterDispose = scheduler.actions.length;
        visibility.next(false);
        online.next();
      }, DISPOSE_AT_MS);
    });
  } catch (e) {
    outcome.thrown.push(e);
  }
  outcome.pages = pages.length;
  outcome.sent = outcome.typed.filter((t) => t.page === pages.length - 1).map((t) => t.id);
  outcome.storedWithoutClientMsgId = backend.storedWithoutClientMsgId;
  outcome.actionsAtEnd = scheduler.actions.length;
  outcome.openAfterDispose = tracker.openCalls(true);
  outcome.changedAfterDispose = pages.some((p) => p.disposed !== null && p.engine.getSnapshot() !== p.disposed);
  return outcome;
}

/** Ids of messages created on this side: v1, v2, … (none of the wire's ids look like them). */
function localIds(): () => string {
  let n = 0;
  return () => `v${(n += 1)}`;
}
