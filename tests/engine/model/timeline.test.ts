import { describe, expect, it } from 'vitest';
import { MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { assignTimes, findMessage, update } from '#engine/model/timeline';

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
