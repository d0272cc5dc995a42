import { EMPTY, defer, distinctUntilChanged, filter, first, merge, mergeMap, of, pairwise, switchMap, type Observable } from 'rxjs';
import { outboxKey } from '../../constants';
import { notify, ofType, type Effect, type EffectContext } from '../../core/effect';
import type { Intent, Notify } from '../../core/intents';
import type { ChatState } from '../../core/state';
import { MsgType, SenderType } from '../../model/codes';
import { type ChatMessage, createMessage } from '../../model/message';
import { followChanges } from '../../model/listIndex';
import { canRetry, outlivesPage } from './predicates';

/** What the outbox keeps of a message: what sendMsg sends again (a file's address, never its bytes). */
export interface OutboxEntry {
  id: string;
  msgType: MsgType;
  msgContent: string;
  createdAt: number;
  fileName?: string;
  fileUrl?: string;
  fileSize?: number;
  audioDuration?: number;
}

/** A message older than this is not sent any more after a reload: it is dropped from the outbox with a log line. */
const OUTBOX_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

const MSG_TYPES: readonly unknown[] = /* @__PURE__ */ Object.values(MsgType);

const entryOf = (m: ChatMessage): OutboxEntry => ({
  id: m.id,
  msgType: m.msgType,
  msgContent: m.msgContent,
  createdAt: m.createdAt,
  fileName: m.fileName,
  fileUrl: m.fileUrl,
  fileSize: m.fileSize,
  audioDuration: m.audioDuration,
});

/** An entry as stored, if it is one (storage is shared with other code and other versions). */
function validEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    typeof e.msgContent === 'string' &&
    typeof e.createdAt === 'number' &&
    Number.isFinite(e.createdAt) &&
    MSG_TYPES.includes(e.msgType) &&
    (e.msgContent.trim() !== '' || typeof e.fileUrl === 'string')
  );
}

/** The outbox as stored: entries by id. What cannot be read is dropped with a log line. */
function read({ storage, log, scheduler }: EffectContext, key: string): Map<string, OutboxEntry> {
  const raw = storage.get(key);
  const out = new Map<string, OutboxEntry>();
  if (raw === null) return out;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    log.warn('the stored outbox is not JSON; dropped');
    return out;
  }
  if (!Array.isArray(list)) {
    log.warn('the stored outbox is not a list; dropped');
    return out;
  }
  for (const entry of list) {
    if (!validEntry(entry)) log.warn('dropped an unreadable outbox entry');
    else if (scheduler.now() - entry.createdAt > OUTBOX_MAX_AGE_MS) log.warn(`dropped outbox message ${entry.id}: older than 7 days`);
    else out.set(entry.id, entry);
  }
  return out;
}

/** The storage key of the visitor's outbox on the chat's channel. */
const keyOf = (s: ChatState): string | null => (s.query.channelId ? outboxKey(s.query.channelId) : null);

/**
 * Keeps the stored outbox in step with the messages: an unconfirmed message that can outlive the
 * page is written, a confirmed one removed. Entries this page does not know (another tab's) are left
 * alone, so tabs of one visitor share the outbox. The first time messages cannot be stored (the
 * storage port's set says false), the UI is told, once: a reload would lose them. Only the visitor's
 * messages count: a change that touched none of them (an agent's message, a system line; followed by
 * the messages it touched, ../../model/listIndex.ts) leaves the outbox as the last pass wrote it.
 */
function persist(ctx: EffectContext): Observable<Notify> {
  let told = false;
  let passed: { messages: readonly ChatMessage[]; key: string | null } | undefined;
  // Made once, not once a change (each agent message of a pushed frame is one: issue 30).
  let touched = false;
  const visitor = (m: ChatMessage) => {
    if (m.senderType === SenderType.Visitor) touched = true;
  };
  const touchesVisitor = (s: ChatState): boolean => {
    const key = keyOf(s);
    const last = passed;
    passed = { messages: s.messages, key };
    if (!last || last.key !== key) return true;
    touched = false;
    return !followChanges(last.messages, s.messages, visitor, visitor) || touched;
  };
  return ctx.state$.pipe(
    distinctUntilChanged((a, b) => a.messages === b.messages && keyOf(a) === keyOf(b)),
    filter(touchesVisitor),
    mergeMap((s) => {
      const key = keyOf(s);
      if (!key) return EMPTY;
      const stored = read(ctx, key);
      for (const m of s.messages) {
        if (outlivesPage(m)) stored.set(m.id, entryOf(m));
        // Confirmed, whichever way this page learned it (an answer, the history, another tab's echo);
        // nothing to look up while nothing is stored (a history of thousands read in).
        else if (stored.size && m.senderType === SenderType.Visitor) stored.delete(m.id);
      }
      const text = JSON.stringify([...stored.values()].sort((a, b) => a.createdAt - b.createdAt));
      // Written only when it changes (nothing at all while there never was anything to keep).
      if (text === (ctx.storage.get(key) ?? '[]')) return EMPTY;
      const lasts = ctx.storage.set(key, text) !== false;
      if (lasts || stored.size === 0 || told) return EMPTY;
      told = true;
      return of(notify({ type: 'outboxNotKept' }));
    }),
  );
}

/**
 * After a page load: once the first history page is in (so a message the server already has, known
 * by its clientMsgId, is not sent again), the stored messages this page does not show are restored,
 * oldest first, and sent.
 */
function restore(ctx: EffectContext): Observable<Intent> {
  return ctx.intent$.pipe(
    ofType('historyLoaded', 'historyFailed'),
    first(),
    mergeMap(() => {
      const state = ctx.getState();
      const key = keyOf(state);
      if (!key) return EMPTY;
      const shown = new Set(state.messages.map((m) => m.id));
      const messages = [...read(ctx, key).values()]
        .filter((e) => !shown.has(e.id))
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((e) => createMessage({ ...e, senderType: SenderType.Visitor }));
      return messages.length ? of<Intent>({ type: 'outboxRestored', messages }) : EMPTY;
    }),
  );
}

/**
 * The failed messages are sent again, in order, when there is a chance they get through now: a new
 * session (after a loss), the network back, the page shown again.
 */
function flush(ctx: EffectContext): Observable<Intent> {
  const visibleAgain$ = ctx.visibility$.pipe(
    distinctUntilChanged(),
    pairwise(),
    filter(([before, now]) => !before && now),
  );
  return merge(ctx.intent$.pipe(ofType('sessionResumed')), ctx.online$, visibleAgain$).pipe(
    switchMap(() =>
      defer(() => {
        const ids = ctx
          .getState()
          .messages.filter(canRetry)
          .map((m) => m.id);
        return ids.length ? of<Intent>({ type: 'outboxFlushed', ids }) : EMPTY;
      }),
    ),
  );
}

/**
 * The outbox (docs/protocol.md "Outbox"): every visitor message stays in the visitor's storage until
 * the server confirmed it, so that a reload, a lost network or a forgotten session loses nothing;
 * its repeats carry the same clientMsgId, so the server stores each once.
 */
export const outbox: Effect = (ctx) => merge(persist(ctx), restore(ctx), flush(ctx));
