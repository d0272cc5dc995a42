import { useId, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { EvaluationStatus, canEvaluate, evaluationShown, type ChatState } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { shallowEqual, useChatSelector } from './useChatSelector';
import { useChatEvents } from './useChatEvents';

/** Stars offered when getEvaluateInfo gave no labels (or has not answered yet). */
const DEFAULT_STAR_COUNT = 5;

const pick = (s: ChatState) => ({
  status: s.evaluation.status,
  labels: s.evaluation.stars,
  shown: evaluationShown(s),
  canRate: canEvaluate(s),
});

/** One star of the rating: its value (1 = lowest) and the label from getEvaluateInfo, if any. */
export interface Star {
  value: number;
  label: string | null;
}

/** Props of one star's radio input (`getStarProps(value)`). */
export interface StarInputProps {
  type: 'radio';
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
}

/** What useEvaluation returns: the dialog's state, its values and its actions. */
export interface UseEvaluationResult {
  /** SPEC §4 evaluation status: 0 none, 1 shown, 2 submitted. */
  status: EvaluationStatus;
  /** The dialog is up: asked for (status 1), or thanking after a submission. */
  open: boolean;
  /** A submission succeeded; until closed. */
  thanked: boolean;
  stars: Star[];
  /** The star picked, 0 for none. */
  star: number;
  setStar: Dispatch<SetStateAction<number>>;
  comment: string;
  setComment: Dispatch<SetStateAction<string>>;
  submitting: boolean;
  /** Sends the rating; null until a star is picked, and while sending. */
  submit: (() => void) | null;
  /** Closes the dialog: dismisses an unsent rating, or ends the thank-you. */
  close: (() => void) | null;
  /** Shows the dialog again after a session ended; null when not offered. */
  show: (() => void) | null;
  /** Props of a star's radio input: a native radio group, so arrow keys move between stars. */
  getStarProps: (value: number) => StarInputProps;
  getCommentProps: () => { value: string; onChange: (e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => void };
}

/**
 * The evaluation dialog (SPEC §4 Evaluation status 0/1/2, §7 evaluate): stars, an optional comment,
 * `submit` (null until a star is picked), `close`, and `thanked` after a submission succeeded, until
 * closed. `show` opens it after a session ended (null when not offered). Failed submissions keep the values.
 */
export function useEvaluation(): UseEvaluationResult {
  const engine = useChatEngine();
  const { status, labels, shown, canRate } = useChatSelector(pick, shallowEqual);
  const [star, setStar] = useState(0);
  const [comment, setComment] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [thanked, setThanked] = useState(false);
  const [seen, setSeen] = useState(status);
  const name = `evaluation-${useId()}`;

  // Derived during render (React's "adjusting state when a prop changes"): the 1 → 2 step means success.
  if (seen !== status) {
    setSeen(status);
    setSubmitting(false);
    if (seen === EvaluationStatus.Shown && status === EvaluationStatus.Submitted) setThanked(true);
  }
  useChatEvents((e) => {
    if (e.type === 'submissionFailed' && e.form === 'evaluation') setSubmitting(false);
  });

  const stars: Star[] = labels?.length
    ? labels.map((label, i) => ({ value: i + 1, label }))
    : Array.from({ length: DEFAULT_STAR_COUNT }, (_, i) => ({ value: i + 1, label: null }));

  return {
    status,
    open: shown || thanked,
    thanked,
    stars,
    star,
    setStar,
    comment,
    setComment,
    submitting,
    submit:
      shown && star > 0 && !submitting
        ? () => {
            setSubmitting(true);
            const text = comment.trim();
            engine.submitEvaluation(text ? { star, comment: text } : { star });
          }
        : null,
    close: shown ? engine.dismissEvaluation : thanked ? () => setThanked(false) : null,
    show: canRate ? engine.openEvaluation : null,
    getStarProps: (value: number) => ({
      type: 'radio',
      name,
      value: String(value),
      checked: star === value,
      onChange: () => setStar(value),
    }),
    getCommentProps: () => ({
      value: comment,
      onChange: (e: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => setComment(e.target.value),
    }),
  };
}
