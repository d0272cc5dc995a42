import { describe, expect, it } from 'vitest';
import { remember } from '#engine/features/agentEvents/remember';

describe('what the event dispatch remembers to drop repeats stays bounded', () => {
  it('keeps the newest keys up to the bound, forgetting the oldest first; a key remembered again is not doubled', () => {
    const set = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) remember(set, `event-${i}`, 2_000);
    expect(set.size).toBe(2_000);
    expect(set.has('event-7999')).toBe(false);
    expect([...set].slice(0, 2)).toEqual(['event-8000', 'event-8001']);
    remember(set, 'event-9999', 2_000);
    expect(set.size).toBe(2_000);
  });
});
