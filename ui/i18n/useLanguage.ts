import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY } from '../../engine/constants';
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from './languages';

function read(): LanguageCode {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The visitor's language from local storage `chat-lan` (SPEC §2), default en. */
export function useLanguage(): LanguageCode {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_LANGUAGE);
}
