import { describe, expect, it, vi } from 'vitest';
import { TIME_GAP_MS } from '#engine/constants';
import { MsgType, SenderType } from '#engine/model/codes';
import { DecodeError, fileAddress } from '#engine/model/decode';
import { avatarOf } from '#engine/model/avatar';
import { decodeMessage } from '#engine/model/decodeMessage';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { previewOf } from '#engine/model/preview';
import { assignTimes } from '#engine/model/timeline';
import { decodeAgentMessage } from '#engine/model/agentMessage';
import { decodeChannelInfo } from '#engine/model/channel';

const NOW = 1_700_000_000_000;
const defaults = () => ({ now: NOW, newId: vi.fn(() => 'generated-1') });

describe('decodeMessage (SPEC §3 Message)', () => {
  it('SPEC §3: an id is generated when missing or empty, and kept when given', () => {
    const d = defaults();
    expect(decodeMessage({ senderType: 2, msgType: 1, msgContent: 'a' }, d).id).toBe('generated-1');
    expect(decodeMessage({ id: '', senderType: 2, msgType: 1, msgContent: 'a' }, d).id).toBe('generated-1');
    expect(decodeMessage({ id: 'srv-9', senderType: 2, msgType: 1, msgContent: 'a' }, d).id).toBe('srv-9');
    expect(d.newId).toHaveBeenCalledTimes(2);
  });

  it('SPEC §3: position follows the sender — visitor right, system centre, agent and robot left', () => {
    const position = (senderType: number) => decodeMessage({ senderType, msgType: 1, msgContent: 'a' }, defaults()).position;
    expect(position(SenderType.Visitor)).toBe('right');
    expect(position(SenderType.Agent)).toBe('left');
    expect(position(SenderType.Robot)).toBe('left');
    expect(position(SenderType.System)).toBe('center');
  });

  it('SPEC §3: createdAt is msgTime, or now when the message has no time', () => {
    expect(decodeMessage({ senderType: 2, msgType: 1, msgContent: 'a', msgTime: 1234 }, defaults()).createdAt).toBe(1234);
    expect(decodeMessage({ senderType: 2, msgType: 1, msgContent: 'a' }, defaults()).createdAt).toBe(NOW);
    expect(decodeMessage({ senderType: 2, msgType: 1, msgContent: 'a', msgTime: null }, defaults()).createdAt).toBe(NOW);
  });

  it('SPEC §3, DESIGN wire data: numeric strings are accepted for senderType, msgType, msgTime and sizes', () => {
    const m = decodeMessage(
      { id: 7, senderType: '2', msgType: '4', msgContent: 12, msgTime: '1700000000001', fileSize: '2048', audioDuration: '3' },
      defaults(),
    );
    expect(m).toMatchObject({
      id: '7',
      senderType: SenderType.Agent,
      msgType: MsgType.File,
      msgContent: '12',
      msgTime: 1_700_000_000_001,
      createdAt: 1_700_000_000_001,
      fileSize: 2048,
      audioDuration: 3,
    });
  });

  it('SPEC §3: the string message types answermsg, faq and leavemsg are accepted; msgContent defaults to empty', () => {
    for (const msgType of [MsgType.Answer, MsgType.Faq, MsgType.LeaveMessage]) {
      expect(decodeMessage({ senderType: 3, msgType }, defaults())).toMatchObject({ msgType, msgContent: '' });
    }
  });

  it('SPEC §3: an unknown or missing senderType is rejected with a DecodeError naming the path', () => {
    const bad = [
      { senderType: 9, msgType: 1, msgContent: 'a' },
      { senderType: 'robot', msgType: 1, msgContent: 'a' },
      { msgType: 1, msgContent: 'a' },
    ];
    for (const value of bad) expect(() => decodeMessage(value, defaults(), 'history[3]')).toThrow(DecodeError);
    expect(() => decodeMessage({ senderType: 9, msgType: 1 }, defaults(), 'history[3]')).toThrow(/history\[3\]\.senderType/);
    expect(() => decodeMessage('text', defaults(), 'history[3]')).toThrow(/history\[3\]: expected an object/);
  });

  it('DESIGN wire data: an unknown msgType is shown as text with a log line; a missing one is text', () => {
    const warn = vi.fn();
    for (const msgType of [7, 'html']) {
      expect(decodeMessage({ senderType: 2, msgType, msgContent: 'a' }, { ...defaults(), warn }, 'history[3]')).toMatchObject({
        msgType: MsgType.Text,
        msgContent: 'a',
      });
    }
    expect(decodeMessage({ senderType: 2, msgContent: 'a' }, { ...defaults(), warn })).toMatchObject({ msgType: MsgType.Text });
    expect(warn.mock.calls.map(([line]) => line)).toEqual(['history[3].msgType: unknown 7; shown as text', 'history[3].msgType: unknown html; shown as text']);
  });

  it('DESIGN wire data: a sender the message does not name, or names unknown, is the default sender when one is given', () => {
    const warn = vi.fn();
    const agent = { ...defaults(), senderType: SenderType.Agent, warn };
    expect(decodeMessage({ msgContent: 'a' }, agent).senderType).toBe(SenderType.Agent);
    expect(decodeMessage({ senderType: 9, msgContent: 'a' }, agent, '1201').senderType).toBe(SenderType.Agent);
    expect(warn.mock.calls.map(([line]) => line)).toEqual(['1201.senderType: unknown 9; read as 2']);
  });

  it('DESIGN wire data: a time a Date cannot hold, a negative size, a wrongly typed optional field are dropped with a log line each; the message is kept', () => {
    const warn = vi.fn();
    const m = decodeMessage(
      {
        senderType: 2,
        msgType: 4,
        msgContent: 'f',
        msgTime: 1e16,
        fileSize: -5,
        audioDuration: '-1',
        fileName: { x: 1 },
        senderName: 'Ann',
        fileUrl: '/f.pdf',
      },
      { ...defaults(), warn },
      'm',
    );
    expect(m).toMatchObject({
      msgTime: undefined,
      createdAt: NOW,
      fileSize: undefined,
      audioDuration: undefined,
      fileName: undefined,
      senderName: 'Ann',
      fileUrl: '/f.pdf',
    });
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'm.msgTime: 10000000000000000 out of range; ignored',
      'm.fileName: expected a string; ignored',
      'm.audioDuration: -1 out of range; ignored',
      'm.fileSize: -5 out of range; ignored',
    ]);
    // The edges a Date holds are kept.
    expect(decodeMessage({ senderType: 2, msgContent: 'a', msgTime: 8.64e15 }, defaults()).createdAt).toBe(8.64e15);
  });

  it('SPEC §3: a message carrying its time flag keeps it; an unknown status is dropped', () => {
    const m = decodeMessage({ senderType: 2, msgType: 1, msgContent: 'a', hasTime: true, status: 'weird' }, defaults());
    expect(m.carriesTime).toBe(true);
    expect(m.hasTime).toBe(true);
    expect(m.status).toBeUndefined();
    expect(decodeMessage({ senderType: 1, msgType: 1, msgContent: 'a', status: 'sent' }, defaults()).status).toBe('sent');
  });

  it.each(['pending', 'fail'])(
    'a stored message whose status says %s shows no spinner and no retry: the server holds it, nothing is left to deliver (one log line)',
    (status) => {
      const lines: string[] = [];
      const m = decodeMessage({ senderType: 1, msgType: 1, msgContent: 'a', status }, { ...defaults(), warn: (line) => lines.push(line) }, 'm');
      expect(m.status).toBeUndefined();
      expect(lines).toEqual([`m.status: ${status} on a stored message; ignored`]);
    },
  );

  it('a message sent with a clientMsgId is known under it (the id the widget showed it under), so it is never shown twice', () => {
    expect(decodeMessage({ id: 'srv-1', clientMsgId: 'local-1', senderType: 1, msgContent: 'a' }, defaults()).id).toBe('local-1');
    expect(decodeMessage({ id: 'srv-1', senderType: 1, msgContent: 'a' }, defaults()).id).toBe('srv-1');
  });
});

