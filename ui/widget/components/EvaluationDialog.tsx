import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, type ReactNode } from 'react';
import { useEvaluation, type Star } from '@visitor-chat/chat-react';
import { Dialog } from './Dialog';
// The shared form styles (labels, inputs, actions, buttons): this dialog may load without the other forms.
import './FormFields.css';
import './EvaluationDialog.css';

/** Our words for the stars of a five-star scale, lowest first. */
const FIVE_STARS = 5;

/**
 * The label of a star (issue 28): ours, in the visitor's language, on a five-star scale; the
 * server's (getEvaluateInfo starList, in its own language) for a scale we have no words for; else
 * "n stars".
 */
function useStarLabel(count: number): (star: Star) => ReactNode {
  const { t } = useLingui();
  const ours = count === FIVE_STARS ? [t`Very poor`, t`Poor`, t`Fair`, t`Good`, t`Excellent`] : [];
  return (s) => ours[s.value - 1] || s.label || <Plural value={s.value} one="# star" other="# stars" />;
}

/** The evaluation dialog (SPEC §4 Evaluation, §7 evaluate): stars, an optional comment, then a thank-you. */
export function EvaluationDialog() {
  const { t } = useLingui();
  const ev = useEvaluation();
  const label = useStarLabel(ev.stars.length);
  const commentId = useId();
  const done = useRef<HTMLButtonElement>(null);
  if (!ev.open) return null;
  if (ev.thanked) {
    return (
      // A step of its own (key): it opens with focus on Done, where the Submit that was pressed has gone.
      <Dialog key="thanks" title={<Trans>Thank you!</Trans>} onClose={ev.close} initialFocus={done}>
        <p className="evaluation__thanks">
          <Trans>Your rating helps us improve our service.</Trans>
        </p>
        <div className="form-actions">
          <button ref={done} type="button" className="button button--primary" onClick={() => ev.close?.()}>
            <Trans>Done</Trans>
          </button>
        </div>
      </Dialog>
    );
  }
  const chosen = ev.stars.find((s) => s.value === ev.star);
  return (
    <Dialog title={<Trans>How was your conversation?</Trans>} onClose={ev.close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          ev.submit?.();
        }}
      >
        <fieldset className="evaluation__stars">
          <legend className="visually-hidden">
            <Trans>Rating</Trans>
          </legend>
          {ev.stars.map((s) => (
            <label key={s.value} className={`evaluation__star${s.value <= ev.star ? ' evaluation__star--on' : ''}`}>
              <input className="visually-hidden" {...ev.getStarProps(s.value)} />
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8Z" />
              </svg>
              <span className="visually-hidden">{label(s)}</span>
            </label>
          ))}
        </fieldset>
        <p className="evaluation__label" aria-hidden="true">
          {chosen ? label(chosen) : <Trans>Tap a star to rate</Trans>}
        </p>
        <label className="form-field__label" htmlFor={commentId}>
          <Trans>Comment</Trans>{' '}
          <span className="form-field__optional">
            <Trans>(optional)</Trans>
          </span>
        </label>
        <textarea id={commentId} className="form-field__input evaluation__comment" rows={3} placeholder={t`Tell us more…`} {...ev.getCommentProps()} />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={!ev.submit} aria-busy={ev.submitting || undefined}>
            {ev.submitting ? <Trans>Sending…</Trans> : <Trans>Submit</Trans>}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
