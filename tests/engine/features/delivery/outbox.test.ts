import { Subject, map, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { outboxKey } from '#engine/constants';
import type { Intent } from '#engine/core/intents';
import { outbox, type OutboxEntry } from '#engine/features/delivery/outbox';
import { ChatStatus, MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { memoryStorage, type StoragePort } from '#engine/ports';
import { SESSION, readyState, runEffect, stateWith } from '../../support/effectSpec';
import { CHANNEL_ID, channel, logLines, logSpy, newScheduler } from '../../support/fixtures';

const KEY = outboxKey(CHANNEL_ID);
const DAY_MS = 24 * 60 * 60_000;

const entry = (id: string, createdAt: number, msgContent = `text of ${id}`): OutboxEntry => ({ id, msgType: MsgType.Text, msgContent, createdAt });

/** A visitor text message as this page shows it. */
const visitor = (id: string, status?: MessageStatus, createdAt = 0, msgContent = `text of ${id}`): ChatMessage => ({
  ...createMessage({ id, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent, createdAt }),
  ...(status ? { status } : {}),
});

/** A message of an earlier page load, as the outbox restores it (the reducer makes it pending). */
const restored = (e: OutboxEntry): ChatMessage => createMessage({ ...e, senderType: SenderType.Visitor });

/**
 * Storage whose writes to the outbox key are a stream too: each write as the ids it holds, joined
 * by commas ('' for an empty outbox), to read as a marble aligned with the intents.
 */
function watchedStorage(initial: Record<string, string> = {}): StoragePort & { writes$: Observable<string>; stored(): OutboxEntry[] } {
  const inner = memoryStorage(initial);
  const writes = new Subject<string>();
  return {
    get: inner.get,
    set(key, value) {
      inner.set(key, value);
      if (key === KEY) writes.next(value);
    },
    writes$: writes.pipe(map((text) => (JSON.parse(text) as OutboxEntry[]).map((e) => e.id).join(','))),
    stored: () => JSON.parse(inner.get(KEY) ?? '[]') as OutboxEntry[],
  };
}

const stored = (...entries: unknown[]) => ({ [KEY]: JSON.stringify(entries) });

/** Marble values of the outbox writes. */
const W = { e: '', a: 'm1', x: 'x1', y: 'x1,m1' };

const file = (): ChatMessage =>
  createMessage({
    id: 'm1',
    senderType: SenderType.Visitor,
    msgType: MsgType.Image,
    msgContent: '',
    fileName: 'cat.png',
    createdAt: 0,
    upload: { file: new Blob(['x']) },
  });

/** Marble values: what the UI and the other effects do. */
const v = {
  a: { type: 'visitorSent', message: visitor('m1', undefined, 0, 'hello') },
  F: { type: 'visitorSent', message: file() },
  h: { type: 'uploadProgressed', id: 'm1', progress: 0.5 },
  u: { type: 'uploaded', id: 'm1', fileUrl: '/files/cat.png' },
  l: { type: 'sendSlow', id: 'm1' },
  f: { type: 'sendFailed', id: 'm1' },
  r: { type: 'retry', id: 'm1' },
  s: { type: 'sendSucceeded', id: 'm1' },
  S: { type: 'sessionStarted', session: SESSION, status: ChatStatus.NotStarted },
  H: { type: 'historyLoaded', messages: [], exhausted: true },
  X: { type: 'historyFailed' },
  N: { type: 'sessionResumed', session: { ...SESSION, pollId: 'p-2' }, status: ChatStatus.NotStarted },
} satisfies Record<string, Intent>;

describe('outbox effect, persist: unconfirmed visitor messages are kept in chat-{channelId}-outbox', () => {
  it('a pending text is written as it is typed, kept while it fails, and removed once confirmed; each change is one write', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage();
      //                      0   0.1 s   0.9 s   12.1 s    13 s    13.5 s
      const intents = cold('  - 99ms a 799ms l 11199ms f 899ms r 499ms s', v);
      // Nothing is written while there was never anything to keep.
      const writes = '        - 99ms a 799ms - 11199ms - 899ms - 499ms e';
      expectObservable(storage.writes$).toBe(writes, W);
      expectObservable(runEffect(outbox, readyState(), intents, { scheduler, storage }).output$).toBe('-', v);
      flush();

      expect(storage.stored()).toEqual([]);
    });
  });

  it('storage that cannot keep the outbox (full, blocked: its set says false): the UI is told once, and the messages are still kept for this page', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const inner = memoryStorage();
      const full: StoragePort = { get: inner.get, set: (key, value) => (inner.set(key, value), false) };
      const second = { type: 'visitorSent', message: visitor('m2', undefined, 0, 'anyone?') } satisfies Intent;
      //                      0.1 s     0.2 s     0.3 s
      const intents = cold('  - 99ms a 99ms b 99ms s', { ...v, b: second });
      const told = { n: { type: 'notify', event: { type: 'outboxNotKept' } } } as const;
      expectObservable(runEffect(outbox, readyState(), intents, { scheduler, storage: full }).output$).toBe('- 99ms n', told);
      flush();

      expect((JSON.parse(inner.get(KEY) ?? '[]') as OutboxEntry[]).map((e) => e.id)).toEqual(['m2']);
    });
  });

  it('an entry keeps what sendMsg sends again: id, msgType, text, time (and a file’s address, never its bytes)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage();
      const intents = cold('  - 99ms a', v);
      expectObservable(runEffect(outbox, readyState(), intents, { scheduler, storage }).output$).toBe('-', v);
      flush();

      expect(storage.stored()).toEqual([{ id: 'm1', msgType: MsgType.Text, msgContent: 'hello', createdAt: 0 }]);
    });
  });

  it("another tab's entries are kept: this page only writes and removes its own messages", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage(stored(entry('x1', -1000, 'from the other tab')));
      const intents = cold('  - 99ms a 99ms s', v);
      const writes = '        - 99ms y 99ms x';
      expectObservable(storage.writes$).toBe(writes, W);
      expectObservable(runEffect(outbox, readyState(), intents, { scheduler, storage }).output$).toBe('-', v);
      flush();

      expect(storage.stored()).toEqual([entry('x1', -1000, 'from the other tab')]);
    });
  });

  it('a file still uploading is not written (its bytes die with the page); once uploaded, its address is; progress and slowness are no change', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage();
      //                      0   0.1 s   0.2 s  0.3 s   1.1 s   1.2 s
      const intents = cold('  - 99ms F 99ms h 99ms u 799ms l 99ms s', v);
      const writes = '        - 99ms - 99ms - 99ms a 799ms - 99ms e';
      expectObservable(storage.writes$).toBe(writes, W);
      const run = runEffect(outbox, readyState(), intents, { scheduler, storage });
      expectObservable(run.output$).toBe('-', v);
      scheduler.schedule(() => {
        expect(storage.stored()).toEqual([
          { id: 'm1', msgType: MsgType.Image, msgContent: '/files/cat.png', fileUrl: '/files/cat.png', fileName: 'cat.png', createdAt: 0 },
        ]);
      }, 500);
      flush();
    });
  });

  // A stored message that shows up confirmed by another way than its own sendMsg — in the history
  // after a reload, or echoed from another tab (sentElsewhere) — leaves the outbox; else a later page
  // load whose first history page no longer holds it would send it again and show it a second time.
  it('a stored message shown confirmed by other means (in the history, echoed from another tab) leaves the outbox', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage(stored(entry('a1', -1000, 'hello'), entry('x1', -500, 'from the other tab')));
      const confirmed = {
        H: { type: 'historyLoaded', messages: [visitor('a1', undefined, -1000, 'hello')], exhausted: true },
        E: { type: 'sentElsewhere', messages: [visitor('x1', undefined, -500, 'from the other tab')] },
      } satisfies Record<string, Intent>;
      const intents = cold('  50ms E 49ms H', confirmed);
      expectObservable(runEffect(outbox, readyState(), intents, { scheduler, storage }).output$).toBe('-', v);
      flush();

      expect(storage.stored()).toEqual([]);
    });
  });

  it('a message typed while the chat still connects is written at once (the outbox is the channel’s), so a reload then loses nothing; the session starting writes nothing more', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const storage = watchedStorage();
      const starting = stateWith({ phase: 'starting', channel: channel() });
      const intents = cold('  a 99ms S', v);
      const writes = '        a 99ms -';
      expectObservable(storage.writes$).toBe(writes, W);
      expectObservable(runEffect(outbox, starting, intents, { scheduler, storage }).output$).toBe('-', v);
    });
  });
});

