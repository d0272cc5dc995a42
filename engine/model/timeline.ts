import { TIME_GAP_MS } from '../constants';
import { MsgType, SenderType } from './codes';
import type { ChatMessage } from './message';

/** The list with `message` added at the end (SPEC §3 hasTime applied to it). */
export function append(list: readonly ChatMessage[], message: ChatMessage): readonly ChatMessage[] {
  return appendAll(list, [message]);
}

/** The list with `messages` added at the end, in order. */
export function appendAll(list: readonly ChatMessage[], messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return assignTimes([...list, ...messages], list.length);
}

/** The ids a message may be named by on the wire: its own, and the one the backend gave it. */
export function wireIds(message: ChatMessage): string[] {
  return message.serverId === undefined ? [message.id] : [message.id, message.serverId];
}

/** Whether any id `message` may be named by on the wire (wireIds) is in `known`. */
function isKnown(known: ReadonlySet<string>, message: ChatMessage): boolean {
  return known.has(message.id) || (message.serverId !== undefined && known.has(message.serverId));
}

/** Adds the ids `message` may be named by on the wire (wireIds) to `known`. */
function remember(known: Set<string>, message: ChatMessage): void {
  known.add(message.id);
  if (message.serverId !== undefined) known.add(message.serverId);
}

/** The ids of every message of `list` (wireIds), without a list per message: a history page holds thousands. */
function knownIds(list: readonly ChatMessage[]): Set<string> {
  const known = new Set<string>();
  for (const m of list) remember(known, m);
  return known;
}

/** Whether the message is the one named `id`, by its own id or the backend's. */
const named = (id: string) => (m: ChatMessage) => m.id === id || m.serverId === id;

/** The list with `message` put right above message `id`; at the end when `id` is not shown. */
export function insertBefore(list: readonly ChatMessage[], id: string, message: ChatMessage): readonly ChatMessage[] {
  const at = list.findIndex(named(id));
  return at < 0 ? append(list, message) : assignTimes([...list.slice(0, at), message, ...list.slice(at)], at);
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
  return assignTimes(out, i);
}

/** Merges a history page above the messages shown, skipping ones already there or repeated in the page (SPEC §7 getHistoryMsg). */
export function prepend(list: readonly ChatMessage[], older: readonly ChatMessage[]): readonly ChatMessage[] {
  const known = knownIds(list);
  const fresh: ChatMessage[] = [];
  for (const m of older) {
    if (isKnown(known, m)) continue;
    remember(known, m);
    fresh.push(m);
  }
  return fresh.length ? assignTimes([...fresh, ...list]) : list;
}

/**
 * Merges messages into the list by their time (SPEC §7 getSessionMsg: a running session's messages,
 * which may be newer than the history or among it), skipping ones already there or repeated: each
 * goes after the last message shown at or before its time.
 */
export function insertByTime(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  const known = knownIds(list);
  const out = list.slice();
  let from = out.length;
  for (const m of [...incoming].sort((a, b) => a.createdAt - b.createdAt)) {
    if (isKnown(known, m)) continue;
    remember(known, m);
    let at = out.length;
    while (at > 0 && (out[at - 1] as ChatMessage).createdAt > m.createdAt) at--;
    out.splice(at, 0, m);
    from = Math.min(from, at);
  }
  return from === out.length && out.length === list.length ? list : assignTimes(out, from);
}

/** The message with this id (its own or the backend's), if shown; searched from the end, as `update`. */
export function findMessage(list: readonly ChatMessage[], id: string): ChatMessage | undefined {
  return list.findLast(named(id));
}

/**
 * Applies SPEC §3 hasTime to `list` from index `from` on: true when carried, or when more than
 * TIME_GAP_MS passed since the last message shown with a time. Unchanged messages keep their
 * identity, so a UI re-renders only what changed; returns `list` itself when nothing changed.
 */
export function assignTimes(list: readonly ChatMessage[], from = 0): readonly ChatMessage[] {
  let lastShown: number | undefined;
  for (let i = from - 1; i >= 0; i--) {
    const m = list[i];
    if (m?.hasTime) {
      lastShown = m.createdAt;
      break;
    }
  }
  let out: ChatMessage[] | undefined;
  for (let i = from; i < list.length; i++) {
    const m = list[i] as ChatMessage;
    const hasTime = m.carriesTime || lastShown === undefined || m.createdAt - lastShown > TIME_GAP_MS;
    if (hasTime) lastShown = m.createdAt;
    if (hasTime !== m.hasTime) {
      out ??= list.slice();
      out[i] = { ...m, hasTime };
    }
  }
  return out ?? list;
}

/**
 * The last word of the conversation: its newest message, system lines and auto-tips aside (they
 * inform, nobody says them); undefined when there is none.
 */
export function lastWord(list: readonly ChatMessage[]): ChatMessage | undefined {
  return list.findLast((m) => m.senderType !== SenderType.System && m.msgType !== MsgType.AutoTip);
}
