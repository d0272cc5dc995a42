/**
 * Adds `key` to `set` and forgets the oldest keys beyond `max` (a Set keeps the order keys were
 * added in): what a long chat remembers to drop repeats stays bounded.
 */
export function remember(set: Set<string>, key: string, max: number): void {
  set.add(key);
  while (set.size > max) set.delete(set.values().next().value as string);
}