describe('outbox effect, restore: after the first history answer, the stored messages this page does not show are shown and sent', () => {
  const o1 = entry('o1', -2000, 'first');
  const o2 = entry('o2', -1000, 'second');
  const h1 = entry('h1', -3000, 'the server has it');
  const fromHistory = { type: 'historyLoaded', messages: [visitor('h1', undefined, -3000, 'the server has it')], exhausted: true } satisfies Intent;

  it('oldest first, skipping those already shown (the history has it under its clientMsgId); nothing before the history answer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage(stored(o2, h1, o1));
      //                      0.5 s
      const intents = cold('  500ms H', { H: fromHistory });
      const expected = '      500ms R';
      const run = runEffect(outbox, readyState(), intents, { scheduler, storage });
      expectObservable(run.output$).toBe(expected, { R: { type: 'outboxRestored', messages: [restored(o1), restored(o2)] } });
      flush();

      expect(run.getState().messages.map((m) => [m.id, m.status])).toEqual([
        ['h1', undefined],
        ['o1', MessageStatus.Pending],
        ['o2', MessageStatus.Pending],
      ]);
      // The one the server has is gone from the outbox; the restored ones stay until confirmed.
      expect(storage.stored()).toEqual([o1, o2]);
    });
  });

  it('after a failed history answer too; only the first answer restores (not an older page loaded later)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const storage = watchedStorage(stored(o1));
      const intents = cold('  100ms X 99ms H', v);
      const expected = '      100ms R 99ms -';
      const run = runEffect(outbox, readyState(), intents, { scheduler, storage });
      expectObservable(run.output$).toBe(expected, { R: { type: 'outboxRestored', messages: [restored(o1)] } });
    });
  });

  it('a file already uploaded is restored with its address', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const image: OutboxEntry = {
        id: 'f1',
        msgType: MsgType.Image,
        msgContent: '/f/cat.png',
        fileUrl: '/f/cat.png',
        fileName: 'cat.png',
        fileSize: 10,
        createdAt: -5,
      };
      const storage = watchedStorage(stored(image));
      const intents = cold('  H', v);
      expectObservable(runEffect(outbox, readyState(), intents, { scheduler, storage }).output$).toBe('R', {
        R: { type: 'outboxRestored', messages: [restored(image)] },
      });
    });
  });

  it('nothing stored, or all of it shown: nothing restored', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(runEffect(outbox, readyState(), cold('H', v), { scheduler, storage: watchedStorage() }).output$).toBe('-', v);
      const storage = watchedStorage(stored(h1));
      expectObservable(runEffect(outbox, readyState(), cold('H', { H: fromHistory }), { scheduler, storage }).output$).toBe('-', v);
    });
  });

  it('a stored outbox that is not JSON is dropped with a log line', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage({ [KEY]: '[{"id": "o1", ' });
      const log = logSpy();
      expectObservable(runEffect(outbox, readyState(), cold('100ms H', v), { scheduler, storage, log }).output$).toBe('-', v);
      flush();

      expect(logLines(log)).toEqual(['the stored outbox is not JSON; dropped']);
      expect(storage.stored()).toEqual([]);
    });
  });

  it('unreadable entries and ones older than 7 days are dropped, one log line each; the rest is restored', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      // Exactly 7 days old when the history answers, at 0.1 s.
      const edge = entry('edge', 100 - 7 * DAY_MS, 'exactly 7 days old');
      const storage = watchedStorage(
        stored(
          { id: 5, msgType: MsgType.Text, msgContent: 'id not text', createdAt: 0 },
          null,
          'o9',
          { id: 'b1', msgType: 99, msgContent: 'unknown type', createdAt: 0 },
          { id: 'b2', msgType: MsgType.Text, msgContent: '   ', createdAt: 0 },
          { id: 'b3', msgType: MsgType.Text, msgContent: 'no time', createdAt: null },
          { id: 'b4', msgType: MsgType.Text, createdAt: 0 },
          entry('old', -7 * DAY_MS - 1, 'too old'),
          o1,
          edge,
        ),
      );
      const log = logSpy();
      const run = runEffect(outbox, readyState(), cold('100ms H', v), { scheduler, storage, log });
      expectObservable(run.output$).toBe('100ms R', { R: { type: 'outboxRestored', messages: [restored(edge), restored(o1)] } });
      flush();

      expect(logLines(log)).toEqual([...Array<string>(7).fill('dropped an unreadable outbox entry'), 'dropped outbox message old: older than 7 days']);
      expect(storage.stored()).toEqual([edge, o1]);
    });
  });

  // What cannot be read is dropped with a log line, a JSON value that is not a list too.
  it('a stored outbox that is JSON but not a list is dropped with a log line', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = watchedStorage({ [KEY]: JSON.stringify(o1) });
      const log = logSpy();
      expectObservable(runEffect(outbox, readyState(), cold('100ms H', v), { scheduler, storage, log }).output$).toBe('-', v);
      flush();

      expect(logLines(log)).toHaveLength(1);
    });
  });
});

