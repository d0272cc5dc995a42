import { describe, expect, it } from 'vitest';
import { MAX_TIPS } from '#engine/constants';
import { reduce } from '#engine/core/reduce';
import type { ChatState } from '#engine/core/state';
import { shownTips, tipsAsked, tipsCurrent, tipsQuestion } from '#engine/features/tips/predicates';
import { cleanTips, initialTips } from '#engine/features/tips/slice';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import { channel } from '../../support/fixtures';
import { readyState, stateWith } from '../../support/effectSpec';
import { agentState } from '../../support/agentSide';

const RETURN = 'How do I return an item?';
const SHIPPING = 'How long does shipping take?';
const typed = (state: ChatState, text: string) => reduce(state, { type: 'visitorTyping', text });
const loaded = (state: ChatState, question: string, tips: readonly string[]) => reduce(state, { type: 'tipsLoaded', question, tips });
const sent = createMessage({ id: 'q1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'ref', createdAt: 0 });

describe('tips slice: the draft and the robot suggestions for it (SPEC §7 robotTips, issue 25)', () => {
  it('starts with no draft and no suggestions', () => {
    expect(initialTips).toEqual({ draft: '', tips: { question: '', items: [] } });
    expect(stateWith()).toMatchObject(initialTips);
  });

  it('keeps the draft as typed; the same text twice leaves the state as it is', () => {
    const state = typed(readyState(), 'ref ');
    expect(state.draft).toBe('ref ');
    expect(typed(state, 'ref ')).toBe(state);
  });

  it("an answer for the draft (trimmed) is shown; another draft keeps it until that draft's own answer comes", () => {
    const shown = loaded(typed(readyState(), ' ref '), 'ref', [RETURN]);
    expect(shownTips(shown)).toEqual([RETURN]);
    const further = typed(shown, 'refu');
    expect(shownTips(further)).toEqual([RETURN]);
    expect(shownTips(loaded(further, 'refu', [SHIPPING]))).toEqual([SHIPPING]);
  });

  it('a stale answer — for a draft that has since changed — is dropped', () => {
    const state = typed(loaded(typed(readyState(), 're'), 're', [SHIPPING]), 'ref');
    expect(loaded(state, 're', [RETURN])).toBe(state);
    expect(tipsCurrent(state, 're')).toBe(false);
    expect(tipsCurrent(state, 'ref')).toBe(true);
  });

  it(`at most ${MAX_TIPS} shown, trimmed, with blank tips and repeats dropped`, () => {
    const many = ['  a ', 'b', '', '   ', 'a', 'c', 'b', 'd', 'e', 'f', 'g'];
    expect(cleanTips(many)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(shownTips(loaded(typed(readyState(), 'x'), 'x', many))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a blank draft clears the suggestions; so does a sent message, which also ends the draft', () => {
    const shown = loaded(typed(readyState(), 'ref'), 'ref', [RETURN]);
    expect(typed(shown, '  ').tips.items).toEqual([]);
    const afterSend = reduce(shown, { type: 'visitorSent', message: sent });
    expect(afterSend).toMatchObject({ draft: '', tips: { items: [] } });
  });

  it('SPEC §8: a failed robotTips clears the suggestions; with none shown the state is left as it is', () => {
    const shown = loaded(typed(readyState(), 'ref'), 'ref', [RETURN]);
    expect(reduce(shown, { type: 'tipsFailed' }).tips.items).toEqual([]);
    const none = readyState();
    expect(reduce(none, { type: 'tipsFailed' })).toBe(none);
  });
});

describe('tips predicates: when suggestions are asked (SPEC §7 robotTips, SPEC §4 Receive mode 0)', () => {
  it('in robot mode with a session, for a draft that is not blank: the trimmed draft', () => {
    expect(tipsQuestion(readyState({ draft: '  Where is my parcel? ' }))).toBe('Where is my parcel?');
    expect(tipsAsked(readyState({ draft: 'hi' }))).toBe(true);
  });

  it.each([
    ['a blank draft', readyState({ draft: ' \n ' })],
    ['no session yet', stateWith({ channel: channel(), draft: 'hi' })],
    ['agent mode', agentState(ChatStatus.NotStarted, { draft: 'hi' })],
    ['an agent session (status 2)', readyState({ status: ChatStatus.InConversation, draft: 'hi' })],
    ['a user form owed (status 1)', readyState({ status: ChatStatus.FormCheck, userForm: 'required', draft: 'hi' })],
  ])('not with %s, and none shown then', (_name, state) => {
    expect(tipsQuestion(state)).toBeNull();
    expect(shownTips({ ...state, tips: { question: 'hi', items: [RETURN] } })).toEqual([]);
  });

  it('the same array while nothing changes', () => {
    const shown = loaded(typed(readyState(), 'ref'), 'ref', [RETURN]);
    expect(shownTips(shown)).toBe(shownTips(typed(shown, 'ref!')));
    expect(shownTips(readyState())).toBe(shownTips(agentState(ChatStatus.InConversation)));
  });
});
