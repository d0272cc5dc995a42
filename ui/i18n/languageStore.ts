/* The visitor's language in `chat-lan` (SPEC §2), without React: the page's early module (for the
   host page's language) and useLanguage share it. */
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, isLanguage, type LanguageCode } from './languages';

/** Language local storage key (SPEC §3). */
const LANGUAGE_KEY = 'chat-lan';
/** Language setting poll period (SPEC §7). */
const LANGUAGE_POLL_MS = 100;

/** The choice of this page load when local storage is blocked (private mode, a third-party frame): it lasts for the page only. */
let unstored: LanguageCode | null = null;

/** The visitor's language as stored in `chat-lan` (SPEC §2), or the default. */
export function storedLanguage(): LanguageCode {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    if (import.meta.env.DEV && stored === PSEUDO_LANGUAGE) return stored as LanguageCode;
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return unstored ?? DEFAULT_LANGUAGE;
  }
}

/** The visitor has chosen a language (chat-lan holds one of the 25), or this page load has. */
export function languageChosen(): boolean {
  try {
    return isLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return unstored !== null;
  }
}

/** Keeps `code` in `chat-lan` (SPEC §2) and tells every `useLanguage` of this page: the switcher's choice, or the host page's (ui/loader). */
export function chooseLanguage(code: LanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    unstored = code;
  }
  window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_KEY }));
}

/**
 * Notifies on every change of `chat-lan`: the storage event covers other tabs and frames; a poll
 * every 100 ms (SPEC §7) covers writes from the same document (a host page script, devtools),
 * which fire no storage event. One localStorage read per tick costs microseconds.
 */
export function subscribeLanguage(onChange: () => void): () => void {
  let last = storedLanguage();
  const check = () => {
    const now = storedLanguage();
    if (now !== last) {
      last = now;
      onChange();
    }
  };
  window.addEventListener('storage', check);
  const timer = window.setInterval(check, LANGUAGE_POLL_MS);
  return () => {
    window.removeEventListener('storage', check);
    window.clearInterval(timer);
  };
}