describe('file addresses (docs/protocol.md §3 File addresses: absolute, or relative to the visitor API)', () => {
  const API = 'https://api.example/support/api/chat/visitor/';

  it('a relative address resolves against the API: a path from / on its origin, another path under the API', () => {
    expect(fileAddress('/api/chat/visitor/files/a.png', API)).toBe('https://api.example/api/chat/visitor/files/a.png');
    expect(fileAddress(' files/a b.pdf', API)).toBe('https://api.example/support/api/chat/visitor/files/a%20b.pdf');
    expect(fileAddress('//cdn.example/a.png', API)).toBe('https://cdn.example/a.png');
  });

  it('an absolute address, a blank, or what is no http(s) URL stays as it came, for the UI to judge; so does any with the API on the page (apiBase empty or a path)', () => {
    for (const url of [
      'https://cdn.example/a.png',
      'blob:https://app.example/1',
      'data:image/png;base64,AA==',
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      '',
      '  ',
      'http://[x',
    ])
      expect(fileAddress(url, API)).toBe(url);
    expect(fileAddress('/api/chat/visitor/files/a.png', '/api/chat/visitor/')).toBe('/api/chat/visitor/files/a.png');
    expect(fileAddress('/files/a.png', '/support/api/chat/visitor/')).toBe('/files/a.png');
  });

  it('decodeMessage resolves fileUrl, and the msgContent of a file kind without fileUrl (its address then); never a text or a caption', () => {
    const decode = (fields: Record<string, unknown>) => decodeMessage({ senderType: SenderType.Agent, ...fields }, { ...defaults(), api: API });
    expect(decode({ msgType: MsgType.Image, msgContent: 'a view', fileUrl: '/f/a.png' })).toMatchObject({
      msgContent: 'a view',
      fileUrl: 'https://api.example/f/a.png',
    });
    for (const msgType of [MsgType.Image, MsgType.File, MsgType.Audio, MsgType.Video])
      expect(decode({ msgType, msgContent: '/f/a' }).msgContent).toBe('https://api.example/f/a');
    expect(decode({ msgType: MsgType.Text, msgContent: '/help' }).msgContent).toBe('/help');
    expect(decodeMessage({ senderType: SenderType.Agent, msgType: MsgType.Image, msgContent: '/f/a.png' }, defaults()).msgContent).toBe('/f/a.png');
  });
});

