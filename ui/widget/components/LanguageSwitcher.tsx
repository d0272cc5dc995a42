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
      <svg viewBox="0 0 24 24" aria-hidden="true" className="language-switcher__icon">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.3-4 8 8 0 0 1 4.3 4ZM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.3 4 8 8 0 0 1-4.3-4Zm3-8h-3a8 8 0 0 1 4.3-4 15.7 15.7 0 0 0-1.3 4ZM12 20a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.3-3.6h3a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
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
