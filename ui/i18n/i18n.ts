import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './languages';

export { i18n };

/**
 * Catalogs are split per language: only the active one is fetched (compiled from .po by Vite). The
 * pseudo-locale's catalog exists in development only.
 */
const loaders = import.meta.env.DEV
  ? import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po')
  : import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.po', '!../../locales/pseudo/messages.po']);

/** BCP 47 tag of a language code (`tw` → `zh-TW`). */
export function languageTag(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.tag ?? code;
}

/** Text direction of a language. */
export function languageDir(code: LanguageCode): 'rtl' | 'ltr' {
  const lang = LANGUAGES.find((l) => l.code === code);
  return lang && 'rtl' in lang && lang.rtl ? 'rtl' : 'ltr';
}

/** A language's catalog (fetched once: the module system keeps it); the default language's when it has none. */
export async function loadCatalog(code: LanguageCode): Promise<Messages> {
  const load = loaders[`../../locales/${code}/messages.po`] ?? loaders[`../../locales/${DEFAULT_LANGUAGE}/messages.po`];
  return load ? (await load()).messages : {};
}

/** Loads (once) and activates a language's catalog; falls back to the default language. */
export async function activateLanguage(code: LanguageCode): Promise<void> {
  const messages = await loadCatalog(code);
  // Lingui runs on the BCP 47 tag so that plurals and Intl formats follow the language (`tw` → zh-TW).
  i18n.loadAndActivate({ locale: languageTag(code), messages });
}
