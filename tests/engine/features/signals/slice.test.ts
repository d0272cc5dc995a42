import { describe, expect, it } from 'vitest';
import { reduce } from '#engine/core/reduce';
import { initialSignals, signalsCases } from '#engine/features/signals/slice';
import { ChatStatus } from '#engine/model/codes';
import { readyState, stateWith } from '../../support/effectSpec';
import { agentState, textLine } from '../../support/agentSide';

describe('signals slice: typing both ways (SPEC §7, §4 event 1204), read marks (SPEC §4 event 1201), page visibility', () => {
  it('starts with no agent typing, nothing unread, the page visible, the title not typing', () => {
    expect(initialSignals).toEqual({ agentTyping: false, unread: false, pageVisible: true, titleTyping: false });
    expect(stateWith()).toMatchObject(initialSignals);
  });

  it('SPEC §4 event 1204: the agent typing flag is set, and cleared when it stops', () => {
    const typing = reduce(agentState(ChatStatus.InConversation), { type: 'agentTyping' });
    expect(typing.agentTyping).toBe(true);
    expect(reduce(typing, { type: 'agentTypingStopped' }).agentTyping).toBe(false);
  });

  it("SPEC §4 event 1201: an agent message is unread and ends the agent's typing; readMarked marks it read", () => {
    const typing = agentState(ChatStatus.InConversation, { agentTyping: true });
    const unread = reduce(typing, { type: 'agentMessages', messages: [textLine('a1', 'hi')] });
    expect(unread).toMatchObject({ unread: true, agentTyping: false });
    expect(reduce(unread, { type: 'readMarked' }).unread).toBe(false);
  });

  it('the page visibility is kept; the same reading leaves the state as it is', () => {
    const visible = agentState(ChatStatus.InConversation);
    expect(signalsCases.visibilityChanged(visible, { type: 'visibilityChanged', visible: true })).toBe(visible);
    expect(signalsCases.visibilityChanged(visible, { type: 'visibilityChanged', visible: false }).pageVisible).toBe(false);
  });

  it('the end of the chat (1202, chatClose) or a refusal (1208) ends the agent typing', () => {
    const typing = agentState(ChatStatus.InConversation, { agentTyping: true });
    expect(reduce(typing, { type: 'chatClosed' }).agentTyping).toBe(false);
    expect(reduce(typing, { type: 'agentRefused' }).agentTyping).toBe(false);
  });

  it('SPEC §9 title-typing simulation: the phase is kept; the same phase leaves the state as it is', () => {
    const off = readyState();
    expect(reduce(off, { type: 'titleTypingChanged', on: false })).toBe(off);
    expect(reduce(off, { type: 'titleTypingChanged', on: true }).titleTyping).toBe(true);
  });
});
