import { describe, it } from 'vitest';
import { notify } from '#engine/core/effect';
import { type EffectOutput } from '#engine/core/intents';
import { pageNotices } from '#engine/features/notices/pageNotices';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import { parseQuery } from '#engine/model/query';
import { CHANNEL_ID, newScheduler } from '../../support/fixtures';
import { runEffect, stateWith } from '../../support/effectSpec';
import { agentChannel, agentState, textLine } from '../../support/agentSide';

const EMBEDDED = parseQuery(`?channelid=${CHANNEL_ID}&from=iframe`);

/** Marble values: new agent messages, a robot answer, and what the UI is asked to do. */
const v = {
  M: { type: 'agentMessages', messages: [textLine('a1', 'hi')] },
  T: { type: 'agentMessages', messages: [textLine('a2', 'one'), textLine('a3', 'two')] },
  R: { type: 'robotAnswered', id: 'r1', answer: { msgContent: 'Open 9–5' }, createdAt: 0 },
  V: { type: 'visibilityChanged', visible: true },
  h: notify({ type: 'newMessageWhileHidden' }),
  p: notify({ type: 'notifyParent', channel: agentChannel(), message: { preview: 'hi' } }),
  q: notify({ type: 'notifyParent', channel: agentChannel(), message: { preview: 'one' } }),
  r: notify({ type: 'notifyParent', channel: agentChannel(), message: { preview: 'two' } }),
  s: notify({ type: 'notifyParent', channel: agentChannel(), message: { senderName: 'Robo', preview: 'Open 9–5' } }),
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

  it('SPEC §2: one notice per new message, each with its preview; a robot answer too (never the title notice)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const answered = {
        ...createMessage({ id: 'r1', senderType: SenderType.Robot, senderName: 'Robo', msgType: MsgType.Text, msgContent: 'Open 9–5', createdAt: 0 }),
      };
      const embedded = agentState(ChatStatus.InConversation, { query: EMBEDDED, pageVisible: false, messages: [answered] });
      expectObservable(runEffect(pageNotices, embedded, cold(' T 9ms R', { T: v.T, R: v.R }), { scheduler }).output$).toBe(' (hqr) 5ms s', v);
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
