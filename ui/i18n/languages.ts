/**
 * The 25 languages of SPEC §2: code as stored in `chat-lan`, BCP 47 tag, own name, direction. The
 * tag is what dates, numbers and plurals are formatted in (Intl) and what <html lang> says: SPEC §2's
 * UI-library locales where it names one (en-US, ar-EG, zh-CN; its fr-FR has no language among the 25).
 */
export const LANGUAGES = [
  { code: 'zh', tag: 'zh-CN', name: '简体中文' },
  { code: 'en', tag: 'en-US', name: 'English' },
  { code: 'tw', tag: 'zh-TW', name: '繁體中文' },
  { code: 'vi', tag: 'vi', name: 'Tiếng Việt' },
  { code: 'id', tag: 'id', name: 'Bahasa Indonesia' },
  { code: 'ms', tag: 'ms', name: 'Bahasa Melayu' },
  { code: 'ja', tag: 'ja', name: '日本語' },
  { code: 'pt', tag: 'pt', name: 'Português' },
  { code: 'hi', tag: 'hi', name: 'हिन्दी' },
  { code: 'es', tag: 'es', name: 'Español' },
  { code: 'ko', tag: 'ko', name: '한국어' },
  { code: 'ru', tag: 'ru', name: 'Русский' },
  { code: 'my', tag: 'my', name: 'မြန်မာ' },
  { code: 'km', tag: 'km', name: 'ខ្មែរ' },
  { code: 'tl', tag: 'fil', name: 'Filipino' },
  { code: 'lo', tag: 'lo', name: 'ລາວ' },
  { code: 'nl', tag: 'nl', name: 'Nederlands' },
  { code: 'de', tag: 'de', name: 'Deutsch' },
  { code: 'ar', tag: 'ar-EG', name: 'العربية', rtl: true },
  { code: 'bn', tag: 'bn', name: 'বাংলা' },
  { code: 'tr', tag: 'tr', name: 'Türkçe' },
  { code: 'fa', tag: 'fa', name: 'فارسی', rtl: true },
  { code: 'it', tag: 'it', name: 'Italiano' },
  { code: 'pl', tag: 'pl', name: 'Polski' },
  { code: 'zu', tag: 'zu', name: 'isiZulu' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);
/** SPEC §2: default en. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** True when `code` is one of the 25 languages. */
export function isLanguage(code: unknown): code is LanguageCode {
  return typeof code === 'string' && (LANGUAGE_CODES as readonly string[]).includes(code);
}

/** The pseudo-locale (development only; `localStorage['chat-lan'] = 'pseudo'`): spots hard-coded strings and truncation. */
export const PSEUDO_LANGUAGE = 'pseudo';