describe('avatars (SPEC §9; docs/protocol.md "Avatars": the wire names none, each name backends use is read)', () => {
  const PIC = 'https://cdn.example.com/ann.png';
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it.each(['senderAvatar', 'avatar', 'adminAvatar', 'headImg'])("a message names its sender's picture as %s", (field) => {
    expect(decodeMessage({ senderType: 2, msgContent: 'a', [field]: PIC }, defaults()).senderAvatar).toBe(PIC);
  });

  it('only an absolute http(s) URL is a picture; anything else is dropped with one log line, the message kept', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/img/ann.png', 42]) {
      const lines: string[] = [];
      const m = decodeMessage({ senderType: 2, msgContent: 'a', headImg: bad }, { ...defaults(), warn: (line) => lines.push(line) }, 'm');
      expect(m).toMatchObject({ msgContent: 'a', senderAvatar: undefined });
      expect(lines).toEqual(['m.headImg: not an http(s) URL; ignored']);
    }
  });

  it('SPEC §4 1201, both readings: the picture in the JSON message, or beside adminNick on the event', () => {
    const d = defaults();
    const json = decodeAgentMessage({ event_type: 1201, msgId: 'e1', msgContentEnc: b64(JSON.stringify({ senderType: 2, msgContent: 'hi', avatar: PIC })) }, d);
    const json2 = decodeAgentMessage(
      { event_type: 1201, msgId: 'e2', adminNick: 'Ann', adminAvatar: PIC, msgContentEnc: b64(JSON.stringify({ senderType: 2, msgContent: 'hi' })) },
      d,
    );
    const text = decodeAgentMessage({ event_type: 1201, msgId: 'e3', adminNick: 'Ann', adminAvatar: PIC, msgContentEnc: b64('hi') }, d);
    expect([json, json2, text].map((m) => m.senderAvatar)).toEqual([PIC, PIC, PIC]);
  });

  it("avatarOf: the message's own picture, else the robot's from channelInfo (robotAvatar or robotHeadImg) for the robot; none for others", () => {
    const channel = decodeChannelInfo({ tenantId: 't', robotHeadImg: 'https://cdn.example.com/robo.png' });
    expect(channel.robotAvatar).toBe('https://cdn.example.com/robo.png');
    const robot = createMessage({ id: 'r', senderType: SenderType.Robot, msgType: MsgType.Text, msgContent: 'a', createdAt: 0 });
    const agent = createMessage({ id: 'a', senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: 'a', createdAt: 0 });
    expect(avatarOf(robot, channel)).toBe('https://cdn.example.com/robo.png');
    expect(avatarOf({ ...robot, senderAvatar: PIC }, channel)).toBe(PIC);
    expect(avatarOf(agent, channel)).toBeUndefined();
    expect(avatarOf(robot, null)).toBeUndefined();
    const lines: string[] = [];
    expect(decodeChannelInfo({ tenantId: 't', robotAvatar: 'ftp://x/robo.png' }, (line) => lines.push(line)).robotAvatar).toBeNull();
    expect(lines).toEqual(['channelInfo.robotAvatar: not an http(s) URL; ignored']);
  });
});

