import { describe, expect, it } from 'vitest';
import type { RobotAskData, RobotTipsData, SendMsgData, WireChannelInfo, WireMessage } from '#engine/protocol';
import { readFileSync } from 'node:fs';
import { API_OK, ChatStatus, MsgType, QUEUE_PLACEHOLDER, QuickReplyCode, ReceiveMode, SEND_OK, SenderType } from '#engine/model/codes';
import { PRESETS } from '../../server/presets';
import { setup, T0 } from './helpers';

describe('bad requests', () => {
  it('answer an envelope with a code other than 200 and a message, never a crash', async () => {
    const { call, post } = setup();
    const cases = [
      await call('channelInfo', { id: 'nope' }),
      await call('channelInfo', {}),
      await call('chatStart', {}),
      await call('chatStart', { channelId: 'nope' }),
      await call('sendMsg', { msgContent: 'hi', msgType: 1, senderType: 1 }),
      await call('sendMsg', { userId: 'unknown', msgContent: 'hi' }),
      await call('getHistoryMsg', { pageSize: 20 }),
      await call('notACall', {}),
      await call('chatStart', [1, 2]),
      (await post('/api/chat/visitor/chatStart', '{not json')).envelope,
      (await post('/api/chat/visitor/upload', 'x', { 'content-type': 'multipart/form-data; boundary=zzz' })).envelope,
    ];
    for (const envelope of cases) {
      expect(envelope.code).not.toBe(API_OK);
      expect(envelope.message).toEqual(expect.any(String));
    }
  });

  it('channelInfo with an unknown id is 404 channel not found', async () => {
    expect(await setup().call('channelInfo', { id: 'nope' })).toEqual({ code: 404, message: 'channel not found' });
  });

  it('dev controls are absent unless enabled', async () => {
    const { dev } = setup({ devControls: false });
    expect((await dev('agentSay', { userId: 'u', text: 'hi' })).code).toBe(404);
  });
});

