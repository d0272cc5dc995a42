import { describe, expect, it } from 'vitest';
import type { Intent } from '#engine/core/intents';
import { faq } from '#engine/features/faq/effect';
import { canShowFaq, hasFaq, opensWithFaq } from '#engine/features/faq/predicates';
import { added } from '#engine/features/notices/slice';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage, type ChatMessage } from '#engine/model/message';
import { ROBOT_NAME, channel, newScheduler } from '../../support/fixtures';
import { readyState, runEffect } from '../../support/effectSpec';

const FAQ = { faqMode: 1, faqConfig: '["Opening hours?","Shipping?"]' };
const line = (id: string, senderType: SenderType, msgType: MsgType = MsgType.Text): ChatMessage =>
  createMessage({ id, senderType, msgType, msgContent: 'x', createdAt: 0, suggestions: msgType === MsgType.Faq ? [{ name: 'Q', code: 'Q' }] : undefined });

describe('faq predicates (SPEC §2 FAQ message, §3 faqMode/faqConfig)', () => {
  it('hasFaq: faqMode on and at least one question', () => {
    expect(hasFaq(readyState({ channel: channel(FAQ) }))).toBe(true);
    expect(hasFaq(readyState({ channel: channel({ ...FAQ, faqMode: 0 }) }))).toBe(false);
    expect(hasFaq(readyState({ channel: channel({ ...FAQ, faqConfig: '[" "]' }) }))).toBe(false);
  });

  it('opensWithFaq: not while an agent talks with the visitor', () => {
    expect(opensWithFaq(readyState({ channel: channel(FAQ), status: ChatStatus.Queued }))).toBe(true);
    expect(opensWithFaq(readyState({ channel: channel(FAQ), status: ChatStatus.InConversation }))).toBe(false);
  });

  it('canShowFaq: not while the newest message (system lines and auto-tips aside) already is an FAQ message', () => {
    const shown = [line('f', SenderType.Robot, MsgType.Faq), line('s', SenderType.System, MsgType.SystemText), line('t', SenderType.System, MsgType.AutoTip)];
    expect(canShowFaq(readyState({ channel: channel(FAQ), messages: shown }))).toBe(false);
    expect(canShowFaq(readyState({ channel: channel(FAQ), messages: [...shown, line('v', SenderType.Visitor)] }))).toBe(true);
    expect(canShowFaq(readyState({ channel: channel(FAQ), messages: [] }))).toBe(true);
    expect(canShowFaq(readyState({ channel: channel(), messages: [] }))).toBe(false);
  });
});

describe('faq effect: the FAQ on request', () => {
  it("adds the channel's FAQ as the newest message, once while it stays the newest", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const asked = createMessage({
        id: 'm1',
        senderType: SenderType.Robot,
        senderName: ROBOT_NAME,
        msgType: MsgType.Faq,
        msgContent: '',
        createdAt: 10,
        suggestions: [
          { name: 'Opening hours?', code: 'Opening hours?' },
          { name: 'Shipping?', code: 'Shipping?' },
        ],
      });
      const v = { r: { type: 'faqRequested' }, q: added(asked) } satisfies Record<string, Intent>;
      const intents = cold(' 10ms r 9ms r', v);
      const expected = '     10ms q 9ms -';
      const run = runEffect(faq, readyState({ channel: channel(FAQ), messages: [line('v', SenderType.Visitor)] }), intents, { scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();
      expect(run.getState().messages.at(-1)).toMatchObject({ msgType: MsgType.Faq, position: 'left' });
    });
  });
});

describe('faq effect: a help-centre topic chosen (docs/protocol.md "Cards": tree)', () => {
  it('adds the topic’s title and content as the robot’s local message, each time it is chosen', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const topic = (id: string, createdAt: number) =>
        createMessage({ id, senderType: SenderType.Robot, senderName: ROBOT_NAME, msgType: MsgType.Text, msgContent: 'Refunds\nWithin 5 days.', createdAt });
      const v = {
        c: { type: 'topicChosen', title: 'Refunds', content: 'Within 5 days.' },
        p: added(topic('m1', 5)),
        q: added(topic('m2', 8)),
      } satisfies Record<string, Intent>;
      const run = runEffect(faq, readyState({ channel: channel() }), cold('5ms c 2ms c', v), { scheduler });
      expectObservable(run.output$).toBe('5ms p 2ms q', v);
    });
  });
});
