import type { ChatMessage } from './message';
import { changesSince } from './timeline';

/**
 * The keys of a list's messages (a multiset: two messages may share a key), for asking whether a key
 * is among them in O(1).
 */
export interface ListIndex {
  /** Brings the index to `list`; returns it. */
  of(list: readonly ChatMessage[]): ListIndex;
  /** Whether a message of the list the index was last brought to has `key`. */
  has(key: string): boolean;
}

/**
 * Walks what changed from list `held` to list `list`, when `list` was made from it by the timeline's
 * changes (./timeline.ts notes how each list was made): `removed` for each message of a list that the
 * next one does not keep at its place, then `added` for each that takes it — only the messages a
 * change made or dropped (the new ones at the end of an append, those from the updated one on), so
 * following a conversation costs O(1) a message, not O(n) a change. False, and nothing called, when
 * `list` was not made so (a history page merged at the top, a list from elsewhere): the caller reads
 * it whole.
 */
export function followChanges(
  held: readonly ChatMessage[],
  list: readonly ChatMessage[],
  removed: (m: ChatMessage) => void,
  added: (m: ChatMessage) => void,
): boolean {
  if (held === list) return true;
  const steps = changesSince(held, list);
  if (!steps) return false;
  for (const step of steps) {
    step.removed.forEach(removed);
    step.added.forEach(added);
  }
  return true;
}

/**
 * An index of `keysOf` over a list of messages that changes by the timeline's changes: brought to the
 * next list, it reads only what changed (followChanges); a list not made from the one it holds is
 * read whole.
 */
export function listIndex(keysOf: (message: ChatMessage) => readonly string[]): ListIndex {
  let held: readonly ChatMessage[] = [];
  const counts = new Map<string, number>();
  const add = (m: ChatMessage) => {
    for (const key of keysOf(m)) counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const remove = (m: ChatMessage) => {
    for (const key of keysOf(m)) {
      const n = counts.get(key) ?? 0;
      if (n > 1) counts.set(key, n - 1);
      else counts.delete(key);
    }
  };
  const index: ListIndex = {
    of(list) {
      if (list === held) return index;
      if (!followChanges(held, list, remove, add)) {
        counts.clear();
        list.forEach(add);
      }
      held = list;
      return index;
    },
    has: (key) => counts.has(key),
  };
  return index;
}
