import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGE_CODES } from './ui/i18n/languages';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGE_CODES],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['ui'] }],
  format: formatter({ lineNumbers: false }),
});
