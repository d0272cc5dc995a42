import { describe, expect, it } from 'vitest';
import { reduce } from '#engine/core/reduce';
import { added, initialNotices, noticesCases } from '#engine/features/notices/slice';
import { ChatStatus } from '#engine/model/codes';
import { stateWith } from '../../support/effectSpec';
import { agentState, noticeLine, systemLine, textLine } from '../../support/agentSide';

const talking = () => agentState(ChatStatus.InConversation);

describe('notices slice: messages the engine writes, and the SPEC §7 system-message queue', () => {
  it('starts with an empty queue', () => {
    expect(initialNotices).toEqual({ sysQueue: [] });
    expect(stateWith().sysQueue).toEqual([]);
  });

  it('added(message) is the intent that shows it now', () => {
    const line = systemLine('s1', 'We are closed', 0);
    expect(added(line)).toEqual({ type: 'messageAdded', message: line });
    expect(reduce(talking(), added(line)).messages).toEqual([{ ...line, hasTime: true }]);
  });

  it('SPEC §5: an empty system message is neither shown nor queued (the state is left as it is)', () => {
    const state = talking();
    const empty = systemLine('s1', '  ', 0);
    expect(noticesCases.messageAdded(state, { type: 'messageAdded', message: empty })).toBe(state);
    expect(noticesCases.systemMessageQueued(state, { type: 'systemMessageQueued', message: empty })).toBe(state);
  });

  it('an engine notice with no fallback text, and an empty agent message, are kept', () => {
    const notice = { ...noticeLine('s1', 'transferFailed', 0), msgContent: '' };
    expect(noticesCases.messageAdded(talking(), { type: 'messageAdded', message: notice }).messages.map((m) => m.id)).toEqual(['s1']);
    const welcome = textLine('w1', '');
    expect(noticesCases.systemMessageQueued(talking(), { type: 'systemMessageQueued', message: welcome }).sysQueue).toEqual([welcome]);
  });

  it('SPEC §7: queued messages wait in order, not shown; dequeuing shows the one with that id', () => {
    const one = systemLine('q1', 'one', 0);
    const two = textLine('q2', 'two', 10);
    let state = noticesCases.systemMessageQueued(talking(), { type: 'systemMessageQueued', message: one });
    state = noticesCases.systemMessageQueued(state, { type: 'systemMessageQueued', message: two });
    expect(state).toMatchObject({ sysQueue: [one, two], messages: [] });

    state = noticesCases.systemMessageDequeued(state, { type: 'systemMessageDequeued', id: 'q1' });
    expect(state.sysQueue).toEqual([two]);
    expect(state.messages).toEqual([{ ...one, hasTime: true }]);
  });

  it('dequeuing an id not in the queue changes nothing', () => {
    const state = noticesCases.systemMessageQueued(talking(), { type: 'systemMessageQueued', message: systemLine('q1', 'one', 0) });
    expect(noticesCases.systemMessageDequeued(state, { type: 'systemMessageDequeued', id: 'nope' })).toBe(state);
  });
});
