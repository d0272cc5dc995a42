import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { delivery } from '#engine/features/delivery/effect';
import { MessageStatus, MsgType, ReceiveMode, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import type { SendMsgData, UploadData } from '#engine/protocol';
import { ApiError } from '#engine/transport/errors';
import type { UploadFrame } from '#engine/transport/visitorApi';
import { answers, fakeApi } from '../../support/fakeApi';
import { USER_ID, channel, newScheduler } from '../../support/fixtures';
import { readyState, runEffect, stateWith } from '../../support/effectSpec';

const text = (): ChatMessage => createMessage({ id: 'm1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hello', createdAt: 0 });
const file = (): ChatMessage =>
  createMessage({
    id: 'm1',
    senderType: SenderType.Visitor,
    msgType: MsgType.Image,
    msgContent: '',
    fileName: 'cat.png',
    createdAt: 0,
    upload: { file: new Blob(['x']) },
  });
const withStatus = (m: ChatMessage, status: MessageStatus): ChatMessage => ({ ...m, status });

const OK: SendMsgData = { status: 1 };
const REFUSED: SendMsgData = { status: 0 };
const UPLOADED: UploadData = { url: '/files/cat.png', name: 'cat.png', suffix: 'png' };
const DONE: UploadFrame = { kind: 'done', data: UPLOADED };

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
  t: { type: 'transferStarted' },
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

  it('a hanging send is slow at 800 ms, attempted again at 5 s and 10 s, and fails at 12 s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ sendMsg: () => cold<SendMsgData>('-') });
      //                     0       800 ms    12 s
      const intents = cold(' a 799ms - 11199ms -', v);
      const expected = '     - 799ms l 11199ms f';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
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

describe('delivery effect: idempotent attempts (clientMsgId) and a late confirmation over the 12 s fail', () => {
  it('every attempt carries the message id as clientMsgId: at 0 s, 5 s and 10 s, and the visitor’s retry after the fail', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ sendMsg: answers(cold('-'), cold('-'), cold('-'), cold('100ms (r|)', { r: OK })) });
      //                     0       800 ms    12 s    13 s   13.1 s
      const intents = cold(' a 799ms - 11199ms - 999ms r 99ms -', v);
      const expected = '     - 799ms l 11199ms f 999ms - 99ms s';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();
      expect(api.bodies('sendMsg')).toEqual(Array(4).fill(expect.objectContaining({ clientMsgId: 'm1', userId: USER_ID, msgContent: 'hello' })));
    });
  });

  it('a slow answer (7 s) to the first attempt confirms the message before the fail; the attempt at 5 s is let go', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const hanging = cold<SendMsgData>('-');
      const api = fakeApi({ sendMsg: answers(cold('7000ms (r|)', { r: OK }), hanging) });
      //                     0       800 ms   7 s
      const intents = cold(' a 799ms - 6199ms -', v);
      const expected = '     - 799ms l 6199ms s';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      // The second attempt: 5 s to 7 s.
      expectSubscriptions(hanging.subscriptions).toBe('5000ms ^ 1999ms !');
    });
  });

  it('a confirmation at 14 s, after the fail at 12 s, turns the fail into sent; the attempts still in flight are let go', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const hanging = cold<SendMsgData>('-');
      const api = fakeApi({ sendMsg: answers(cold('14000ms (r|)', { r: OK }), hanging, hanging) });
      //                     0       800 ms    12 s     14 s
      const intents = cold(' a 799ms - 11199ms - 1999ms -', v);
      const expected = '     - 799ms l 11199ms f 1999ms s';
      const run = runEffect(delivery, readyState(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      // The attempts of 5 s and 10 s, both let go at 14 s.
      expectSubscriptions(hanging.subscriptions).toBe(['5000ms ^ 8999ms !', '10000ms ^ 3999ms !']);
      flush();
      expect(run.getState().messages[0]?.status).toBe(MessageStatus.Sent);
    });
  });

  it('after the fail, a late answer other than status 1 changes nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ sendMsg: answers(cold('14000ms (r|)', { r: REFUSED }), cold('-'), cold('-')) });
      //                     0       800 ms    12 s     14 s
      const intents = cold(' a 799ms - 11199ms - 1999ms -', v);
      const expected = '     - 799ms l 11199ms f 1999ms -';
      const run = runEffect(delivery, readyState(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();
      expect(run.getState().messages[0]?.status).toBe(MessageStatus.Fail);
    });
  });

  it('each attempt may confirm for 20 s (its HTTP time-out) from its start: the last ends at 30 s, nothing is left in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const hanging = cold<SendMsgData>('-');
      const api = fakeApi({ sendMsg: () => hanging });
      //                     0       800 ms    12 s
      const intents = cold(' a 799ms - 11199ms -', v);
      const expected = '     - 799ms l 11199ms f';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      // The attempts: 0 s to 20 s, 5 s to 25 s, 10 s to 30 s.
      expectSubscriptions(hanging.subscriptions).toBe(['^ 19999ms !', '5000ms ^ 19999ms !', '10000ms ^ 19999ms !']);
      flush();
      expect(api.count('sendMsg')).toBe(3);
    });
  });

  it('an answer after its attempt’s 20 s is not heard: the message stays failed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: answers(cold('20001ms (r|)', { r: OK }), cold('-'), cold('-')) });
      //                     0       800 ms    12 s     20.001 s
      const intents = cold(' a 799ms - 11199ms - 8000ms -', v);
      const expected = '     - 799ms l 11199ms f 8000ms -';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('ended (dispose) at 13 s, after the fail, while attempts are in flight: nothing is left in flight', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const hanging = cold<SendMsgData>('-');
      const api = fakeApi({ sendMsg: () => hanging });
      //                     0       800 ms    12 s    13 s
      const intents = cold(' a 799ms - 11199ms - 999ms -', v);
      const expected = '     - 799ms l 11199ms f 999ms -';
      const unsub = '        ^ 799ms - 11199ms - 999ms !';
      expectObservable(runEffect(delivery, readyState(), intents, { api: api.api, scheduler }).output$, unsub).toBe(expected, v);
      // The attempts of 0 s, 5 s and 10 s, all ended at 13 s.
      expectSubscriptions(hanging.subscriptions).toBe(['^ 12999ms !', '5000ms ^ 7999ms !', '10000ms ^ 2999ms !']);
    });
  });
});

