import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { HeaderPart } from './headerPart';
import './LanguageSwitcher.css';

/**
 * The language choice (SPEC §2; kept in `chat-lan`): a globe button in the bar that opens the
 * language menu (LanguageMenu), so that the title keeps the bar's room.
 */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <div className="language-switcher">
      <button
        type="button"
        className="navbar__action navbar__round"
        aria-label={t`Language`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c-3.5 4-3.5 14 0 18m0-18c3.5 4 3.5 14 0 18" />
        </svg>
      </button>
      {open && <HeaderPart part="language" close={() => setOpen(false)} dismiss={null} />}
    </div>
  );
}
