import { useSyncExternalStore } from 'react';
import { chooseLanguage, storedLanguage, subscribeLanguage } from './languageStore';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';

/** The visitor's language from local storage `chat-lan` (SPEC §2; default en) and its setter. */
export function useLanguage(): [LanguageCode, (code: LanguageCode) => void] {
  const language = useSyncExternalStore(subscribeLanguage, storedLanguage, () => DEFAULT_LANGUAGE);
  return [language, chooseLanguage];
}
