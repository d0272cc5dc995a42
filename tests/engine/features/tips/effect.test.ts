import { describe, expect, it } from 'vitest';
import { TIPS_DEBOUNCE_MS } from '#engine/constants';
import type { Intent } from '#engine/core/intents';
import { tips } from '#engine/features/tips/effect';
import { shownTips } from '#engine/features/tips/predicates';
import { ChatStatus, MsgType, SenderType } from '#engine/model/codes';
import { createMessage } from '#engine/model/message';
import type { RobotTipsData, RobotTipsRequest } from '#engine/protocol';
import { NetworkError } from '#engine/transport/errors';
import { fakeApi } from '../../support/fakeApi';
import { CHANNEL_ID, USER_ID, logLines, logSpy, newScheduler } from '../../support/fixtures';
import { readyState, runEffect, stateWith } from '../../support/effectSpec';
import { agentState } from '../../support/agentSide';

const RETURN = 'How do I return an item?';
const SHIPPING = 'How long does shipping take?';
const typed = (text: string): Intent => ({ type: 'visitorTyping', text });
const question = createMessage({ id: 'q1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'ref', createdAt: 0 });

/** Marble values: the drafts typed, a send, and what the effect answers with. */
const v = {
  r: typed('r'),
  e: typed('re'),
  f: typed('ref'),
  g: typed('ref '),
  b: typed('   '),
  z: typed(''),
  S: { type: 'visitorSent', message: question },
  E: { type: 'tipsLoaded', question: 're', tips: [SHIPPING, RETURN] },
  L: { type: 'tipsLoaded', question: 'ref', tips: [RETURN] },
  X: { type: 'tipsFailed' },
} satisfies Record<string, Intent>;
const answers = { e: { tips: [SHIPPING, RETURN] }, f: { tips: [RETURN] } } satisfies Record<string, RobotTipsData>;

describe('tips effect: SPEC §7 robotTips while the visitor types (issue 25)', () => {
  it(`asks after a pause of ${TIPS_DEBOUNCE_MS} ms, once, for the draft as it then is (trimmed); the answer is shown`, () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotTips: () => cold('20ms (a|)', { a: answers.f }) });
      //                     0    100 ms   200 ms          500 ms 520 ms
      const intents = cold(' r 99ms e 99ms f 299ms -      19ms -', v);
      const expected = '     - 99ms - 99ms - 299ms -      19ms L';
      const run = runEffect(tips, readyState(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(api.bodies('robotTips')).toEqual([{ userId: USER_ID, channelId: CHANNEL_ID, question: 'ref' }]);
      expect(shownTips(run.getState())).toEqual([RETURN]);
    });
  });

  it('at most one request in flight: a newer draft aborts the older request, whose answer is never shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const re = cold('200ms (a|)', { a: answers.e });
      const ref = cold('200ms (a|)', { a: answers.f });
      const api = fakeApi({ robotTips: (req: RobotTipsRequest) => (req.question === 're' ? re : ref) });
      // 're' is asked at 300 ms; 'ref', typed at 400 ms while it is in flight, at 700 ms.
      const intents = cold(' e 399ms f', v);
      const expected = '     - 399ms - 299ms - 199ms L';
      expectObservable(runEffect(tips, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      expectSubscriptions(re.subscriptions).toBe('300ms ^ 99ms !');
      expectSubscriptions(ref.subscriptions).toBe('700ms ^ 199ms !');
    });
  });

  it('a change that leaves the question as it was (a trailing space) neither asks again nor delays the answer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi({ robotTips: () => cold('20ms (a|)', { a: answers.f }) });
      const intents = cold(' f 199ms g', v);
      const expected = '     - 299ms - 19ms L';
      expectObservable(runEffect(tips, readyState(), intents, { api: api.api, scheduler }).output$).toBe(expected, v);
      flush();

      expect(api.count('robotTips')).toBe(1);
    });
  });

  it.each([
    ['a blank draft', 'b'],
    ['an empty draft', 'z'],
    ['a sent message', 'S'],
  ] as const)('%s cancels the pause and the request in flight, and clears the suggestions', (_name, clear) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const ref = cold('200ms (a|)', { a: answers.f });
      const api = fakeApi({ robotTips: () => ref });
      // Suggestions for 'ref' shown at 500 ms; 're' typed at 600 ms is asked at 900 ms and cleared at 1000 ms.
      const intents = cold(` f 599ms e 399ms ${clear}`, v);
      const expected = '     - 299ms - 199ms L 99ms - 399ms -';
      const run = runEffect(tips, readyState(), intents, { api: api.api, scheduler });
      expectObservable(run.output$).toBe(expected, v);
      expectSubscriptions(ref.subscriptions).toBe(['300ms ^ 199ms !', '900ms ^ 99ms !']);
      flush();

      expect(api.bodies('robotTips').map((b) => b.question)).toEqual(['ref', 're']);
      expect(run.getState().tips.items).toEqual([]);
      expect(shownTips(run.getState())).toEqual([]);
    });
  });

  it('SPEC §8: a failure is one log line and clears the suggestions; the visitor is told nothing (no notice)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const outcomes = [cold('20ms (a|)', { a: answers.f }), cold<RobotTipsData>('20ms #', undefined, new NetworkError('robotTips', 'offline'))];
      const api = fakeApi({ robotTips: () => outcomes.shift() ?? cold('-') });
      const log = logSpy();
      const intents = cold(' f 399ms e', v);
      const expected = '     - 299ms - 19ms L 79ms - 299ms - 19ms X';
      const run = runEffect(tips, readyState(), intents, { api: api.api, scheduler, log });
      expectObservable(run.output$).toBe(expected, v);
      flush();

      expect(logLines(log)).toEqual(['robotTips failed: offline']);
      expect(run.getState().tips.items).toEqual([]);
      expect(run.getState().messages).toEqual([]);
    });
  });

  it.each([
    ['agent mode (receive mode 3), in conversation', agentState(ChatStatus.InConversation)],
    ['agent mode before the agent joins', agentState(ChatStatus.NotStarted)],
    ['robot mode with an agent session (status 2)', readyState({ status: ChatStatus.InConversation })],
    ['robot mode before the session', stateWith({ phase: 'ready' })],
  ])('SPEC §4 Receive mode: never asked in %s', (_name, start) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const api = fakeApi();
      expectObservable(runEffect(tips, start, cold(' f 999ms', v), { api: api.api, scheduler }).output$).toBe('-', v);
      flush();

      expect(api.count('robotTips')).toBe(0);
    });
  });
});