describe('delivery effect: SPEC §4 Sending — a file is uploaded first, then sent', () => {
  it('uploads with progress, then sends the message with the uploaded address', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        upload: () => cold('50ms p 49ms (u|)', { p: { kind: 'progress', fraction: 0.504 }, u: DONE }),
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
        upload: answers(cold('10ms #', {}, new ApiError('upload', 500, 'disk full')), cold('10ms (u|)', { u: DONE })),
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

  it('SPEC §4 Receive mode 3: a held file whose transfer ended without an agent while it uploaded fails once uploaded (a retry is offered)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ upload: () => cold('10ms (u|)', { u: DONE }) });
      const start = readyState({ channel: channel({ receiveMode: ReceiveMode.Agent, msgToTransferFlag: 1 }) });
      //                     0    5 ms  10 ms
      const intents = cold(' F 4ms n 4ms -----', v);
      const expected = '     - 4ms - 4ms (uf)';
      expectObservable(runEffect(delivery, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('a wait for an agent that ended before the message was typed does not fail it: held until an agent connects', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: () => cold('(r|)', { r: OK }) });
      const start = readyState({ channel: channel({ receiveMode: ReceiveMode.Agent, msgToTransferFlag: 1 }), agentWait: { ended: 1, over: true } });
      const intents = cold(' a 499ms c', v);
      const expected = '     - 499ms s';
      expectObservable(runEffect(delivery, start, intents, { api: api.api, scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §4 Receive mode 3: a held file whose transfer gave up and started again while it uploaded waits for that agent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ upload: () => cold('10ms (u|)', { u: DONE }), sendMsg: () => cold('(r|)', { r: OK }) });
      const start = readyState({ channel: channel({ receiveMode: ReceiveMode.Agent, msgToTransferFlag: 1 }) });
      //                     0    5 ms  7 ms  10 ms  20 ms
      const intents = cold(' F 4ms n 1ms t 2ms - 9ms c', v);
      const expected = '     - 4ms - 1ms - 2ms u 9ms s';
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
