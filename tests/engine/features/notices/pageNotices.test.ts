import { describe, it } from 'vitest';
import { notify } from '#engine/core/effect';
import type { EffectOutput, Intent } from '#engine/core/intents';
import { pageNotices } from '#engine/features/notices/pageNotices';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import { parseQuery, type ChatQuery } from '#engine/model/query';
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

/** A robot answer on screen. */
const answered = createMessage({ id: 'r1', senderType: SenderType.Robot, senderName: 'Robo', msgType: MsgType.Text, msgContent: 'Open 9–5', createdAt: 0 });

describe('pageNotices effect: a new message from the other side asks the UI for the page notices (SPEC §7 title notice, SPEC §2 parent window)', () => {
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

  it('SPEC §2: one notice per new message, each with its preview; a robot answer too', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const embedded = agentState(ChatStatus.InConversation, { query: EMBEDDED, messages: [answered] });
      expectObservable(runEffect(pageNotices, embedded, cold(' T 9ms R', { T: v.T, R: v.R }), { scheduler }).output$).toBe(' (qr) 6ms s', v);
    });
  });

  it('SPEC §7: while hidden, the title notice also for a robot answer (JSON, streamed, cut short) and a system line; a system line is not posted to the parent', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const line = createMessage({ id: 's1', senderType: SenderType.System, msgType: MsgType.Text, msgContent: 'Ann joined the chat', createdAt: 0 });
      const hidden = agentState(ChatStatus.InConversation, { pageVisible: false, messages: [answered, line] });
      const news = {
        R: v.R,
        F: { type: 'robotFinished', id: 'r1', createdAt: 0 },
        I: { type: 'robotInterrupted', id: 'r1', failure: 'cut', at: 0 },
        D: { type: 'systemMessageDequeued', id: 's1' },
        A: { type: 'messageAdded', message: line },
      } satisfies Record<string, Intent>;
      const intents = cold(' R 9ms F 9ms I 9ms D 9ms A', news);
      expectObservable(runEffect(pageNotices, hidden, intents, { scheduler }).output$).toBe(' h 9ms h 9ms h 9ms h 9ms h', v);
      const hiddenEmbedded = agentState(ChatStatus.InConversation, { query: EMBEDDED, pageVisible: false, messages: [answered, line] });
      expectObservable(runEffect(pageNotices, hiddenEmbedded, cold(' D', { D: { type: 'systemMessageDequeued', id: 's1' } }), { scheduler }).output$).toBe(
        ' h',
        v,
      );
    });
  });

  it("the robot's welcome and FAQ message (written by the engine, not an answer) are no news", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const welcome = createMessage({ id: 'w1', senderType: SenderType.Robot, msgType: MsgType.Text, msgContent: 'Hi!', createdAt: 0 });
      const hidden = agentState(ChatStatus.InConversation, { pageVisible: false, query: EMBEDDED });
      expectObservable(runEffect(pageNotices, hidden, cold(' A', { A: { type: 'messageAdded', message: welcome } }), { scheduler }).output$).toBe('-', v);
    });
  });

  it('visible and not embedded: nothing; embedded before the channel is known: no parent message', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(runEffect(pageNotices, agentState(ChatStatus.InConversation), cold(' M', { M: v.M }), { scheduler }).output$).toBe('-', v);
      expectObservable(runEffect(pageNotices, stateWith({ query: EMBEDDED }), cold(' M', { M: v.M }), { scheduler }).output$).toBe('-', v);
    });
  });

  it('issue 29: a query an integrator writes may leave `embedded` out, and is then not embedded: no parent message', () => {
    const scheduler = newScheduler();
    const query: ChatQuery = { channelId: CHANNEL_ID };
    scheduler.run(({ cold, expectObservable }) => {
      expectObservable(runEffect(pageNotices, agentState(ChatStatus.InConversation, { query }), cold(' M', { M: v.M }), { scheduler }).output$).toBe('-', v);
    });
  });
});