describe('demo channel bootstrap', () => {
  it('channelInfo returns the robot-first preset with its FAQ', async () => {
    const info = await setup().data<WireChannelInfo>('channelInfo', { id: 'demo' });
    expect(info).toMatchObject({ tenantId: 'demo', receiveMode: ReceiveMode.RobotFirst, robotWelcomeMode: 1, faqMode: 1 });
    expect(JSON.parse(String(info.faqConfig))).toHaveLength(6);
    expect(info.userQueueMsg).toContain(QUEUE_PLACEHOLDER);
  });

  it('chatStart creates a visitor, then reuses a known id (or adopts a given unknown one)', async () => {
    const { start } = setup();
    const first = await start('demo');
    expect(first).toMatchObject({
      userId: expect.any(String),
      sessionId: expect.any(String),
      pollId: expect.any(String),
      status: ChatStatus.NotStarted,
      serverTime: T0,
    });
    const again = await start('demo', first.userId);
    expect(again.userId).toBe(first.userId);
    expect(again.sessionId).not.toBe(first.sessionId);
    expect((await start('demo', 'kept-from-local-storage')).userId).toBe('kept-from-local-storage');
  });

  it('sendMsg stores the message and gives it an id; __fail__ reports status 0', async () => {
    const { start, data, history } = setup();
    const { userId } = await start('demo');
    const sent = await data<SendMsgData>('sendMsg', { userId, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hello' });
    expect(sent).toEqual({ status: SEND_OK, id: expect.any(String) });
    expect(await data<SendMsgData>('sendMsg', { userId, senderType: 1, msgType: 1, msgContent: '__fail__' })).toEqual({ status: 0 });
    expect(await history(userId)).toEqual([expect.objectContaining({ id: sent.id, msgContent: 'hello', senderType: SenderType.Visitor, msgTime: T0 })]);
  });

  it('robotAsk answers a known question from the FAQ and stores the answer', async () => {
    const { start, data, history } = setup();
    const { userId } = await start('demo');
    const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question: 'When will my PARCEL arrive?' });
    expect(reply.msgContent).toMatch(/business days/);
    expect(reply.msgType).toBe(MsgType.Answer);
    expect(reply.suggestions?.length).toBeGreaterThan(0);
    expect(await history(userId)).toEqual([expect.objectContaining({ senderType: SenderType.Robot, senderName: 'Robo', msgContent: reply.msgContent })]);
  });

  it('robotAsk answers an unknown question with a FAQ message of what it can answer', async () => {
    const { start, data } = setup();
    const { userId } = await start('demo');
    const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question: 'Do you sell unicorns?' });
    expect(reply.msgContent).toMatch(/don't know/);
    expect(reply.msgType).toBe(MsgType.Faq);
    expect(reply.suggestions).toHaveLength(6);
    expect(reply.suggestions).toContain('How do I return an item?');
  });

  it.each(['human', 'I want to talk to a human', 'How can I talk to a human?'])(
    'robotAsk answers %j by offering the transfer to a human, named as the widget names it',
    async (question) => {
      const { start, data } = setup();
      const { userId } = await start('demo');
      const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question });
      const [first, ...rest] = reply.suggestions ?? [];
      // The transfer comes first, as a quick reply with the reserved code; FAQ questions follow.
      expect(first).toEqual({ name: 'Human agent', code: QuickReplyCode.TransferToHuman, isHighlight: true });
      expect(rest).toEqual([expect.any(String), expect.any(String)]);
      // The text tells the visitor to tap what the quick reply and the navigation bar's button read.
      expect(reply.msgContent).toContain('Tap “Human agent”');
      expect(readFileSync('locales/en/messages.po', 'utf8')).toContain('msgid "Human agent"\nmsgstr "Human agent"');
    },
  );

  it('robotAsk offers no transfer for other questions', async () => {
    const { start, data } = setup();
    const { userId } = await start('demo');
    for (const question of ['When will my parcel arrive?', 'Do you sell unicorns?']) {
      const reply = await data<RobotAskData>('robotAsk', { userId, channelId: 'demo', question });
      expect(reply.suggestions).not.toContainEqual(expect.objectContaining({ code: QuickReplyCode.TransferToHuman }));
    }
  });

  it('robotTips suggests FAQ questions for the text typed so far', async () => {
    const { data } = setup();
    expect(await data<RobotTipsData>('robotTips', { userId: 'u', channelId: 'demo', question: 'refund' })).toEqual({ tips: ['How do I return an item?'] });
    expect(await data<RobotTipsData>('robotTips', { userId: 'u', channelId: 'demo', question: '' })).toEqual({ tips: [] });
  });

  it('robotTips: a half-typed last word counts for the keywords it begins; at most five, none repeated', async () => {
    const { data } = setup();
    expect(await data<RobotTipsData>('robotTips', { userId: 'u', channelId: 'demo', question: 'ref' })).toEqual({ tips: ['How do I return an item?'] });
    expect(await data<RobotTipsData>('robotTips', { userId: 'u', channelId: 'demo', question: 'xq' })).toEqual({ tips: [] });
    const many = await data<RobotTipsData>('robotTips', { userId: 'u', channelId: 'demo', question: 'how' });
    expect(many.tips.length).toBeLessThanOrEqual(5);
    expect(new Set(many.tips).size).toBe(many.tips.length);
  });
});

