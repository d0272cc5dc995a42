import { i18n, type Messages } from '@lingui/core';
import { messages as defaultMessages } from '../../locales/en/messages.po';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './languages';

export { i18n };

/**
 * The default language's catalog is part of the entry: its visitors wait for no catalog, and every
 * visitor has words to fall back on — in the build, the words of the first screen; those only
 * on-demand parts show come with the first part (withEnglishRest). The other catalogs are split
 * per language, fetched only when chosen (compiled from .po by Vite); the pseudo-locale's exists
 * in development only.
 */
const loaders = import.meta.env.DEV
  ? import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.po', '!../../locales/en/messages.po'])
  : import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.po', '!../../locales/en/messages.po', '!../../locales/pseudo/messages.po']);

/** BCP 47 tag of a language code (`tw` → `zh-TW`). */
export function languageTag(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.tag ?? code;
}

/** Text direction of the language whose code or BCP 47 tag is `locale` (Lingui's `i18n.locale` is the tag). */
export function localeDir(locale: string): 'rtl' | 'ltr' {
  return LANGUAGES.some((l) => 'rtl' in l && l.rtl && (l.code === locale || l.tag === locale)) ? 'rtl' : 'ltr';
}

/** Text direction of a language. */
export function languageDir(code: LanguageCode): 'rtl' | 'ltr' {
  const lang = LANGUAGES.find((l) => l.code === code);
  return lang && 'rtl' in lang && lang.rtl ? 'rtl' : 'ltr';
}

type Catalog = { language: LanguageCode; messages: Messages };

/** A language's catalog; a fetch that fails is tried once more (the browser fetches a failed import again). */
async function fetchCatalog(code: LanguageCode): Promise<Catalog> {
  const load = loaders[`../../locales/${code}/messages.po`];
  if (code === DEFAULT_LANGUAGE || !load) return { language: DEFAULT_LANGUAGE, messages: defaultMessages };
  try {
    return { language: code, messages: (await load().catch(load)).messages };
  } catch (error) {
    console.warn(`[chat] the ${code} catalog did not load; showing ${DEFAULT_LANGUAGE}`, error);
    return { language: DEFAULT_LANGUAGE, messages: defaultMessages };
  }
}

let englishRestLoad: Promise<void> | undefined;

/**
 * Loads (once) the English messages that only on-demand parts show, whatever the language, into the
 * entry's English catalog — the very object Lingui holds while English is active, and the one it is
 * given when a visitor switches to English. Every part waits for them (withEnglishRest), so that a part
 * never shows a raw id, neither in English nor after a switch to English. A load that failed is
 * tried afresh the next time a part asks (its Try again).
 */
function loadEnglishRest(): Promise<void> {
  englishRestLoad ??= import('./englishRest').then(
    (rest) => void Object.assign(defaultMessages, rest.messages),
    (error: unknown) => {
      englishRestLoad = undefined;
      throw error;
    },
  );
  return englishRestLoad;
}

/**
 * A module of an on-demand part's, once the English messages only parts show have come too: how
 * lazyPart loads every part, and lazyPart.tsx what a failed part says. The build counts what such a
 * load imports as the parts' (scripts/englishParts.ts recognizes `withEnglishRest(import('./X'))`).
 */
export const withEnglishRest = <M>(module: Promise<M>): Promise<M> => Promise.all([module, loadEnglishRest()]).then(([loaded]) => loaded);

const catalogs = new Map<LanguageCode, Promise<Catalog>>();

/**
 * A language's catalog and the language it is in: when it cannot be fetched, the default
 * language's words stand in, so the chat still shows. Fetched once; a language that fell back is
 * fetched afresh when asked for again.
 */
export function loadCatalog(code: LanguageCode): Promise<Catalog> {
  let catalog = catalogs.get(code);
  if (!catalog) {
    catalog = fetchCatalog(code);
    catalogs.set(code, catalog);
    void catalog.then((c) => c.language === code || catalogs.delete(code));
  }
  return catalog;
}

/** Loads (once) and activates a language's catalog; resolves the language activated (the default when that catalog failed). */
export async function activateLanguage(code: LanguageCode): Promise<LanguageCode> {
  const { language, messages } = await loadCatalog(code);
  // Lingui runs on the BCP 47 tag so that plurals and Intl formats follow the language (`tw` → zh-TW).
  i18n.loadAndActivate({ locale: languageTag(language), messages });
  return language;
}
