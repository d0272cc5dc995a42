import type { Handles } from '../../core/cases';
import type { ChatState } from '../../core/state';
import { EvaluationStatus } from '../../model/codes';
import { evaluationShown } from './predicates';

/** SPEC §4 Evaluation. */
export interface EvaluationState {
  /** The evaluation status, and the star labels from getEvaluateInfo once loaded. */
  evaluation: { status: EvaluationStatus; stars: readonly string[] | null };
}

export type EvaluationCommand =
  /** Shows the evaluation dialog (status 1): asked by the visitor, or by the agent (1203) or the end of the session (1202). */
  { type: 'evaluationRequested' } | { type: 'evaluationSubmitted'; star: number; comment?: string } | { type: 'evaluationDismissed' };

export type EvaluationResult = { type: 'evaluationInfoLoaded'; stars: readonly string[] } | { type: 'evaluationDone' };

export const initialEvaluation: EvaluationState = { evaluation: { status: EvaluationStatus.None, stars: null } };

const withStatus = (state: ChatState, status: EvaluationStatus): ChatState => ({ ...state, evaluation: { ...state.evaluation, status } });

export const evaluationCases: Handles<'evaluationRequested' | 'evaluationInfoLoaded' | 'evaluationDone' | 'evaluationDismissed'> = {
  evaluationRequested: (state) => (evaluationShown(state) ? state : withStatus(state, EvaluationStatus.Shown)),
  evaluationInfoLoaded: (state, { stars }) => ({ ...state, evaluation: { ...state.evaluation, stars } }),
  evaluationDone: (state) => withStatus(state, EvaluationStatus.Submitted),
  evaluationDismissed: (state) => (evaluationShown(state) ? withStatus(state, EvaluationStatus.None) : state),
};
