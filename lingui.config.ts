import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGE_CODES, PSEUDO_LANGUAGE } from './ui/i18n/languages';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGE_CODES, PSEUDO_LANGUAGE],
  // Development only: accented, stretched text that shows hard-coded strings and truncation.
  pseudoLocale: PSEUDO_LANGUAGE,
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['ui'] }],
  format: formatter({ lineNumbers: false }),
});
