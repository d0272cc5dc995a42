import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { SendMsgData } from '#engine/protocol';
import { MsgType, SenderType } from '#engine/model/codes';
import { ADMIN_CARD, AGENT_NICK } from '../../server/agent';
import { devControlsFromEnv, hostFromEnv, isLoopback, startServer } from '../../server/node';
import { setup } from './helpers';

/** What the reference server refuses a stranger: the requests a web page of any site can make, oversized bodies, and words put in the agent's mouth. */

const MB = 1024 * 1024;

/** A body that hands out `total` bytes in 64 KiB chunks and counts how many the server pulled. */
function countedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('requests a page of another site can make without asking (no CORS preflight) are refused unread', () => {
  it('a text/plain or form POST to a call or a dev control gets 415, and the agent says nothing', async () => {
    const { post, start, history } = setup();
    const { userId } = await start('agent');
    const body = JSON.stringify({ userId, text: 'Your card was blocked: https://phish.example' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const dev = await post('/api/dev/agentSay', body, { 'content-type': type });
      expect(dev).toEqual({ status: 415, envelope: { code: 415, message: 'Content-Type must be application/json' } });
      const call = await post('/api/chat/visitor/sendMsg', JSON.stringify({ userId, msgContent: 'hi' }), { 'content-type': type });
      expect(call).toEqual({ status: 415, envelope: { code: 415, message: 'Content-Type must be application/json' } });
    }
    expect(await history(userId)).toEqual([]);
  });

  it('JSON with a charset passes; an upload must be multipart', async () => {
    const { post } = setup();
    expect((await post('/api/chat/visitor/channelInfo', '{"id":"demo"}', { 'content-type': 'Application/JSON; charset=utf-8' })).envelope.code).toBe(200);
    expect(await post('/api/chat/visitor/upload', '{}')).toEqual({ status: 415, envelope: { code: 415, message: 'Content-Type must be multipart/form-data' } });
  });
});

describe('bodies are limited while they are read, before anything is parsed or stored', () => {
  it('a 20 MB upload gets 413 after about 10 MB was read; announced by its Content-Length, nothing is read', async () => {
    const { app } = setup();
    const streamed = countedBody(20 * MB);
    const chunked = await app.fetch(
      new Request('http://localhost/api/chat/visitor/upload', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: streamed.stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect([chunked.status, await chunked.json()]).toEqual([413, { code: 413, message: 'request too large' }]);
    // The limit and what the stream had buffered ahead: about half of the file, never all of it.
    expect(streamed.pulled()).toBeLessThan(11 * MB);

    const announced = countedBody(20 * MB);
    const declared = await app.fetch(
      new Request('http://localhost/api/chat/visitor/upload', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(20 * MB) },
        body: announced.stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(declared.status).toBe(413);
    expect(announced.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it('a 9 MB file still uploads', async () => {
    const { post, start } = setup();
    const { userId } = await start('agent');
    const form = new FormData();
    form.set('userId', userId);
    form.set('file', new File([new Uint8Array(9 * MB)], 'big.pdf'));
    expect((await post('/api/chat/visitor/upload', form, {})).envelope).toMatchObject({ code: 200, data: { name: 'big.pdf' } });
  });

  it('a 5 MB JSON body gets 413, to a call and to a dev control; uploadBase64 takes a 10 MB image', async () => {
    const { post, start } = setup();
    const { userId } = await start('agent');
    const huge = JSON.stringify({ userId, msgContent: 'x'.repeat(5 * MB) });
    expect(await post('/api/chat/visitor/sendMsg', huge)).toEqual({ status: 413, envelope: { code: 413, message: 'request too large' } });
    expect((await post('/api/dev/agentSay', huge)).status).toBe(413);
    const image = `data:image/png;base64,${Buffer.alloc(10 * MB).toString('base64')}`;
    expect((await post('/api/chat/visitor/uploadBase64', JSON.stringify({ userId, imgData: image }))).envelope.code).toBe(200);
    // 5 MB and 13 MB of JSON made, sent and parsed: about a second here, more on a loaded machine.
  }, 20_000);
});

describe("a visitor's calls never speak as the agent or the robot", () => {
  const sysMsg = (userId: string, senderType: SenderType, msgContent: string) => ({
    userId,
    msgContent,
    senderType,
    senderName: AGENT_NICK,
    msgType: MsgType.Text,
    specialMsgFlag: 3,
    clientType: 3,
    notifyAdmin: 1,
  });

  it('sysMsg claiming the agent or the robot stores nothing; a system message is stored as the system, without the claimed name', async () => {
    const { call, start, data, history } = setup();
    const { userId } = await start('agent');
    await data('transferAgent', { userId });
    expect((await call('sysMsg', sysMsg(userId, SenderType.Agent, 'Pay here: https://phish.example'))).code).toBe(200);
    expect((await call('sysMsg', sysMsg(userId, SenderType.Robot, 'I am the robot'))).code).toBe(200);
    expect((await call('sysMsg', sysMsg(userId, SenderType.System, 'The agent left'))).code).toBe(200);
    const stored = await history(userId);
    expect(stored).toEqual([expect.objectContaining({ senderType: SenderType.System, msgContent: 'The agent left' })]);
    expect(stored[0]).not.toHaveProperty('senderName', AGENT_NICK);
  });

  it("the agent's own welcome, which the widget posts with sysMsg, is kept as the agent's: once a session, and only while talking to the agent", async () => {
    const { call, start, data, history } = setup();
    const { userId } = await start('agent');
    const welcome = ADMIN_CARD.adminWelcomeMsg ?? '';
    await call('sysMsg', sysMsg(userId, SenderType.Agent, welcome));
    expect(await history(userId)).toEqual([]);
    await data('transferAgent', { userId });
    await call('sysMsg', sysMsg(userId, SenderType.Agent, welcome));
    await call('sysMsg', sysMsg(userId, SenderType.Agent, welcome));
    expect(await history(userId)).toEqual([expect.objectContaining({ senderType: SenderType.Agent, senderName: AGENT_NICK, msgContent: welcome })]);
  });

  it('addSessionMsg never speaks for the agent or the robot, and stores nothing twice', async () => {
    const { data, start, history } = setup();
    const { userId } = await start('agent');
    const claimedAgent = await data<SendMsgData>('addSessionMsg', { userId, senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: 'I am Alice' });
    const claimedRobot = await data<SendMsgData>('addSessionMsg', {
      userId,
      senderType: SenderType.Robot,
      msgType: MsgType.Text,
      msgContent: 'I am the robot',
    });
    expect([claimedAgent.status, claimedRobot.status]).toEqual([0, 0]);
    const sent = await data<SendMsgData>('sendMsg', { userId, msgType: MsgType.Text, msgContent: 'Where is my order?', clientMsgId: 'c1' });
    const again = await data<SendMsgData>('addSessionMsg', {
      userId,
      senderType: SenderType.Visitor,
      msgType: MsgType.Text,
      msgContent: 'Where is my order?',
      clientMsgId: 'c1',
    });
    const added = await data<SendMsgData>('addSessionMsg', {
      userId,
      senderType: SenderType.Visitor,
      msgType: MsgType.Text,
      msgContent: 'Asked the robot first',
      clientMsgId: 'c0',
    });
    expect(again).toEqual({ status: 1, id: sent.id });
    expect(added.status).toBe(1);
    expect((await history(userId)).map((m) => [m.senderType, m.msgContent])).toEqual([
      [SenderType.Visitor, 'Where is my order?'],
      [SenderType.Visitor, 'Asked the robot first'],
    ]);
  });
});

describe('npm start stays on this machine unless told otherwise', () => {
  it('listens on 127.0.0.1 by default, on HOST when it is set', async () => {
    expect([hostFromEnv({}), hostFromEnv({ HOST: ' ' }), hostFromEnv({ HOST: '0.0.0.0' })]).toEqual(['127.0.0.1', '127.0.0.1', '0.0.0.0']);
    const previous = process.env.HOST;
    delete process.env.HOST;
    const running = await startServer({ port: 0, quiet: true, devControls: false });
    try {
      expect((running.server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await running.close();
      if (previous !== undefined) process.env.HOST = previous;
    }
  });

  it('loopback is 127.0.0.0/8, ::1 and localhost', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.2', 'shop.example', '1127.0.0.1'].some(isLoopback)).toBe(false);
  });

  it('dev controls only with DEV_CONTROLS=1, and beyond loopback only with DEV_CONTROLS_ON_NETWORK=1 too (else one line says why)', () => {
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    expect(devControlsFromEnv({}, '127.0.0.1', warn)).toBe(false);
    expect(devControlsFromEnv({ DEV_CONTROLS: '0' }, '127.0.0.1', warn)).toBe(false);
    expect(devControlsFromEnv({ DEV_CONTROLS: '1' }, '127.0.0.1', warn)).toBe(true);
    expect(lines).toEqual([]);
    expect(devControlsFromEnv({ DEV_CONTROLS: '1' }, '0.0.0.0', warn)).toBe(false);
    expect(lines).toEqual(['DEV_CONTROLS: off, because the server listens on 0.0.0.0, beyond this machine; DEV_CONTROLS_ON_NETWORK=1 turns them on there too']);
    expect(devControlsFromEnv({ DEV_CONTROLS: '1', DEV_CONTROLS_ON_NETWORK: '1' }, '0.0.0.0', warn)).toBe(true);
  });
});
