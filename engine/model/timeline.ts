import { TIME_GAP_MS } from '../constants';
import { MsgType, SenderType } from './codes';
import type { ChatMessage } from './message';

/**
 * How a list was made from the one before it by one of the timeline's changes below: the messages of
 * that list from the first one not kept at its place on (`removed`), and those of this list from
 * there on (`added`) — for an append, nothing and the new messages. Chained to the change that made
 * the list before, so that an index over a list (./listIndex.ts) follows the lists' changes by the
 * messages they touched rather than by all of them. Only the changes are kept, never the lists, and
 * only the last CHANGES_KEPT to 2 × CHANGES_KEPT of a chain.
 */
interface Change {
  prev: Change | undefined;
  removed: readonly ChatMessage[];
  added: readonly ChatMessage[];
  /** How many changes back the chain goes (about). */
  depth: number;
}
const CHANGES_KEPT = 32;
const changes = new WeakMap<readonly ChatMessage[], Change>();

/** The change that made `list`; a change of nothing (the start of a chain) for a list not made here. */
function changeOf(list: readonly ChatMessage[]): Change {
  let change = changes.get(list);
  if (!change) {
    change = { prev: undefined, removed: [], added: [], depth: 0 };
    changes.set(list, change);
  }
  return change;
}

/** `next`, noted as made from `base` with its first `same` messages kept (nothing is noted when it is `base`). */
function derived(next: readonly ChatMessage[], base: readonly ChatMessage[], same: number): readonly ChatMessage[] {
  if (next === base) return next;
  const prev = changeOf(base);
  const change: Change = { prev, removed: base.slice(same), added: next.slice(same), depth: prev.depth + 1 };
  if (change.depth >= 2 * CHANGES_KEPT) {
    // Forgets the older half of the chain (so that O(1) a change, amortised).
    let last = change;
    for (let i = 1; i < CHANGES_KEPT && last.prev; i++) last = last.prev;
    last.prev = undefined;
    change.depth = CHANGES_KEPT;
  }
  changes.set(next, change);
  return next;
}

/**
 * The changes that made `list` from `held`, oldest first, each as the messages it removed and those
 * it added; undefined when `list` was not made from `held` by the timeline's changes, or too long
 * ago (then the caller reads `list` whole).
 */
export function changesSince(held: readonly ChatMessage[], list: readonly ChatMessage[]): readonly Pick<Change, 'removed' | 'added'>[] | undefined {
  const start = changeOf(held);
  const out: Change[] = [];
  for (let change = changes.get(list); change !== start; change = change.prev) {
    if (!change) return undefined;
    out.push(change);
  }
  return out.reverse();
}

/** The list with `message` added at the end (SPEC §3 hasTime applied to it). */
export function append(list: readonly ChatMessage[], message: ChatMessage): readonly ChatMessage[] {
  return appendAll(list, [message]);
}

/** The list with `messages` added at the end, in order. */
export function appendAll(list: readonly ChatMessage[], messages: readonly ChatMessage[]): readonly ChatMessage[] {
  // concat, one copy of the list (a spread copies it element by element, growing as it goes), and
  // the times set on that copy: an append costs one copy of the list, not two (issue 30).
  const out = list.concat(messages);
  return derived(timesFrom(out, list.length, lastShownBefore(out, list.length, list), out), list, list.length);
}

/** The ids a message may be named by on the wire: its own, and the one the backend gave it. */
export function wireIds(message: ChatMessage): string[] {
  return message.serverId === undefined ? [message.id] : [message.id, message.serverId];
}

/**
 * Whether `message` is new to `known` — no id it may be named by on the wire (wireIds) is there —,
 * its ids then added to `known`. One lookup an id: a history page holds thousands.
 */
function learns(known: Set<string>, message: ChatMessage): boolean {
  const { id, serverId } = message;
  if (serverId !== undefined && known.has(serverId)) return false;
  const size = known.size;
  known.add(id);
  if (known.size === size) return false;
  if (serverId !== undefined) known.add(serverId);
  return true;
}

/**
 * The ids (wireIds) that both a message of `list` and one of `incoming` are named by: what a merge
 * of `incoming` into `list` must skip. Only these are gathered — an answer of a few messages merged
 * into 10,000 shown looks those 10,000 up in a set of its few ids, and a page of 10,000 into an
 * empty list puts nothing in one.
 */
function shownOf(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): Set<string> {
  const shown = new Set<string>();
  if (!list.length || !incoming.length) return shown;
  // The ids of the shorter side in a set, the longer side looked up in it.
  const [few, many] = list.length < incoming.length ? [list, incoming] : [incoming, list];
  const ids = new Set<string>();
  for (const { id, serverId } of few) {
    ids.add(id);
    if (serverId !== undefined) ids.add(serverId);
  }
  for (const { id, serverId } of many) {
    if (ids.has(id)) shown.add(id);
    if (serverId !== undefined && ids.has(serverId)) shown.add(serverId);
  }
  return shown;
}

/** Whether the message is the one named `id`, by its own id or the backend's. */
const named = (id: string) => (m: ChatMessage) => m.id === id || m.serverId === id;