describe('outbox effect, flush: the failed messages are sent again when they may get through now', () => {
  const FLUSHED = { F: { type: 'outboxFlushed', ids: ['m1', 'm3'] } } satisfies Record<string, Intent>;
  /** m1 and m3 failed; m2 is sent, m4 pending, m5 an agent's. */
  const withFailures = () =>
    readyState({
      messages: [
        visitor('m1', MessageStatus.Fail),
        visitor('m2', MessageStatus.Sent),
        visitor('m3', MessageStatus.Fail),
        visitor('m4', MessageStatus.Pending),
        { ...createMessage({ id: 'm5', senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: 'hi', createdAt: 0 }), status: MessageStatus.Fail },
      ],
    });

  it('the network back (online$): outboxFlushed with the failed ids in order, which are pending again; once none failed, nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable, flush }) => {
      //                      1 s      2 s
      const online$ = hot('   1000ms o 999ms o');
      const expected = '      1000ms F 999ms -';
      const run = runEffect(outbox, withFailures(), cold(''), { scheduler, online$ });
      expectObservable(run.output$).toBe(expected, FLUSHED);
      flush();

      expect(run.getState().messages.map((m) => m.status)).toEqual([
        MessageStatus.Pending,
        MessageStatus.Sent,
        MessageStatus.Pending,
        MessageStatus.Pending,
        MessageStatus.Fail,
      ]);
    });
  });

  it('the page shown again (visibility false → true), not the first visibility nor a repeat of it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      //                          0 s  1 s      2 s      3 s
      const visibility$ = hot('   t 999ms t 999ms f 999ms t', { t: true, f: false });
      const expected = '          - 999ms - 999ms - 999ms F';
      expectObservable(runEffect(outbox, withFailures(), cold(''), { scheduler, visibility$ }).output$).toBe(expected, FLUSHED);
    });
  });

  it('a page that starts hidden and is shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const visibility$ = hot('   f 999ms t', { t: true, f: false });
      const expected = '          - 999ms F';
      expectObservable(runEffect(outbox, withFailures(), cold(''), { scheduler, visibility$ }).output$).toBe(expected, FLUSHED);
    });
  });

  it('a new session after a loss (sessionResumed)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = cold('  500ms N', v);
      const expected = '      500ms F';
      expectObservable(runEffect(outbox, withFailures(), intents, { scheduler }).output$).toBe(expected, FLUSHED);
    });
  });

  it('nothing when no message failed (pending, sent, or an agent’s)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const quiet = readyState({ messages: [visitor('m2', MessageStatus.Sent), visitor('m4', MessageStatus.Pending)] });
      const online$ = hot('       100ms o');
      const visibility$ = hot('   f 199ms t', { t: true, f: false });
      const intents = cold('      300ms N', v);
      expectObservable(runEffect(outbox, quiet, intents, { scheduler, online$, visibility$ }).output$).toBe('-', v);
    });
  });
});
