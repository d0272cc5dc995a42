import labels, { rtl } from 'virtual:loader-labels';

/** True when `code` is one of the widget's 25 language codes. */
export const isLanguage = (code: string): boolean => Object.hasOwn(labels, code);

/**
 * The widget's language code for a code or BCP 47 tag (by default the host page's `lang`); English
 * when none fits. Every code is a tag's first part but two (ui/i18n/languages.ts): tw is Chinese
 * as written in Taiwan, Hong Kong and Macau, or in traditional script; tl is also fil.
 */
export function languageOf(tag = document.documentElement.lang): string {
  const code = /^zh-(tw|hk|mo|hant)\b/i.test(tag) ? 'tw' : tag.toLowerCase().split('-')[0]!.replace(/^fil$/, 'tl');
  return isLanguage(code) ? code : 'en';
}

/** The language is written right to left (ui/i18n/languages.ts). */
export const rightToLeft = (code: string): boolean => rtl.includes(code);

/** The launcher's (and the chat frame's) name in `code`. */
export const labelFor = (code: string): string => labels[code] ?? 'Chat';
