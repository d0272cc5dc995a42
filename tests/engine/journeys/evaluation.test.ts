import { describe, expect, it } from 'vitest';
import { ChatStatus, EvaluationStatus } from '#engine/model/codes';
import type { EngineEvent } from '#engine/core/intents';
import { NetworkError } from '#engine/transport/errors';
import { answers } from '../support/fakeApi';
import { USER_ID, act, at, newScheduler } from '../support/fixtures';
import { agentEngine, field } from '../support/agentApi';

describe('evaluation (SPEC §4 Evaluation status)', () => {
  it('SPEC §4 Evaluation status 0 → 1 shown → 2 submitted; a failed submission raises the toast event and stays shown', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const events: EngineEvent[] = [];
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: {
          getEvaluateInfo: () => cold('10ms (i|)', { i: { starList: ['1', '2', '3', '4', '5'] } }),
          evaluate: answers(cold<void>('10ms #', undefined, new NetworkError('evaluate', 'offline')), cold('10ms (a|)', { a: undefined })),
        },
      });
      engine.events$.subscribe((e) => events.push(e));
      // The first submission fails at 210 ms (the toast), the second is done at 310 ms.
      //                 0 ms   100 ms 200 ms 300 ms 310 ms  1000 ms
      const commands = ' S 99ms o 99ms e 99ms e  9ms - 689ms D';
      const expected = ' n 99ms s 99ms - 99ms -  9ms d 689ms |';
      expectObservable(field(engine, (s) => s.evaluation.status)).toBe(expected, {
        n: EvaluationStatus.None,
        s: EvaluationStatus.Shown,
        d: EvaluationStatus.Submitted,
      });
      act(cold, commands, {
        S: () => engine.start(),
        o: () => engine.openEvaluation(),
        e: () => engine.submitEvaluation({ star: 5, comment: 'great' }),
        D: () => engine.dispose(),
      });
      flush();

      expect(fake.bodies('getEvaluateInfo')).toEqual([{ tenantId: 't1', channelId: 'demo' }]);
      expect(fake.bodies('evaluate')).toEqual([
        { userId: USER_ID, star: 5, comment: 'great' },
        { userId: USER_ID, star: 5, comment: 'great' },
      ]);
      expect(events).toEqual([{ type: 'submissionFailed', form: 'evaluation' }]);
    });
  });

  it('SPEC §4 Evaluation status: dismissing the shown dialog returns to 0 without a call', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { engine, fake } = agentEngine(cold, scheduler, {
        status: ChatStatus.InConversation,
        overrides: { getEvaluateInfo: () => cold('(i|)', { i: { starList: ['1'] } }) },
      });
      at(scheduler, 0, () => engine.start());
      at(scheduler, 100, () => engine.openEvaluation());
      at(scheduler, 200, () => engine.dismissEvaluation());
      at(scheduler, 300, () => engine.dispose());
      flush();

      expect(engine.getSnapshot().evaluation).toEqual({ status: EvaluationStatus.None, stars: ['1'] });
      expect(fake.count('evaluate')).toBe(0);
    });
  });
});
