import { describe, it } from 'vitest';
import { notify, type EffectOutput } from '../../../../engine/core/intents';
import { pageNotices } from '../../../../engine/features/notices/pageNotices';
import { ChatStatus } from '../../../../engine/model/codes';
import { parseQuery } from '../../../../engine/model/query';
import { CHANNEL_ID, newScheduler } from '../../support/fixtures';
import { runEffect, stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, textLine } from '../../support/agentSide';

const EMBEDDED = parseQuery(`?channelid=${CHANNEL_ID}&from=iframe`);

/** Marble values: a new agent message, and what the UI is asked to do. */
const v = {
  M: { type: 'agentMessages', messages: [textLine('a1', 'hi')] },
  V: { type: 'visibilityChanged', visible: true },
  h: notify({ type: 'newMessageWhileHidden' }),
  p: notify({ type: 'notifyParent', channel: agentChannel() }),
} satisfies Record<string, EffectOutput>;

describe('pageNotices effect: a new agent message asks the UI for the page notices (SPEC §7 title notice, SPEC §2 parent window)', () => {
  it('SPEC §7: while the page is hidden, the title notice', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const hidden = agentState(ChatStatus.InConversation, { pageVisible: false });
      const intents = cold(' M 99ms V 99ms M', { M: v.M, V: v.V });
      const expected = '     h 99ms - 99ms -';
      expectObservable(runEffect(pageNotices, hidden, intents, { scheduler }).output$).toBe(expected, v);
    });
  });

  it('SPEC §2: embedded (from=iframe), the message to the parent window with the channel info, visible or not', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const embedded = agentState(ChatStatus.InConversation, { query: EMBEDDED });
      expectObservable(runEffect(pageNotices, embedded, cold(' M', { M: v.M }), { scheduler }).output$).toBe(' p', v);
      const hiddenEmbedded = agentState(ChatStatus.InConversation, { query: EMBEDDED, pageVisible: false });
      expectObservable(runEffect(pageNotices, hiddenEmbedded, cold(' M', { M: v.M }), { scheduler }).output$).toBe(' (hp)', v);
    });
  });

  it('visible and not embedded: nothing; embedded before the channel is known: no parent message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(runEffect(pageNotices, agentState(ChatStatus.InConversation), cold(' M', { M: v.M }), { scheduler }).output$).toBe('-', v);
      expectObservable(runEffect(pageNotices, stateWith({ query: EMBEDDED }), cold(' M', { M: v.M }), { scheduler }).output$).toBe('-', v);
    });
  });
});
