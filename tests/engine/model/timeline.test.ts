import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { assignTimes, findMessage, insertByTime, prepend, update, wireIds } from '#engine/model/timeline';

const T = Date.UTC(2024, 4, 15, 12, 0);

/** `n` messages a minute apart, each one a proxy that records, in `read`, the ids of the messages whose fields were read. */
function watchedHistory(n: number) {
  const read = new Set<string>();
  const plain = assignTimes(
    Array.from({ length: n }, (_, i) =>
      createMessage({
        id: `m${i}`,
        senderType: i % 2 ? SenderType.Agent : SenderType.Visitor,
        msgType: MsgType.Text,
        msgContent: `Message ${i}`,
        createdAt: T + i * 60_000,
      }),
    ),
  );
  const list = plain.map(
    (m) =>
      new Proxy(m, {
        get(target, key, receiver) {
          read.add(target.id);
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
  );
  return { list: list as readonly ChatMessage[], read };
}

describe('the timeline with a long history (10,000 messages, as the bench channel)', () => {
  it('changing one of the last messages (a robot answer ending, a delivery confirmed) reads the messages from the end to it (and back to the last time shown), not the whole list', () => {
    const { list, read } = watchedHistory(10_000);
    const next = update(list, 'm9998', (m) => ({ ...m, msgContent: 'changed' }));
    expect(next[9_998]?.msgContent).toBe('changed');
    expect(next[9_999]).toBe(list[9_999]);
    expect(read.size).toBeLessThan(10);
  });

  it('finding one of the last messages reads the messages from the end to it', () => {
    const { list, read } = watchedHistory(10_000);
    expect(findMessage(list, 'm9997')?.msgContent).toBe('Message 9997');
    expect(read.size).toBeLessThan(10);
    // An old one is still found, by its own id or the backend's.
    expect(findMessage(list, 'm3')?.id).toBe('m3');
  });
});

describe('insertByTime: a running session’s messages merged into what is shown (SPEC §7 getSessionMsg, issue 27)', () => {
  const at = (id: string, minute: number, serverId?: string): ChatMessage => ({
    ...createMessage({ id, senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: id, createdAt: T + minute * 60_000 }),
    ...(serverId && { serverId }),
  });
  const ids = (list: readonly ChatMessage[]) => list.map((m) => m.id);

  it('each goes after the last message at or before its time: among the history, or after it', () => {
    const shown = assignTimes([at('h1', 0), at('h2', 10), at('h3', 20)]);
    expect(ids(insertByTime(shown, [at('s3', 30), at('s1', 5), at('s2', 10)]))).toEqual(['h1', 's1', 'h2', 's2', 'h3', 's3']);
  });

  it('once: one already shown (by its id or the id the backend gave it) or repeated is skipped; nothing new keeps the list itself', () => {
    const shown = assignTimes([at('h1', 0), at('local-1', 10, 'srv-9')]);
    expect(ids(insertByTime(shown, [at('srv-9', 10), at('s1', 20), at('s1', 20)]))).toEqual(['h1', 'local-1', 's1']);
    expect(insertByTime(shown, [at('h1', 0)])).toBe(shown);
  });

  it('SPEC §3 hasTime follows the merge: a message after a 5-minute gap shows its time', () => {
    const merged = insertByTime(assignTimes([at('h1', 0)]), [at('s1', 1), at('s2', 30)]);
    expect(merged.map((m) => m.hasTime)).toEqual([true, false, true]);
  });
});

describe('merging once: a history page (prepend) or a call\u2019s answer (insertByTime) against what is shown', () => {
  // Ids and the backend's ids from a few letters, so that repeats are common — within the page, and
  // between the page and the list, by either id, with either side the longer.
  const message = fc
    .record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      serverId: fc.option(fc.constantFrom('a', 'b', 'c', 's', 't'), { nil: undefined }),
      minute: fc.nat(60),
    })
    .map(({ id, serverId, minute }) => ({
      ...createMessage({ id, senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: id, createdAt: T + minute * 60_000 }),
      ...(serverId !== undefined && { serverId }),
    }));
  const sorted = (ms: ChatMessage[]) => [...ms].sort((a, b) => a.createdAt - b.createdAt);
  /** What is new to `known` (by any of its ids), in order, each remembered as it is taken: the rule both merges keep. */
  const reference = (known: Set<string>, incoming: readonly ChatMessage[]) =>
    incoming.filter((m) => {
      if (wireIds(m).some((id) => known.has(id))) return false;
      for (const id of wireIds(m)) known.add(id);
      return true;
    });
  const shownIds = (list: readonly ChatMessage[]) => new Set(list.flatMap(wireIds));
  // One shown list: each message there once (by every id), as the merges keep it.
  const shownList = fc.array(message, { maxLength: 8 }).map((ms) => assignTimes(reference(new Set(), sorted(ms))));

  it('prepend puts above the list each page message that neither the list nor an earlier one of the page is named by', () => {
    fc.assert(
      fc.property(shownList, fc.array(message, { maxLength: 8 }), (list, page) => {
        const fresh = reference(shownIds(list), page);
        expect(prepend(list, page).map((m) => m.id)).toEqual([...fresh, ...list].map((m) => m.id));
      }),
    );
  });

  it('insertByTime takes the same ones, by time', () => {
    fc.assert(
      fc.property(shownList, fc.array(message, { maxLength: 8 }), (list, incoming) => {
        const fresh = reference(shownIds(list), sorted(incoming));
        const merged = insertByTime(list, incoming);
        expect(merged.length).toBe(list.length + fresh.length);
        expect(new Set(merged.map((m) => m.id))).toEqual(new Set([...list, ...fresh].map((m) => m.id)));
      }),
    );
  });
});
