import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { resend, worthResending } from '#engine/features/delivery/effect';
import { MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import type { SendMsgData } from '#engine/protocol';
import { ApiError, MalformedResponseError, NetworkError, TimeoutError } from '#engine/transport/errors';
import { answers, fakeApi } from '../../support/fakeApi';
import { newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';

/** A visitor message that failed (SPEC §4's fail at 12 s): "Not delivered", with its Retry. */
const failed = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  ...createMessage({ id, senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: `text ${id}`, createdAt: 0 }),
  status: MessageStatus.Fail,
  ...extra,
});

const OK: SendMsgData = { status: 1 };
const REFUSED: SendMsgData = { status: 0 };
/** A 503 whose answer says to come back in `seconds` (what the transport makes of its Retry-After). */
const unavailable = (seconds?: number) =>
  Object.assign(new ApiError('sendMsg', 503, 'unavailable'), seconds === undefined ? {} : { retryAfterMs: seconds * 1_000 });

const v = {
  f: { type: 'sendFailed', id: 'm1' },
  g: { type: 'sendFailed', id: 'm2' },
  s: { type: 'sendSucceeded', id: 'm1' },
  t: { type: 'sendSucceeded', id: 'm2' },
} satisfies Record<string, Intent>;

describe('resend effect: failed messages go on being sent in the background (issue 27)', () => {
  it('5 s after the fail it is sent again, still "Not delivered" meanwhile; the server taking it makes it sent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: () => cold('100ms (r|)', { r: OK }) });
      const intents = cold('f', v);
      const run = runEffect(resend, readyState({ messages: [failed('m1')] }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe('5100ms s', v);
      cold('5050ms x').subscribe(() => {
        expect(run.getState().messages[0]?.status).toBe(MessageStatus.Fail);
        expect(api.bodies('sendMsg')).toEqual([expect.objectContaining({ clientMsgId: 'm1', msgContent: 'text m1' })]);
      });
    });
  });

  it('the waits double from 5 s to 60 s, each counted from the end of the try before (an answer, or 20 s without one)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const down = cold<SendMsgData>('1s #', undefined, unavailable());
      const hanging = cold<SendMsgData>('-');
      const api = fakeApi({ sendMsg: answers(down, hanging, down, down, down, down, cold('(r|)', { r: OK })) });
      const run = runEffect(resend, readyState({ messages: [failed('m1')] }), cold('f', v), { api: api.api, scheduler });
      // 5 s (fails at 6 s), +10 s (hangs 20 s, to 36 s), +20 s (57 s), +40 s (98 s), +60 s (159 s), +60 s (220 s), +60 s: taken at 280 s.
      expectObservable(run.output$).toBe('280s s', v);
      flush();
      expect(down.subscriptions.map((s) => s.subscribedFrame)).toEqual([5_000, 56_000, 97_000, 158_000, 219_000]);
      expect(hanging.subscriptions.map((s) => s.subscribedFrame)).toEqual([16_000]);
    });
  });

  it('a Retry-After longer than the wait is honoured', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({ sendMsg: answers(cold('#', undefined, unavailable(90)), cold('(r|)', { r: OK })) });
      const run = runEffect(resend, readyState({ messages: [failed('m1')] }), cold('f', v), { api: api.api, scheduler });
      // Tried at 5 s, answered 503 with Retry-After 90: the next try at 95 s, not 15 s.
      expectObservable(run.output$).toBe('95s s', v);
    });
  });

  it('oldest first, one at a time; a message the server refuses (status ≠ 1) or that is not worth resending waits for the visitor’s Retry', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({
        sendMsg: answers(
          cold('10ms (r|)', { r: REFUSED }), // m1, round 1: refused for good
          cold('10ms #', undefined, new ApiError('sendMsg', 400, 'bad request')), // m2: a refusal in the API's envelope
          cold('10ms #', undefined, new NetworkError('sendMsg', 'offline')), // m3: worth another try
          cold('10ms (r|)', { r: OK }), // m3, round 2
        ),
      });
      const state = readyState({ messages: [failed('m1'), failed('m2'), failed('m3')] });
      const run = runEffect(resend, state, cold('f', v), { api: api.api, scheduler });
      expectObservable(run.output$).toBe('15040ms t', { t: { type: 'sendSucceeded', id: 'm3' } });
      flush();
      expect(api.bodies('sendMsg').map((b) => (b as { clientMsgId: string }).clientMsgId)).toEqual(['m1', 'm2', 'm3', 'm3']);
    });
  });

  it('a file whose upload failed is left to the visitor’s Retry (its bytes go up again); nothing is tried without a session', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const api = fakeApi({});
      const file = failed('m1', { msgType: MsgType.Image, upload: { file: new Blob(['x']) } });
      expectObservable(runEffect(resend, readyState({ messages: [file] }), cold('f', v), { api: api.api, scheduler }).output$).toBe('', v);
      expectObservable(runEffect(resend, readyState({ messages: [failed('m2')], session: null }), cold('g', v), { api: api.api, scheduler }).output$).toBe(
        '',
        v,
      );
    });
  });

  it('gives up 30 minutes after the fail that started it; the next fail starts it again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let calls = 0;
      const api = fakeApi({ sendMsg: () => (calls++, cold('#', undefined, new TimeoutError('sendMsg', 20_000))) });
      runEffect(resend, readyState({ messages: [failed('m1')] }), cold('f 40m f', v), { api: api.api, scheduler }).output$.subscribe();
      let inFirstRun = 0;
      cold('39m x').subscribe(() => (inFirstRun = calls));
      flush();
      // 5, 15, 35, 75, 135 s, then every 60 s while a try starts within 30 min: 32 tries; the fail at 40 min starts over.
      expect(inFirstRun).toBe(32);
      expect(calls).toBe(64);
    });
  });
});

describe('worthResending: what is sent again by itself', () => {
  it('a server away or overloaded (5xx, 429), a page that is no chat API, the network, no answer in time — not a refusal in the envelope', () => {
    expect(worthResending(new ApiError('sendMsg', 503, 'x'))).toBe(true);
    expect(worthResending(new ApiError('sendMsg', 429, 'x'))).toBe(true);
    expect(worthResending(new MalformedResponseError('sendMsg', '<html>'))).toBe(true);
    expect(worthResending(new NetworkError('sendMsg', 'offline'))).toBe(true);
    expect(worthResending(new TimeoutError('sendMsg', 20_000))).toBe(true);
    expect(worthResending(new ApiError('sendMsg', 400, 'x'))).toBe(false);
    expect(worthResending(new MalformedResponseError('sendMsg', 'bad data', true))).toBe(false);
    expect(worthResending(new Error('bug'))).toBe(false);
  });
});
