import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../../engine/core/intents';
import { delivery } from '../../../../engine/features/delivery/effect';
import { MessageStatus, MsgType, ReceiveMode, SenderType } from '../../../../engine/model/codes';
import { createMessage, type ChatMessage } from '../../../../engine/model/message';
import type { SendMsgData, UploadData } from '../../../../engine/protocol';
import { ApiError } from '../../../../engine/transport/errors';
import type { UploadRequest } from '../../../../engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { USER_ID, channel, newScheduler } from '../../support/fixtures';
import { readyState, runEffect, stateWith } from '../../support/effectSpec';

const text = (): ChatMessage => createMessage({ id: 'm1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hello', createdAt: 0 });
const file = (): ChatMessage =>
  createMessage({ id: 'm1', senderType: SenderType.Visitor, msgType: MsgType.Image, msgContent: '', fileName: 'cat.png', createdAt: 0, upload: { file: new Blob(['x']) } });
const withStatus = (m: ChatMessage, status: MessageStatus): ChatMessage => ({ ...m, status });

const OK: SendMsgData = { status: 1 };
const REFUSED: SendMsgData = { status: 0 };
const UPLOADED: UploadData = { url: '/files/cat.png', name: 'cat.png', suffix: 'png' };

/** Marble values: what comes in (from the UI and the transfer), and what delivery answers with. */
const v = {
  a: { type: 'visitorSent', message: text() },
  F: { type: 'visitorSent', message: file() },
  r: { type: 'retry', id: 'm1' },
  n: { type: 'transferEnded', waiting: false },
  c: { type: 'agentConnected' },
  s: { type: 'sendSucceeded', id: 'm1' },
  l: { type: 'sendSlow', id: 'm1' },
  f: { type: 'sendFailed', id: 'm1' },
  h: { type: 'uploadProgressed', id: 'm1', progress: 0.5 },
  u: { type: 'uploaded', id: 'm1', fileUrl: UPLOADED.url },
  x: { type: 'uploadFailed', id: 'm1' },
} satisfies Record<string, Intent>;

describe('delivery effect: the SPEC §4 delivery cycle (800 ms / 5 s / 12 s)', () => {
  it('an answer within 800 ms ends the cycle: sent, never slow', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: () => cold('300ms (r|)', { r: OK }) });
      const intents = cold(' a 299ms -', v);
      const expected = '     - 299ms s';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('a hanging send is slow at 800 ms, attempted again at 5 s and 10 s, and fails at 12 s; nothing is left in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const hanging = cold<SendMsgData>('-');
      const api = fakeApi({ sendMsg: () => hanging });
      const intents = cold(' a 799ms - 11199ms -', v);
      const expected = '     - 799ms l 11199ms f';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      // Each attempt replaces the previous one:   0 s      5 s        10 s        12 s
      expectSubscriptions(hanging.subscriptions).toBe(['^ 4999ms !', '5000ms ^ 4999ms !', '10000ms ^ 1999ms !']);
      flush();
      expect(api.count('sendMsg')).toBe(3);
    });
  });

  it('the second attempt, at 5 s, is confirmed: sent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: answers(cold('-'), cold('100ms (r|)', { r: OK })) });
      const intents = cold(' a 799ms - 4299ms -', v);
      const expected = '     - 799ms l 4299ms s';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('a status other than 1 fails at once; a transport error waits for the next attempt', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: answers(cold('#', {}, new ApiError('sendMsg', 500, 'down')), cold('(r|)', { r: REFUSED })) });
      const intents = cold(' a 799ms - 4199ms -', v);
      const expected = '     - 799ms l 4199ms f';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('a retry of the failed message starts the whole cycle over', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: answers(cold('(r|)', { r: REFUSED }), cold('1000ms (r|)', { r: OK })) });
      const intents = cold(' a 99ms r 799ms - 199ms -', v);
      const expected = '     f 99ms - 799ms l 199ms s';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });
});

describe('delivery effect: SPEC §4 Sending — a file is uploaded first, then sent', () => {
  it('uploads with progress, then sends the message with the uploaded address', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        upload: (req: UploadRequest) => {
          scheduler.schedule(() => req.onProgress?.(0.504), 50);
          return cold('100ms (u|)', { u: UPLOADED });
        },
        sendMsg: () => cold('10ms (r|)', { r: OK }),
      });
      const intents = cold(' F 49ms - 49ms - 9ms -', v);
      const expected = '     - 49ms h 49ms u 9ms s';
      const run = runEffect(delivery, readyState(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();
      expect(api.bodies('upload')[0]).toMatchObject({ userId: USER_ID, fileName: 'cat.png' });
      expect(api.bodies('sendMsg')).toEqual([expect.objectContaining({ fileUrl: UPLOADED.url, msgContent: UPLOADED.url, msgType: MsgType.Image })]);
    });
  });

  it('an upload failure marks the message fail and sends nothing; a retry uploads again, then sends', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        upload: answers(cold('10ms #', {}, new ApiError('upload', 500, 'disk full')), cold('10ms (u|)', { u: UPLOADED })),
        sendMsg: () => cold('10ms (r|)', { r: OK }),
      });
      const intents = cold(' F 9ms - 89ms r 9ms - 9ms -', v);
      const expected = '     - 9ms x 89ms - 9ms u 9ms s';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();
      expect(api.count('upload')).toBe(2);
      expect(api.count('sendMsg')).toBe(1);
    });
  });
});

describe('delivery effect: messages wait, never lost', () => {
  it('a message typed before the session waits for it, then is sent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: () => cold('(r|)', { r: OK }) });
      const start = stateWith({ messages: [withStatus(text(), MessageStatus.Pending)] });
      // The session arrives at 100 ms (as chatStart would bring it).
      const intents = cold<Intent>(' 100ms S', { S: { type: 'sessionStarted', session: { userId: USER_ID, sessionId: 's-1', pollId: 'p-1' }, status: 0 } });
      const expected = '              100ms s';
      expectObservable(runEffect(delivery, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §4 Receive mode 3 with msgToTransferFlag: held until the agent connects, then sent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: () => cold('(r|)', { r: OK }) });
      const start = readyState({ channel: channel({ receiveMode: ReceiveMode.Agent, msgToTransferFlag: 1 }) });
      const intents = cold(' a 499ms c', v);
      const expected = '     - 499ms s';
      expectObservable(runEffect(delivery, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('held for an agent who never comes: the message fails when the transfer ends without one', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const start = readyState({ channel: channel({ receiveMode: ReceiveMode.Agent, msgToTransferFlag: 1 }) });
      const intents = cold(' a 499ms n', v);
      const expected = '     - 499ms f';
      expectObservable(runEffect(delivery, start, intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});
