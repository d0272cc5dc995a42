import { describe, expect, it } from 'vitest';
import { reduce } from '#engine/core/reduce';
import { conversationCases, initialConversation } from '#engine/features/conversation/slice';
import { ChatStatus } from '#engine/model/codes';
import { USER_ID } from '../../support/fixtures';
import { stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, systemLine, textLine } from '../../support/agentSide';

const GROUPS = [
  { id: 'g1', name: 'Sales' },
  { id: 'g2', name: 'Support' },
];
const QUEUE_CHANNEL = agentChannel({ userQueueMsg: 'You are number ## in the queue' });

describe('conversation slice: status, transfer, queue and end (SPEC §4)', () => {
  it('starts in status 0, not closed, no transfer, no queue, no agent met yet', () => {
    expect(stateWith()).toMatchObject(initialConversation);
    expect(initialConversation).toEqual({
      status: ChatStatus.NotStarted,
      chatClosed: false,
      groupChoice: null,
      transferring: false,
      agentNick: null,
      metAgent: false,
      queue: null,
      agentWait: { ended: 0, over: false },
      conversationChanges: 0,
    });
  });

  it('a conversation with an agent starting or ending is a change of conversation (issue 28: what belonged to the last one goes); another agent taking over is not', () => {
    let s = agentState(ChatStatus.NotStarted);
    s = reduce(s, { type: 'agentConnected', adminNick: 'Ann' });
    expect(s.conversationChanges).toBe(1);
    s = reduce(s, { type: 'agentConnected', adminNick: 'Bob' });
    expect(s.conversationChanges).toBe(1);
    s = reduce(s, { type: 'chatClosed' });
    expect(s.conversationChanges).toBe(2);
    s = reduce(s, { type: 'agentConnected', adminNick: 'Ann' });
    expect(s.conversationChanges).toBe(3);
    // A transfer that found nobody, or a refusal, ends no conversation.
    expect(reduce(reduce(agentState(ChatStatus.NotStarted), { type: 'transferEnded', waiting: false }), { type: 'agentRefused' }).conversationChanges).toBe(0);
  });

  it('the wait for an agent: each ask that ends without one is counted, and a new ask (transfer or group form) is no longer over', () => {
    let s = agentState(ChatStatus.NotStarted);
    s = reduce(s, { type: 'transferStarted' });
    s = reduce(s, { type: 'transferEnded', waiting: true });
    expect(s.agentWait).toEqual({ ended: 0, over: false });
    s = reduce(s, { type: 'transferEnded', waiting: false });
    expect(s.agentWait).toEqual({ ended: 1, over: true });
    s = reduce(s, { type: 'groupChoiceRequired', groups: GROUPS });
    expect(s.agentWait).toEqual({ ended: 1, over: false });
    s = reduce(reduce(s, { type: 'agentRefused' }), { type: 'transferStarted' });
    expect(s.agentWait).toEqual({ ended: 2, over: false });
    expect(reduce(s, { type: 'chatClosed' }).agentWait).toEqual({ ended: 3, over: true });
  });

  it('SPEC §4 chat status: chatStart sets the status the chat resumes in', () => {
    const session = { userId: USER_ID, sessionId: 's-1', pollId: 'p-1' };
    expect(conversationCases.sessionStarted(stateWith(), { type: 'sessionStarted', session, status: ChatStatus.Queued }).status).toBe(ChatStatus.Queued);
  });

  it('SPEC §4 groups: the group choice waits; a transfer starting takes it away and is running until it ends', () => {
    const choosing = conversationCases.groupChoiceRequired(agentState(ChatStatus.NotStarted), { type: 'groupChoiceRequired', groups: GROUPS });
    expect(choosing.groupChoice).toEqual(GROUPS);
    const running = reduce(choosing, { type: 'transferStarted' });
    expect(running).toMatchObject({ transferring: true, groupChoice: null });
    expect(reduce(running, { type: 'transferEnded', waiting: true }).transferring).toBe(false);
  });

  it('SPEC §4 Transfer result 2 / event 1200: status 2, not closed, the agent named, the queue gone', () => {
    const queued = agentState(ChatStatus.Queued, { chatClosed: true, queue: { position: 2, messageId: null } });
    expect(conversationCases.agentConnected(queued, { type: 'agentConnected', adminNick: 'Ann' })).toMatchObject({
      status: ChatStatus.InConversation,
      chatClosed: false,
      agentNick: 'Ann',
      queue: null,
    });
    const named = agentState(ChatStatus.Queued, { agentNick: 'Ann' });
    expect(conversationCases.agentConnected(named, { type: 'agentConnected' }).agentNick).toBe('Ann');
  });

  it('SPEC §4 Transfer result 2 / event 1200 after a wait in the queue: the queue line goes, other lines stay', () => {
    const line = systemLine('q1', 'You are number 1 in the queue', 0);
    const other = systemLine('s1', 'Hello', 0);
    const queued = conversationCases.queued(agentState(ChatStatus.NotStarted, { messages: [other] }), { type: 'queued', position: 1, message: line });
    const connected = conversationCases.agentConnected(queued, { type: 'agentConnected', adminNick: 'Alice' });
    expect(connected.messages.map((m) => m.msgContent)).toEqual(['Hello']);
  });

  it('SPEC §4 Transfer result 3: status 3, the position, and the queue message shown', () => {
    const message = systemLine('q1', 'You are number 3 in the queue', 0);
    const queued = conversationCases.queued(agentState(ChatStatus.NotStarted), { type: 'queued', position: 3, message });
    expect(queued).toMatchObject({ status: ChatStatus.Queued, queue: { position: 3, messageId: 'q1' } });
    expect(queued.messages).toEqual([{ ...message, hasTime: true }]);

    const silent = conversationCases.queued(agentState(ChatStatus.NotStarted), { type: 'queued', position: 3, message: null });
    expect(silent).toMatchObject({ status: ChatStatus.Queued, queue: { position: 3, messageId: null }, messages: [] });
  });

  it('SPEC §4 transfer 3: the queue message follows the position (## replaced again)', () => {
    const message = systemLine('q1', 'You are number 3 in the queue', 0);
    const queued = conversationCases.queued(agentState(ChatStatus.NotStarted, { channel: QUEUE_CHANNEL }), { type: 'queued', position: 3, message });
    const moved = conversationCases.queueMoved(queued, { type: 'queueMoved', position: 1 });
    expect(moved.queue).toEqual({ position: 1, messageId: 'q1' });
    expect(moved.messages.map((m) => m.msgContent)).toEqual(['You are number 1 in the queue']);

    // Without a queue message (none configured) only the position moves.
    const silent = agentState(ChatStatus.Queued, { channel: QUEUE_CHANNEL, queue: { position: 3, messageId: null } });
    expect(conversationCases.queueMoved(silent, { type: 'queueMoved', position: 2 })).toMatchObject({ queue: { position: 2, messageId: null }, messages: [] });
  });

  it('SPEC §4 1202 and chatClose: status 0 and chatClosed; the queue, the group choice and the agent typing are cleared', () => {
    const busy = agentState(ChatStatus.Queued, { queue: { position: 2, messageId: null }, groupChoice: GROUPS, agentTyping: true });
    expect(reduce(busy, { type: 'chatClosed' })).toMatchObject({
      status: ChatStatus.NotStarted,
      chatClosed: true,
      queue: null,
      groupChoice: null,
      agentTyping: false,
    });
  });

  it('SPEC §4 1208 agent refused: status 0 without closing the chat (the visitor may ask again); the same things are cleared', () => {
    const busy = agentState(ChatStatus.InConversation, { queue: { position: 2, messageId: null }, groupChoice: GROUPS, agentTyping: true });
    expect(reduce(busy, { type: 'agentRefused' })).toMatchObject({
      status: ChatStatus.NotStarted,
      chatClosed: false,
      queue: null,
      groupChoice: null,
      agentTyping: false,
    });
    // A chat closed before stays closed.
    expect(reduce(agentState(ChatStatus.Queued, { chatClosed: true }), { type: 'agentRefused' }).chatClosed).toBe(true);
  });

  it('the messages shown survive the end of the session', () => {
    const talk = [textLine('a1', 'hi')];
    expect(reduce(agentState(ChatStatus.InConversation, { messages: talk }), { type: 'chatClosed' }).messages).toBe(talk);
  });
});
