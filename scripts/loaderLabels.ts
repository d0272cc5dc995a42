import { readFileSync } from 'node:fs';
import PO from 'pofile';
import type { Plugin } from 'vite';
import { LANGUAGES, LANGUAGE_CODES } from '../ui/i18n/languages.ts';

/** The module the loader imports its launcher's label from (ui/loader/language.ts). */
const ID = 'virtual:loader-labels';
/** The widget's own message for its name ("Chat", its page title): the launcher and the panel's frame are named the same. */
const MSGID = 'Chat';

/** The translators' catalogs, found from this file: the widget's builds run in the repository, the loader package's in ui/loader. */
const LOCALES = new URL('../locales/', import.meta.url);

/** The launcher's label in each of the 25 languages, from the translators' catalogs (locales/{code}/messages.po). */
function loaderLabels(): Record<string, string> {
  return Object.fromEntries(
    LANGUAGE_CODES.map((code) => {
      const po = PO.parse(readFileSync(new URL(`${code}/messages.po`, LOCALES), 'utf8'));
      const text = po.items.find((item) => item.msgid === MSGID)?.msgstr[0];
      return [code, text || MSGID];
    }),
  );
}

/** The codes of the languages written right to left, from the one list of ui/i18n/languages.ts. */
const rightToLeftCodes = (): string[] => LANGUAGES.filter((language) => 'rtl' in language && language.rtl).map((language) => language.code);

/**
 * `import labels, { rtl } from 'virtual:loader-labels'`: the launcher's label by language code,
 * read from the catalogs at build time, so that the ≤ 3 kB loader carries only its one string in 25
 * languages and translators keep editing the .po files alone; and the right-to-left codes. A Vite
 * plugin, and a Rolldown one (the loader package's tsdown build, ui/loader/tsdown.config.ts).
 */
export function loaderLabelsModule(): Plugin {
  const resolved = `\0${ID}`;
  return {
    name: 'loader-labels',
    resolveId: (id) => (id === ID ? resolved : undefined),
    load: (id) =>
      id === resolved ? `export default ${JSON.stringify(loaderLabels())};\nexport const rtl = ${JSON.stringify(rightToLeftCodes())};` : undefined,
  };
}
