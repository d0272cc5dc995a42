import { useLingui } from '@lingui/react/macro';
import { useComposer } from '../../hooks';
import './Composer.css';

/** The text composer (SPEC §2, §5): Enter without Shift sends; Send is disabled while empty. */
export function Composer() {
  const { t } = useLingui();
  const { send, getInputProps } = useComposer();
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send?.();
      }}
    >
      <textarea className="composer__input" rows={1} placeholder={t`Type a message…`} aria-label={t`Message`} {...getInputProps()} />
      <button type="submit" className="composer__send" disabled={!send} aria-label={t`Send`}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
        </svg>
      </button>
    </form>
  );
}
