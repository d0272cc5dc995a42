import { describe, expect, it } from 'vitest';
import {
  canChooseQuickReply,
  canEnd,
  canRequestHuman,
  currentAgent,
  heldForAgent,
  messageStartsNewChat,
  isQueued,
  queuePosition,
  transfersAutomatically,
  transfersToHuman,
  withAgent,
} from '#engine/features/conversation/predicates';
import { ChatStatus, MessageStatus, QuickReplyCode, SenderType } from '#engine/model/codes';
import { channel } from '../../support/fixtures';
import { stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, textLine } from '../../support/agentSide';

const ALL_STATUSES = [ChatStatus.NotStarted, ChatStatus.FormCheck, ChatStatus.InConversation, ChatStatus.Queued];
const pending = { ...textLine('v1', 'hello', 0, SenderType.Visitor), status: MessageStatus.Pending };

describe('conversation predicates (SPEC §4 chat status, transfer, Receive mode)', () => {
  it('withAgent: an agent session runs (status 2) or the visitor waits in its queue (status 3)', () => {
    expect(ALL_STATUSES.map((status) => withAgent(agentState(status)))).toEqual([false, false, true, true]);
  });

  it('isQueued: only status 3', () => {
    expect(ALL_STATUSES.map((status) => isQueued(agentState(status)))).toEqual([false, false, false, true]);
  });

  it('canRequestHuman: with a session, in status 0 or 1, no transfer running and no user form owed', () => {
    expect(ALL_STATUSES.map((status) => canRequestHuman(agentState(status)))).toEqual([true, true, false, false]);
    expect(canRequestHuman(stateWith({ channel: agentChannel() }))).toBe(false);
    expect(canRequestHuman(agentState(ChatStatus.NotStarted, { transferring: true }))).toBe(false);
    expect(canRequestHuman(agentState(ChatStatus.FormCheck, { userForm: 'required' }))).toBe(false);
    expect(canRequestHuman(agentState(ChatStatus.FormCheck, { userForm: 'done' }))).toBe(true);
  });

  it("canChooseQuickReply: a reply with the transfer code only when canRequestHuman (the button's rule); any other reply always", () => {
    const human = { name: 'Human agent', code: QuickReplyCode.TransferToHuman };
    const question = { name: 'Opening hours?', code: 'Opening hours?' };
    expect([human, question].map(transfersToHuman)).toEqual([true, false]);
    const states = [
      ...ALL_STATUSES.map((status) => agentState(status)),
      agentState(ChatStatus.NotStarted, { transferring: true }),
      agentState(ChatStatus.FormCheck, { userForm: 'required' }),
    ];
    expect(states.map((s) => canChooseQuickReply(s, human))).toEqual(states.map(canRequestHuman));
    expect(states.map((s) => canChooseQuickReply(s, question))).toEqual(states.map(() => true));
  });

  it('canEnd: with an agent or queued, with a session, and not already closed', () => {
    expect(ALL_STATUSES.map((status) => canEnd(agentState(status)))).toEqual([false, false, true, true]);
    expect(canEnd(agentState(ChatStatus.InConversation, { chatClosed: true }))).toBe(false);
    expect(canEnd(stateWith({ status: ChatStatus.InConversation }))).toBe(false);
  });

  it("currentAgent: in a conversation with an agent (status 2), the transfer's nickname, else the latest agent message's name, and its picture", () => {
    const alice = { ...textLine('a1', 'Hello', 1), senderName: 'Alice', senderAvatar: 'https://cdn.example/alice.png' };
    const bob = { ...textLine('a2', 'Hi', 2), senderName: 'Bob' };
    const robot = { ...textLine('r1', 'Hi', 3, SenderType.Robot), senderName: 'Robo' };
    expect(ALL_STATUSES.map((status) => currentAgent(agentState(status, { agentNick: 'Alice' })))).toEqual([null, null, { name: 'Alice' }, null]);
    expect(currentAgent(agentState(ChatStatus.InConversation, { messages: [alice, robot] }))).toEqual({
      name: 'Alice',
      avatar: 'https://cdn.example/alice.png',
    });
    // The latest agent message speaks for the agent now (a colleague took over); the nickname names them while it is known.
    expect(currentAgent(agentState(ChatStatus.InConversation, { messages: [alice, bob] }))).toEqual({ name: 'Bob' });
    expect(currentAgent(agentState(ChatStatus.InConversation, { agentNick: 'Carol', messages: [alice] }))).toEqual({
      name: 'Carol',
      avatar: 'https://cdn.example/alice.png',
    });
    // Nothing names the agent yet: the header keeps the channel's title.
    expect(currentAgent(agentState(ChatStatus.InConversation, { messages: [robot] }))).toBeNull();
  });

  it('heldForAgent: in mode 3 with msgToTransferFlag, visitor messages wait until the agent session (status 2)', () => {
    const held = (status: ChatStatus) => heldForAgent(agentState(status, { channel: agentChannel({ msgToTransferFlag: 1 }) }));
    expect(ALL_STATUSES.map(held)).toEqual([true, true, false, true]);
    expect(heldForAgent(agentState(ChatStatus.NotStarted))).toBe(false);
    expect(heldForAgent(agentState(ChatStatus.NotStarted, { channel: channel({ msgToTransferFlag: 1 }) }))).toBe(false);
    expect(heldForAgent(stateWith())).toBe(false);
  });

  it('messageStartsNewChat: in mode 3 once a chat with an agent ended (chatClosed), not before one was reached, not in robot mode', () => {
    expect(messageStartsNewChat(agentState(ChatStatus.NotStarted, { chatClosed: true, metAgent: true }))).toBe(true);
    expect(messageStartsNewChat(agentState(ChatStatus.NotStarted, { chatClosed: true, metAgent: false }))).toBe(false);
    expect(messageStartsNewChat(agentState(ChatStatus.NotStarted, { chatClosed: false, metAgent: true }))).toBe(false);
    expect(messageStartsNewChat(agentState(ChatStatus.NotStarted, { chatClosed: true, metAgent: true, channel: channel() }))).toBe(false);
  });

  it('transfersAutomatically: mode 3, unless msgToTransferFlag is set and no visitor message is pending', () => {
    expect(transfersAutomatically(stateWith({ channel: agentChannel() }))).toBe(true);
    expect(transfersAutomatically(stateWith({ channel: agentChannel({ msgToTransferFlag: 1 }) }))).toBe(false);
    expect(transfersAutomatically(stateWith({ channel: agentChannel({ msgToTransferFlag: 1 }), messages: [pending] }))).toBe(true);
    const sent = { ...pending, status: MessageStatus.Sent };
    expect(transfersAutomatically(stateWith({ channel: agentChannel({ msgToTransferFlag: 1 }), messages: [sent] }))).toBe(false);
    expect(transfersAutomatically(stateWith({ channel: channel() }))).toBe(false);
    expect(transfersAutomatically(stateWith())).toBe(false);
  });

  it('queuePosition: the position shown while queued, when known; none otherwise', () => {
    expect(queuePosition(agentState(ChatStatus.Queued, { queue: { position: 4, messageId: null } }))).toBe(4);
    expect(queuePosition(agentState(ChatStatus.Queued))).toBeNull();
    expect(queuePosition(agentState(ChatStatus.InConversation, { queue: { position: 4, messageId: null } }))).toBeNull();
  });
});