/** The list with `message` put right above message `id`; at the end when `id` is not shown. */
export function insertBefore(list: readonly ChatMessage[], id: string, message: ChatMessage): readonly ChatMessage[] {
  const at = list.findIndex(named(id));
  return at < 0 ? append(list, message) : derived(assignTimes([...list.slice(0, at), message, ...list.slice(at)], at), list, at);
}

/**
 * The list with message `id` changed by `change` (null removes it); the list itself when `id` is not in it or `change` kept it.
 * Searched from the end, where the messages that change are (a robot answer ending, a delivery
 * confirmed): with 10,000 messages of history, a search from the start reads them all.
 */
export function update(list: readonly ChatMessage[], id: string, change: (m: ChatMessage) => ChatMessage | null): readonly ChatMessage[] {
  const i = list.findLastIndex(named(id));
  if (i < 0) return list;
  const next = change(list[i] as ChatMessage);
  if (next === list[i]) return list;
  const out = list.slice();
  if (next) out[i] = next;
  else out.splice(i, 1);
  return derived(assignTimes(out, i), list, i);
}

/** Merges a history page above the messages shown, skipping ones already there or repeated in the page (SPEC §7 getHistoryMsg). */
export function prepend(list: readonly ChatMessage[], older: readonly ChatMessage[]): readonly ChatMessage[] {
  const known = shownOf(list, older);
  const fresh = older.filter((m) => learns(known, m));
  // One copy of the list, its times set on that copy (not on a second one).
  if (!fresh.length) return list;
  const out = fresh.concat(list);
  return timesFrom(out, 0, undefined, out);
}

/**
 * Merges messages into the list by their time (SPEC §7 getSessionMsg: a running session's messages,
 * which may be newer than the history or among it), skipping ones already there or repeated: each
 * goes after the last message shown at or before its time.
 */
export function insertByTime(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  const known = shownOf(list, incoming);
  const out = list.slice();
  let from = out.length;
  for (const m of [...incoming].sort((a, b) => a.createdAt - b.createdAt)) {
    if (!learns(known, m)) continue;
    let at = out.length;
    while (at > 0 && (out[at - 1] as ChatMessage).createdAt > m.createdAt) at--;
    out.splice(at, 0, m);
    from = Math.min(from, at);
  }
  return from === out.length && out.length === list.length ? list : derived(assignTimes(out, from), list, from);
}

/** The message with this id (its own or the backend's), if shown; searched from the end, as `update`. */
export function findMessage(list: readonly ChatMessage[], id: string): ChatMessage | undefined {
  return list.findLast(named(id));
}

/** The time of the last message with a time shown in a list assignTimes made (so that an append does not look back for it). */
const lastTimes = new WeakMap<readonly ChatMessage[], { at: number | undefined }>();

/**
 * Applies SPEC §3 hasTime to `list` from index `from` on: true when carried, or when more than
 * TIME_GAP_MS passed since the last message shown with a time. Unchanged messages keep their
 * identity, so a UI re-renders only what changed; returns `list` itself when nothing changed.
 * `before`, when given, is a list of exactly the `from` messages `list` starts with.
 */
export function assignTimes(list: readonly ChatMessage[], from = 0, before?: readonly ChatMessage[]): readonly ChatMessage[] {
  return timesFrom(list, from, lastShownBefore(list, from, before));
}

/** The time of the last message of `list` before index `from` that shows its time (`before` as assignTimes). */
function lastShownBefore(list: readonly ChatMessage[], from: number, before: readonly ChatMessage[] | undefined): number | undefined {
  const known = before && before.length === from ? lastTimes.get(before) : undefined;
  if (known) return known.at;
  for (let i = from - 1; i >= 0; i--) {
    const m = list[i];
    if (m?.hasTime) return m.createdAt;
  }
  return undefined;
}

/**
 * assignTimes from index `from` on, the last time shown before it being `lastShown`; `owned`, when
 * given, is `list` itself, made by the caller and not yet shared: it is changed in place rather than copied.
 */
function timesFrom(list: readonly ChatMessage[], from: number, lastShown: number | undefined, owned?: ChatMessage[]): readonly ChatMessage[] {
  let out: ChatMessage[] | undefined = owned;
  for (let i = from; i < list.length; i++) {
    const m = list[i] as ChatMessage;
    const hasTime = m.carriesTime || lastShown === undefined || m.createdAt - lastShown > TIME_GAP_MS;
    if (hasTime) lastShown = m.createdAt;
    if (hasTime !== m.hasTime) {
      out ??= list.slice();
      out[i] = { ...m, hasTime };
    }
  }
  const result = out && out !== owned ? derived(out, list, from) : list;
  lastTimes.set(result, { at: lastShown });
  return result;
}

/**
 * The last word of the conversation: its newest message, system lines and auto-tips aside (they
 * inform, nobody says them); undefined when there is none.
 */
export function lastWord(list: readonly ChatMessage[]): ChatMessage | undefined {
  return list.findLast((m) => m.senderType !== SenderType.System && m.msgType !== MsgType.AutoTip);
}
