import { describe, expect, it } from 'vitest';
import { notify } from '#engine/core/effect';
import { type EffectOutput } from '#engine/core/intents';
import type { ChatState } from '#engine/core/state';
import { leaveMessage } from '#engine/features/forms/leaveMessage';
import { MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import { NetworkError } from '#engine/transport/errors';
import { answers, fakeApi } from '../../support/fakeApi';
import { CHANNEL_ID, USER_ID, at, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { intentsOf, readyState, runEffect, stateWith } from '../../support/effectSpec';

const VALUES = { name: ' Ann ', phone: '13800138000', email: '', content: 'Please call me back' };
const OPEN: ChatState['leaveMessage'] = { offered: 'offline', open: true, sending: false, draft: null };
const left = (createdAt: number) =>
  createMessage({
    id: 'm1',
    senderType: SenderType.Visitor,
    msgType: MsgType.LeaveMessage,
    msgContent: 'Please call me back',
    createdAt,
    status: MessageStatus.Sent,
  });

/** Marble values: the visitor's submissions, and what leaveMessage answers with (intents and the UI's toasts). */
const v = {
  l: { type: 'leaveMessageSubmitted', values: VALUES },
  b: { type: 'leaveMessageSubmitted', values: { phone: '123', content: '' } },
  s: { type: 'leaveMessageSent', message: left(300) },
  S: { type: 'leaveMessageSent', message: left(200) },
  k: notify({ type: 'submissionSucceeded', form: 'leaveMessage' }),
  F: { type: 'leaveMessageFailed' },
  n: notify({ type: 'submissionFailed', form: 'leaveMessage' }),
} satisfies Record<string, EffectOutput>;

describe('leaveMessage effect: SPEC §2, §7 leaveMsg', () => {
  it('the message is sent with the trimmed values; once delivered it shows in the chat, the form closes and the UI shows the success toast', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ leaveMsg: () => cold('300ms (a|)', { a: undefined }) });
      const intents = intentsOf(cold, ' l 299ms -', v);
      const expected = '                - 299ms (sk)';
      const run = runEffect(leaveMessage, readyState({ leaveMessage: OPEN }), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      // SPEC §5: blank fields are left out.
      expect(api.bodies('leaveMsg')).toEqual([
        { userId: USER_ID, channelId: CHANNEL_ID, name: 'Ann', phone: '13800138000', email: undefined, content: 'Please call me back' },
      ]);
      expect(run.getState().leaveMessage).toEqual({ offered: 'offline', open: false, sending: false, draft: null });
      expect(run.getState().messages.at(-1)).toMatchObject({ id: 'm1', msgType: MsgType.LeaveMessage, msgContent: 'Please call me back', position: 'right' });
    });
  });

  it('a second click while the message is on its way is ignored: one leaveMsg', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ leaveMsg: () => cold('300ms (a|)', { a: undefined }) });
      const intents = intentsOf(cold, ' l 99ms l 199ms -', v);
      const expected = '                - 99ms - 199ms (sk)';
      expectObservable(runEffect(leaveMessage, readyState({ leaveMessage: OPEN }), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('leaveMsg')).toBe(1);
    });
  });

  it("SPEC §8: a failed leaveMsg asks the UI for the 'submission failed' toast and the form stays open; sending again can succeed", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ leaveMsg: answers(cold('100ms #', undefined, new NetworkError('leaveMsg', 'offline')), cold('(a|)', { a: undefined })) });
      const log = logSpy();
      // Sent, failed; sent again, and delivered (a group such as (Fn) lasts as many frames as it has characters):
      //                                0 ms   100 ms    200 ms
      const intents = intentsOf(cold, ' l 99ms ---- 96ms l', v);
      const expected = '                - 99ms (Fn) 96ms (Sk)';
      const run = runEffect(leaveMessage, readyState({ leaveMessage: OPEN }), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      at(scheduler, 150, () => expect(run.getState().leaveMessage).toEqual(OPEN));
      flush();

      expect(logLines(log)).toEqual(['leaveMsg failed: offline']);
      expect(api.count('leaveMsg')).toBe(2);
    });
  });

  it('SPEC §5: invalid values are refused without a call, with a log line and the failure toast', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const log = logSpy();
      const intents = intentsOf(cold, 'b', v);
      const expected = '               (Fn)';
      const run = runEffect(leaveMessage, readyState({ leaveMessage: OPEN }), intents, { scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['leaveMsg refused: invalid phone, content']);
      expect(run.getState().leaveMessage).toEqual(OPEN);
    });
  });

  it('without a session the message is refused with a log line and the failure toast', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const log = logSpy();
      const intents = intentsOf(cold, 'l', v);
      const expected = '               (Fn)';
      expectObservable(runEffect(leaveMessage, stateWith({ leaveMessage: OPEN }), intents, { scheduler, log }).output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['leaveMsg refused: no session']);
    });
  });

  it.each<[string, ChatState['leaveMessage']]>([
    ['offered but not open', { offered: 'offline', open: false, sending: false, draft: null }],
    ['not offered', { offered: null, open: false, sending: false, draft: null }],
  ])('a submission while the form is %s is ignored: no call, no toast', (_when, form) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const intents = intentsOf(cold, 'l', v);
      const expected = '               -';
      expectObservable(runEffect(leaveMessage, readyState({ leaveMessage: form }), intents, { scheduler }).output$).toBe(expected, v);
    });
  });
});
