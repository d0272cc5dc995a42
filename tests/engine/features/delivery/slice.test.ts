import { describe, expect, it } from 'vitest';
import { reduce } from '#engine/core/reduce';
import { canRetry, hasPendingVisitorMessage, isPendingVisitorMessage } from '#engine/features/delivery/predicates';
import { MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { stateWith } from '../../support/effectSpec';

const visitor = (status?: MessageStatus, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  ...createMessage({ id: 'm1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'hi', createdAt: 0, ...fields }),
  status,
});
const statusOf = (messages: readonly ChatMessage[]) => messages.map((m) => [m.status, m.slow ?? false]);

describe('delivery slice: SPEC §4 Delivery indicator', () => {
  it('visitorSent shows the message pending; sendSlow adds the loading indicator; sendSucceeded sends it', () => {
    let state = reduce(stateWith(), { type: 'visitorSent', message: visitor() });
    expect(statusOf(state.messages)).toEqual([[MessageStatus.Pending, false]]);
    state = reduce(state, { type: 'sendSlow', id: 'm1' });
    expect(statusOf(state.messages)).toEqual([[MessageStatus.Pending, true]]);
    state = reduce(state, { type: 'sendSucceeded', id: 'm1' });
    expect(statusOf(state.messages)).toEqual([[MessageStatus.Sent, false]]);
  });

  it('a late sendSlow does not mark a message that is no longer pending', () => {
    const sent = reduce(reduce(stateWith(), { type: 'visitorSent', message: visitor() }), { type: 'sendSucceeded', id: 'm1' });
    expect(reduce(sent, { type: 'sendSlow', id: 'm1' })).toBe(sent);
  });

  it('retry makes a failed message pending again, and changes nothing for one that did not fail', () => {
    const failed = stateWith({ messages: [visitor(MessageStatus.Fail)] });
    expect(statusOf(reduce(failed, { type: 'retry', id: 'm1' }).messages)).toEqual([[MessageStatus.Pending, false]]);
    for (const status of [MessageStatus.Pending, MessageStatus.Sent]) {
      const state = stateWith({ messages: [visitor(status)] });
      expect(reduce(state, { type: 'retry', id: 'm1' })).toBe(state);
    }
  });

  it('SPEC §4 Sending: progress, then the uploaded address becomes fileUrl and msgContent; a failed upload keeps only the file', () => {
    const file = new Blob(['x']);
    let state = reduce(stateWith(), { type: 'visitorSent', message: visitor(undefined, { msgType: MsgType.Image, upload: { file } }) });
    state = reduce(state, { type: 'uploadProgressed', id: 'm1', progress: 0.4 });
    expect(state.messages[0]?.upload).toEqual({ file, progress: 0.4 });
    const failed = reduce(state, { type: 'uploadFailed', id: 'm1' });
    expect(failed.messages[0]).toMatchObject({ status: MessageStatus.Fail, upload: { file } });
    expect(failed.messages[0]?.upload?.progress).toBeUndefined();
    const uploaded = reduce(state, { type: 'uploaded', id: 'm1', fileUrl: '/f/x.png' });
    expect(uploaded.messages[0]).toMatchObject({ fileUrl: '/f/x.png', msgContent: '/f/x.png', upload: undefined, status: MessageStatus.Pending });
  });
});

describe('delivery predicates', () => {
  it('canRetry: only a visitor message that failed', () => {
    expect(canRetry(visitor(MessageStatus.Fail))).toBe(true);
    expect(canRetry(visitor(MessageStatus.Pending))).toBe(false);
    expect(canRetry(visitor(MessageStatus.Sent))).toBe(false);
    expect(canRetry({ ...visitor(MessageStatus.Fail), senderType: SenderType.Agent })).toBe(false);
    expect(canRetry(undefined)).toBe(false);
  });

  it('a pending visitor message is what waits to be delivered (and what the mode 3 automatic transfer waits for)', () => {
    expect(isPendingVisitorMessage(visitor(MessageStatus.Pending))).toBe(true);
    expect(isPendingVisitorMessage(visitor(MessageStatus.Fail))).toBe(false);
    expect(hasPendingVisitorMessage(stateWith({ messages: [visitor(MessageStatus.Sent), visitor(MessageStatus.Pending)] }))).toBe(true);
    expect(hasPendingVisitorMessage(stateWith({ messages: [visitor(MessageStatus.Sent)] }))).toBe(false);
  });
});
