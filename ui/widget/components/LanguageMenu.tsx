import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { languageTag } from '../../i18n/i18n';
import { LANGUAGES } from '../../i18n/languages';
import { useLanguage } from '../../i18n/useLanguage';
import './LanguageMenu.css';

export interface LanguageMenuProps {
  /** The menu closes: a language chosen, Escape, Tab, a press outside it. */
  close: () => void;
}

/**
 * The language menu (SPEC §2: the 25 languages in their own names; the choice is kept in
 * `chat-lan`), opened by the header's language button (LanguageSwitcher), its previous sibling: the
 * menu-button pattern of WAI-ARIA — the current language has the focus; ArrowDown/ArrowUp move
 * (round), Home/End go to the ends, a letter to the next name it starts; Enter or Space chooses;
 * Escape and Tab close it; focus then goes back to the button. A press outside closes it.
 */
export function LanguageMenu({ close }: LanguageMenuProps) {
  const { t } = useLingui();
  const [current, setLanguage] = useLanguage();
  const ref = useRef<HTMLDivElement>(null);
  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
  const back = () => {
    (ref.current?.previousElementSibling as HTMLElement | null)?.focus();
    close();
  };

  useLayoutEffect(() => {
    items()
      .find((item) => item.getAttribute('aria-checked') === 'true')
      ?.focus();
  }, []);

  useEffect(() => {
    // Outside the switcher: its button toggles the menu by itself.
    const outside = (e: PointerEvent) => {
      if (!ref.current?.parentElement?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [close]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(-1);
    else if (e.key === 'Escape' || e.key === 'Tab') back();
    else if (e.key.length === 1 && e.key !== ' ') {
      const key = e.key.toLocaleLowerCase();
      [...all.slice(at + 1), ...all.slice(0, at + 1)].find((item) => item.textContent?.toLocaleLowerCase().startsWith(key))?.focus();
    } else return;
    // Handled here: the page does not scroll, and an Escape does not close the host's panel too.
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div ref={ref} className="language-menu" role="menu" aria-label={t`Language`} onKeyDown={onKeyDown}>
      {LANGUAGES.map((l) => (
        <button
          key={l.code}
          type="button"
          role="menuitemradio"
          aria-checked={l.code === current}
          tabIndex={-1}
          className="language-menu__item"
          onClick={() => {
            setLanguage(l.code);
            back();
          }}
        >
          {/* Each name in its own language and direction; the items line up in the chat's. */}
          <span lang={languageTag(l.code)} dir="auto">
            {l.name}
          </span>
        </button>
      ))}
    </div>
  );
}
