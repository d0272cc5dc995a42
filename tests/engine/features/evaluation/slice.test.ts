import { describe, expect, it } from 'vitest';
import type { ChatState } from '#engine/core/state';
import { canEvaluate, evaluatesAfterClose, evaluationShown } from '#engine/features/evaluation/predicates';
import { evaluationCases } from '#engine/features/evaluation/slice';
import { EvaluationStatus } from '#engine/model/codes';
import { channel } from '../../support/fixtures';
import { readyState } from '../../support/effectSpec';

const EVALUATES = channel({ evaluateMode: 1 });
const withStatus = (status: EvaluationStatus, fields: Partial<ChatState> = {}) => readyState({ evaluation: { status, stars: null }, ...fields });

describe('evaluation predicates: SPEC §4 Evaluation', () => {
  it('SPEC §4 1202: the channel asks for an evaluation after a session when evaluateMode is 1', () => {
    expect(evaluatesAfterClose(readyState({ channel: EVALUATES }))).toBe(true);
    expect(evaluatesAfterClose(readyState({ channel: channel({ evaluateMode: 0 }) }))).toBe(false);
    expect(evaluatesAfterClose(readyState({ channel: null }))).toBe(false);
  });

  it('the visitor may rate a closed chat on a channel that evaluates, while the evaluation is neither shown nor submitted (status 0)', () => {
    expect(canEvaluate(withStatus(EvaluationStatus.None, { chatClosed: true, metAgent: true, channel: EVALUATES }))).toBe(true);
  });

  it.each<[string, ChatState]>([
    ['while the chat is open', withStatus(EvaluationStatus.None, { chatClosed: false, metAgent: true, channel: EVALUATES })],
    [
      'when no agent was ever reached (SPEC §4 transfer result 0)',
      withStatus(EvaluationStatus.None, { chatClosed: true, metAgent: false, channel: EVALUATES }),
    ],
    ['on a channel that does not evaluate', withStatus(EvaluationStatus.None, { chatClosed: true })],
    ['while the dialog is shown (status 1)', withStatus(EvaluationStatus.Shown, { chatClosed: true, channel: EVALUATES })],
    ['once submitted (status 2)', withStatus(EvaluationStatus.Submitted, { chatClosed: true, channel: EVALUATES })],
  ])('the visitor may not open the evaluation %s', (_when, state) => {
    expect(canEvaluate(state)).toBe(false);
  });

  it('the dialog is shown in status 1 only', () => {
    expect(evaluationShown(withStatus(EvaluationStatus.Shown))).toBe(true);
    expect(evaluationShown(withStatus(EvaluationStatus.None))).toBe(false);
    expect(evaluationShown(withStatus(EvaluationStatus.Submitted))).toBe(false);
  });
});

describe('evaluation slice: status 0 → 1 shown → 2 submitted', () => {
  it('a request shows the dialog (status 1); a request while it is shown changes nothing', () => {
    expect(evaluationCases.evaluationRequested(withStatus(EvaluationStatus.None), { type: 'evaluationRequested' }).evaluation.status).toBe(
      EvaluationStatus.Shown,
    );
    const shown = withStatus(EvaluationStatus.Shown);
    expect(evaluationCases.evaluationRequested(shown, { type: 'evaluationRequested' })).toBe(shown);
  });

  it('the star labels are kept whatever the status', () => {
    const loaded = evaluationCases.evaluationInfoLoaded(withStatus(EvaluationStatus.Shown), { type: 'evaluationInfoLoaded', stars: ['bad', 'good'] });
    expect(loaded.evaluation).toEqual({ status: EvaluationStatus.Shown, stars: ['bad', 'good'] });
  });

  it('a successful submission is status 2', () => {
    expect(evaluationCases.evaluationDone(withStatus(EvaluationStatus.Shown), { type: 'evaluationDone' }).evaluation.status).toBe(EvaluationStatus.Submitted);
  });

  it('dismissing the shown dialog goes back to status 0 (the visitor may open it again); otherwise it changes nothing', () => {
    expect(evaluationCases.evaluationDismissed(withStatus(EvaluationStatus.Shown), { type: 'evaluationDismissed' }).evaluation.status).toBe(
      EvaluationStatus.None,
    );
    for (const status of [EvaluationStatus.None, EvaluationStatus.Submitted]) {
      const state = withStatus(status);
      expect(evaluationCases.evaluationDismissed(state, { type: 'evaluationDismissed' })).toBe(state);
    }
  });
});
