import labels, { rtl } from 'virtual:loader-labels';

/** Tags whose language code is not their first part (ui/i18n/languages.ts: tw is zh-TW, tl is fil). */
const ALIASES: Readonly<Record<string, string>> = { 'zh-tw': 'tw', 'zh-hant': 'tw', 'zh-hk': 'tw', fil: 'tl' };

/** True when `code` is one of the widget's 25 language codes. */
export const isLanguage = (code: string): boolean => Object.hasOwn(labels, code);

/** The widget's language code for a code or BCP 47 tag (by default the host page's `lang`); English when none fits. */
export function languageOf(tag = document.documentElement.lang): string {
  const parts = tag.toLowerCase().split('-');
  for (const candidate of [parts.slice(0, 2).join('-'), parts[0] ?? '']) {
    const code = ALIASES[candidate] ?? candidate;
    if (isLanguage(code)) return code;
  }
  return 'en';
}

/** The language is written right to left (ui/i18n/languages.ts). */
export const rightToLeft = (code: string): boolean => rtl.includes(code);

/** The launcher's (and the chat frame's) name in `code`. */
export const labelFor = (code: string): string => labels[code] ?? 'Chat';