describe('sendMsg with clientMsgId (docs/protocol.md "Extensions")', () => {
  const hello = (userId: string, clientMsgId?: string) => ({ userId, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hello', clientMsgId });

  it('a repeat with the same clientMsgId stores the message once and answers exactly as the first time', async () => {
    const { start, call, history, advance } = setup();
    const { userId } = await start('demo');
    const first = await call<SendMsgData>('sendMsg', hello(userId, 'local-1'));
    advance(5_000);
    const repeat = await call<SendMsgData>('sendMsg', hello(userId, 'local-1'));
    expect(first).toEqual({ code: API_OK, data: { status: SEND_OK, id: expect.any(String) } });
    expect(repeat).toEqual(first);
    expect(await history(userId)).toEqual([expect.objectContaining({ id: first.data?.id, msgContent: 'hello', msgTime: T0 })]);
  });

  it('a repeat is recognised by its clientMsgId alone, in a later session too; a number and its string are one id', async () => {
    const { start, data, history } = setup();
    const { userId } = await start('demo');
    const first = await data<SendMsgData>('sendMsg', { ...hello(userId), clientMsgId: 7 });
    await start('demo', userId);
    expect(await data<SendMsgData>('sendMsg', { ...hello(userId, '7'), msgContent: 'edited' })).toEqual(first);
    expect((await history(userId)).map((m) => m.msgContent)).toEqual(['hello']);
  });

  it('different clientMsgIds are different messages, and the same clientMsgId of another visitor too', async () => {
    const { start, data, history } = setup();
    const { userId } = await start('demo');
    const other = await start('demo');
    const a = await data<SendMsgData>('sendMsg', hello(userId, 'local-1'));
    const b = await data<SendMsgData>('sendMsg', hello(userId, 'local-2'));
    const c = await data<SendMsgData>('sendMsg', hello(other.userId, 'local-1'));
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(await history(userId)).toHaveLength(2);
    expect(await history(other.userId)).toHaveLength(1);
  });

  it('without clientMsgId every sendMsg is a new message, as before', async () => {
    const { start, data, history } = setup();
    const { userId } = await start('demo');
    const a = await data<SendMsgData>('sendMsg', hello(userId));
    const b = await data<SendMsgData>('sendMsg', hello(userId));
    expect(a.id).not.toBe(b.id);
    expect(await history(userId)).toHaveLength(2);
  });

  it('a refusal (status 0) stores nothing and is not remembered: the repeat is judged again', async () => {
    const { start, data, history } = setup();
    const { userId } = await start('demo');
    const refused = { userId, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: '__fail__', clientMsgId: 'local-1' };
    expect(await data<SendMsgData>('sendMsg', refused)).toEqual({ status: 0 });
    expect(await data<SendMsgData>('sendMsg', refused)).toEqual({ status: 0 });
    expect(await history(userId)).toEqual([]);
  });
});

describe('history', () => {
  it('returns the newest page oldest first, and older pages by maxTime without gaps or overlaps', async () => {
    const { start, data, history, advance } = setup();
    const { userId } = await start('demo');
    for (let i = 0; i < 25; i += 1) {
      await data('sendMsg', { userId, senderType: 1, msgType: 1, msgContent: `m${i}` });
      if (i % 2 === 0) advance(1_000); // some messages share an instant
    }
    const newest = await history(userId);
    expect(newest.map((m) => m.msgContent)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    const older = await history(userId, { maxTime: newest[0]?.msgTime });
    expect(older.map((m) => m.msgContent)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(await history(userId, { maxTime: older[0]?.msgTime })).toEqual([]);
    expect(await history(userId, { pageSize: 3 })).toHaveLength(3);
  });

  it('keeps sessions apart for getSessionMsg; getOfflineMsg hands the agent’s reply to a left message over once, then the history has it', async () => {
    const { start, data, history } = setup();
    const first = await start('offline');
    await data('sendMsg', { userId: first.userId, msgType: 1, msgContent: 'first session' });
    const second = await start('offline', first.userId);
    await data('leaveMsg', { userId: first.userId, channelId: 'offline', content: 'call me back' });
    const inSecond = await data<WireMessage[]>('getSessionMsg', { userId: first.userId, sessionId: second.sessionId });
    expect(inSecond.map((m) => m.msgContent)).toEqual(['call me back']);
    expect((await history(first.userId)).map((m) => m.msgContent)).toEqual(['first session', 'call me back']);
    const offline = await data<WireMessage[]>('getOfflineMsg', { userId: first.userId });
    expect(offline).toEqual([expect.objectContaining({ senderType: SenderType.Agent, msgContent: expect.stringContaining('“call me back”') })]);
    const left = (await history(first.userId)).find((m) => m.msgType === MsgType.LeaveMessage);
    expect(offline[0]?.msgTime).toBeGreaterThan(left?.msgTime ?? Number.POSITIVE_INFINITY);
    expect(await data<WireMessage[]>('getOfflineMsg', { userId: first.userId })).toEqual([]);
    expect((await history(first.userId)).map((m) => m.id)).toEqual([expect.any(String), left?.id, offline[0]?.id]);
  });

  it('sysMsg stores a system message and ignores an empty one', async () => {
    const { start, call, history } = setup();
    const { userId } = await start('agent');
    const base = { msgType: MsgType.SystemText, senderType: SenderType.System, specialMsgFlag: 3, clientType: 3, notifyAdmin: 1, userId };
    expect((await call('sysMsg', { ...base, msgContent: '' })).code).toBe(API_OK);
    expect((await call('sysMsg', { ...base, msgContent: 'Session established' })).code).toBe(API_OK);
    expect(await history(userId)).toEqual([expect.objectContaining({ senderType: SenderType.System, msgContent: 'Session established' })]);
  });
});

describe('presets', () => {
  it('every preset is its own tenant and sets the flags of its scenario', () => {
    for (const [id, preset] of Object.entries(PRESETS)) expect(preset.channel.tenantId).toBe(id);
    expect(PRESETS.form?.channel.userFormConfig && JSON.parse(PRESETS.form.channel.userFormConfig)).toMatchObject({ formModal: true });
    expect(PRESETS.timeouts?.channel).toMatchObject({ adminTimeoutMode: 1, adminTimeoutTime: 1, userTimeoutMode: 1, userTimeoutTime: 1 });
  });
});
