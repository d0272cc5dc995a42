import { describe, expect, it } from 'vitest';
import { reduce } from '#engine/core/reduce';
import { agentEventsCases } from '#engine/features/agentEvents/slice';
import { ChatStatus } from '#engine/model/codes';
import { TIME_GAP_MS } from '#engine/constants';
import { agentState, textLine } from '../../support/agentSide';

describe('agentEvents slice: the messages of agent events (SPEC §4 1201, 1205)', () => {
  it('SPEC §4 event 1201: the messages are appended in order, with SPEC §3 hasTime', () => {
    const before = [textLine('h1', 'earlier', 0)];
    const state = agentEventsCases.agentMessages(agentState(ChatStatus.InConversation, { messages: before }), {
      type: 'agentMessages',
      messages: [textLine('a1', 'one', 1000), textLine('a2', 'two', 1000 + TIME_GAP_MS + 1)],
    });
    expect(state.messages.map((m) => [m.id, m.hasTime])).toEqual([
      ['h1', false],
      ['a1', true],
      ['a2', true],
    ]);
  });

  it('SPEC §4 event 1201: the new message is unread, and it ends the agent typing', () => {
    const typing = agentState(ChatStatus.InConversation, { agentTyping: true });
    expect(reduce(typing, { type: 'agentMessages', messages: [textLine('a1', 'hi')] })).toMatchObject({ unread: true, agentTyping: false });
  });

  it('an empty agent message is kept (only empty system messages are ignored, SPEC §5)', () => {
    const state = reduce(agentState(ChatStatus.InConversation), { type: 'agentMessages', messages: [textLine('a1', '')] });
    expect(state.messages.map((m) => m.id)).toEqual(['a1']);
  });

  it('SPEC §4 event 1205: the message with that id is removed; an unknown id changes nothing', () => {
    const shown = agentState(ChatStatus.InConversation, { messages: [textLine('a1', 'one'), textLine('a2', 'two')] });
    expect(agentEventsCases.messageDeleted(shown, { type: 'messageDeleted', id: 'a1' }).messages.map((m) => m.id)).toEqual(['a2']);
    expect(agentEventsCases.messageDeleted(shown, { type: 'messageDeleted', id: 'nope' }).messages).toBe(shown.messages);
  });
});
