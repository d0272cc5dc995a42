import { describe, expect, it } from 'vitest';
import { MsgType } from '#engine/model/codes';
import { setup } from './helpers';

describe('seeded channels', () => {
  it('showcase: a new visitor starts with one message of every kind, whose media the server serves', async () => {
    const { start, history, app } = setup();
    const { userId } = await start('showcase');
    const page = await history(userId, { pageSize: 100 });
    const kinds = new Set(page.map((m) => m.msgType));
    for (const kind of Object.values(MsgType)) expect(kinds, `msgType ${kind}`).toContain(kind);
    expect(page.some((m) => /https:\/\/\S+/.test(m.msgContent))).toBe(true);
    for (const url of page.flatMap((m) => (m.fileUrl ? [m.fileUrl] : []))) {
      const response = await app.fetch(new Request(`http://localhost${url}`));
      expect(response.status, url).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('showcase: a returning visitor is not seeded twice', async () => {
    const { start, history } = setup();
    const { userId } = await start('showcase');
    const first = await history(userId, { pageSize: 100 });
    await start('showcase', userId);
    expect(await history(userId, { pageSize: 100 })).toHaveLength(first.length);
  });

  it('bench: the first history page holds all 10,000 messages; the next is empty', async () => {
    const { start, history } = setup();
    const { userId } = await start('bench');
    const page = await history(userId);
    expect(page).toHaveLength(10_000);
    expect(await history(userId, { maxTime: page[0]?.msgTime })).toEqual([]);
  });

  it('bench100: the first history page holds all 100 messages of the same kind, the newest last', async () => {
    const { start, history } = setup();
    const { userId } = await start('bench100');
    const page = await history(userId);
    expect(page).toHaveLength(100);
    expect(page.at(-1)?.msgContent).toMatch(/\(#100\)$/);
    expect(await history(userId, { maxTime: page[0]?.msgTime })).toEqual([]);
  });
});
