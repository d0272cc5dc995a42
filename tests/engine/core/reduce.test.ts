import { describe, expect, it } from 'vitest';
import { ChatStatus, MessageStatus, MsgType, SenderType } from '#engine/model/codes';
import { type ChatMessage, createMessage } from '#engine/model/message';
import { parseQuery } from '#engine/model/query';
import type { Intent } from '#engine/core/intents';
import { reduce } from '#engine/core/reduce';
import { initialState, type ChatState } from '#engine/core/state';
import { channel } from '../support/fixtures';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const text = (id: string, senderType: SenderType, msgContent: string, createdAt = 0): ChatMessage =>
  createMessage({ id, senderType, msgType: senderType === SenderType.System ? MsgType.SystemText : MsgType.Text, msgContent, createdAt });

/** Every kind of intent, in an order that touches each branch of reduce. */
const INTENTS: Intent[] = [
  { type: 'start' },
  { type: 'channelLoaded', channel: channel() },
  { type: 'sessionStarted', session: { userId: 'u', sessionId: 's', pollId: 'p' }, status: ChatStatus.NotStarted },
  { type: 'historyLoaded', messages: [text('h1', SenderType.Agent, 'old', 1)], exhausted: false },
  { type: 'historyRequested' },
  { type: 'historyFailed' },
  { type: 'visitorSent', message: text('v1', SenderType.Visitor, 'hello', 10) },
  { type: 'sendFailed', id: 'v1' },
  { type: 'retry', id: 'v1' },
  { type: 'sendSucceeded', id: 'v1' },
  { type: 'robotPending', id: 'r1', questionId: 'v1', createdAt: 20 },
  { type: 'robotAnswered', id: 'r1', answer: { msgContent: 'answer' }, createdAt: 30 },
  { type: 'robotPending', id: 'r2', questionId: 'v1', createdAt: 40 },
  { type: 'robotFailed', id: 'r2' },
  { type: 'robotPending', id: 'r3', questionId: 'v1', createdAt: 50 },
  { type: 'robotStreamed', id: 'r3', delta: { type: 'reasoning', part: 'r', delta: 'Hmm' }, at: 51 },
  { type: 'robotStreamed', id: 'r3', delta: { type: 'text', part: 't', delta: 'Half' }, at: 52 },
  { type: 'robotInterrupted', id: 'r3', failure: 'cut', at: 53 },
  { type: 'answerRetried', id: 'r3', at: 60 },
  { type: 'robotStreamed', id: 'r3', delta: { type: 'source', source: { url: 'https://a.example/' } }, at: 61 },
  { type: 'robotStreamed', id: 'r3', delta: { type: 'metadata', metadata: { msgType: 'answermsg' } }, at: 61 },
  { type: 'robotFinished', id: 'r3', createdAt: 62 },
  { type: 'messageAdded', message: text('a1', SenderType.Agent, 'from an agent', 400_000) },
  { type: 'failed', error: { code: 'sessionFailed', detail: 'x' } },
];

describe('reduce (DESIGN: a pure transition)', () => {
  it('never mutates the state or the intent it is given (every intent type, on frozen inputs)', () => {
    let state: ChatState = deepFreeze(initialState(parseQuery('?channelid=demo')));
    for (const intent of INTENTS) {
      deepFreeze(intent);
      const snapshot = structuredClone(state);
      const next = reduce(state, intent);
      expect(state).toEqual(snapshot);
      state = deepFreeze(next);
    }
    expect(state.messages.map((m) => `${m.id}:${m.status ?? ''}`)).toEqual(['h1:', 'v1:sent', 'r1:', 'r2:', 'r3:', 'a1:']);
  });

  it('gives the same result for the same inputs', () => {
    const run = () => INTENTS.reduce<ChatState>((s, i) => reduce(s, i), initialState(parseQuery('?channelid=demo')));
    expect(run()).toEqual(run());
  });

  it('returns the state itself when an intent changes nothing (unknown id, start twice)', () => {
    const ready = reduce(initialState(parseQuery('')), { type: 'start' });
    expect(reduce(ready, { type: 'start' })).toBe(ready);
    const withMessages = reduce(ready, { type: 'visitorSent', message: text('v1', SenderType.Visitor, 'hi') });
    const unknown = reduce(withMessages, { type: 'sendSucceeded', id: 'nope' });
    expect(unknown.messages).toBe(withMessages.messages);
  });

  it('SPEC §4 Sending: visitorSent shows the message pending, sendFailed marks it fail, retry pending again, sendSucceeded sent', () => {
    const statuses: (MessageStatus | undefined)[] = [];
    let state = initialState(parseQuery(''));
    for (const intent of [
      { type: 'visitorSent', message: text('v1', SenderType.Visitor, 'hi') },
      { type: 'sendFailed', id: 'v1' },
      { type: 'retry', id: 'v1' },
      { type: 'sendSucceeded', id: 'v1' },
    ] satisfies Intent[]) {
      state = reduce(state, intent);
      statuses.push(state.messages[0]?.status);
    }
    expect(statuses).toEqual(['pending', 'fail', 'pending', 'sent']);
  });
});

describe('reduce: SPEC §5 an empty system message is ignored', () => {
  const base = initialState(parseQuery(''));

  it('SPEC §5: a system message with empty or blank text leaves the state as it is', () => {
    expect(reduce(base, { type: 'messageAdded', message: text('s1', SenderType.System, '') })).toBe(base);
    expect(reduce(base, { type: 'messageAdded', message: text('s2', SenderType.System, '  \n ') })).toBe(base);
  });

  it('SPEC §5: a system message with text, or an engine notice, is shown', () => {
    expect(reduce(base, { type: 'messageAdded', message: text('s1', SenderType.System, 'Session established') }).messages).toHaveLength(1);
    const notice = { ...text('s2', SenderType.System, ''), notice: { id: 'noAgentOnline' as const } };
    expect(reduce(base, { type: 'messageAdded', message: notice }).messages).toEqual([expect.objectContaining({ id: 's2' })]);
  });

  it('only system messages are filtered: an empty agent message is kept', () => {
    expect(reduce(base, { type: 'messageAdded', message: text('a1', SenderType.Agent, '') }).messages).toHaveLength(1);
  });
});
