import { assignTimes, type ChatMessage } from './message';

/** The list with `message` added at the end (SPEC §3 hasTime applied to it). */
export function append(list: readonly ChatMessage[], message: ChatMessage): readonly ChatMessage[] {
  return appendAll(list, [message]);
}

/** The list with `messages` added at the end, in order. */
export function appendAll(list: readonly ChatMessage[], messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return assignTimes([...list, ...messages], list.length);
}

/** The list with message `id` changed by `change` (null removes it); the list itself when `id` is not in it or `change` kept it. */
export function update(list: readonly ChatMessage[], id: string, change: (m: ChatMessage) => ChatMessage | null): readonly ChatMessage[] {
  const i = list.findIndex((m) => m.id === id);
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
  const known = new Set(list.map((m) => m.id));
  const fresh = older.filter((m) => !known.has(m.id) && Boolean(known.add(m.id)));
  return fresh.length ? assignTimes([...fresh, ...list]) : list;
}

/** The message with this id, if shown. */
export function findMessage(list: readonly ChatMessage[], id: string): ChatMessage | undefined {
  return list.find((m) => m.id === id);
}
