import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, isLanguage } from '../../i18n/languages';
import { languageTag } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/useLanguage';
import './LanguageSwitcher.css';

/** The language switcher (SPEC §2): the 25 languages in their own names; the choice is kept in `chat-lan`. */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const [language, setLanguage] = useLanguage();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t`Language`}</span>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="language-switcher__icon line-icon">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c-3.5 4-3.5 14 0 18m0-18c3.5 4 3.5 14 0 18" />
      </svg>
      <select
        className="navbar__action language-switcher__select"
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) setLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={languageTag(l.code)}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
