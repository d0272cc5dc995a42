import { describe, expect, it } from 'vitest';
import { readReceiptDue, sendsTyping } from '#engine/features/signals/predicates';
import { ChatStatus } from '#engine/model/codes';
import { stateWith } from '../../support/effectSpec';
import { agentChannel, agentState } from '../../support/agentSide';

const ALL_STATUSES = [ChatStatus.NotStarted, ChatStatus.FormCheck, ChatStatus.InConversation, ChatStatus.Queued];

describe('signals predicates (SPEC §7 typing and read receipts)', () => {
  it('sendsTyping: only in status 2 with a session', () => {
    expect(ALL_STATUSES.map((status) => sendsTyping(agentState(status)))).toEqual([false, false, true, false]);
    expect(sendsTyping(stateWith({ channel: agentChannel(), status: ChatStatus.InConversation }))).toBe(false);
  });

  it('readReceiptDue: an unread agent message, the page visible, status 2, a session', () => {
    const due = { unread: true, pageVisible: true };
    expect(ALL_STATUSES.map((status) => readReceiptDue(agentState(status, due)))).toEqual([false, false, true, false]);
    expect(readReceiptDue(agentState(ChatStatus.InConversation, { ...due, unread: false }))).toBe(false);
    expect(readReceiptDue(agentState(ChatStatus.InConversation, { ...due, pageVisible: false }))).toBe(false);
    expect(readReceiptDue(stateWith({ ...due, status: ChatStatus.InConversation }))).toBe(false);
  });
});