describe('assignTimes (SPEC §3 hasTime, §9 300000 ms)', () => {
  const at = (id: string, createdAt: number, carriesTime = false): ChatMessage => ({
    ...createMessage({ id, senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: id, createdAt }),
    carriesTime,
  });
  const flags = (list: readonly ChatMessage[]) => list.map((m) => m.hasTime);

  it('SPEC §3: the first message shows its time', () => {
    expect(flags(assignTimes([at('a', 5)]))).toEqual([true]);
  });

  it('SPEC §3, §9: more than 300000 ms since the last shown time shows the time; exactly 300000 does not', () => {
    expect(TIME_GAP_MS).toBe(300_000);
    expect(flags(assignTimes([at('a', 0), at('b', 300_001)]))).toEqual([true, true]);
    expect(flags(assignTimes([at('a', 0), at('b', 300_000)]))).toEqual([true, false]);
  });

  it('SPEC §3: the gap is measured from the last message shown with a time, not from the previous message', () => {
    expect(flags(assignTimes([at('a', 0), at('b', 200_000), at('c', 400_000), at('d', 600_000)]))).toEqual([true, false, true, false]);
  });

  it('SPEC §3: a message that carries its time shows it whatever the gap, and restarts the gap', () => {
    expect(flags(assignTimes([at('a', 0), at('b', 10, true), at('c', 300_005)]))).toEqual([true, true, false]);
  });

  it('unchanged messages keep their identity; a list needing no change is returned as is', () => {
    const list = assignTimes([at('a', 0), at('b', 10)]);
    expect(assignTimes(list)).toBe(list);

    const longer = [...list, at('c', 400_000)];
    const out = assignTimes(longer, list.length);
    expect(out).not.toBe(longer);
    expect(out[0]).toBe(list[0]);
    expect(out[1]).toBe(list[1]);
    expect(out[2]?.hasTime).toBe(true);
  });

  it('from an index on: earlier messages are not revisited and the gap counts from the last shown before it', () => {
    const list = assignTimes([at('a', 0), at('b', 100)]);
    const out = assignTimes([...list, at('c', 300_050), at('d', 300_200)], 2);
    expect(flags(out)).toEqual([true, false, true, false]);
  });
});

describe('previewOf (the new-message notice to an embedding page, SPEC §2)', () => {
  const base = { id: 'a1', senderType: SenderType.Agent, createdAt: 0 } as const;
  it('a text: on one line, its first 100 characters (whole emoji), with the sender name when it has one', () => {
    const long = `${'👋'.repeat(120)} and more`;
    expect(previewOf(createMessage({ ...base, msgType: MsgType.Text, msgContent: '  Hello\n\n  there ', senderName: 'Ann' }))).toEqual({
      senderName: 'Ann',
      preview: 'Hello there',
    });
    expect([...previewOf(createMessage({ ...base, msgType: MsgType.Text, msgContent: long })).preview]).toHaveLength(100);
    expect(previewOf(createMessage({ ...base, msgType: MsgType.Answer, msgContent: 'Opening hours: 9–5' })).preview).toBe('Opening hours: 9–5');
  });

  it('a file: its name; an image without one: empty — never its address', () => {
    expect(previewOf(createMessage({ ...base, msgType: MsgType.File, msgContent: 'https://files.example/x', fileName: 'invoice.pdf' })).preview).toBe(
      'invoice.pdf',
    );
    expect(previewOf(createMessage({ ...base, msgType: MsgType.Image, msgContent: 'https://files.example/x.png' })).preview).toBe('');
  });
});
