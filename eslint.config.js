import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history', 'parent'];

export default tseslint.config(
  { ignores: ['dist', 'dist-types', 'node_modules', 'test-results', 'locales/**/*.mjs', 'locales/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' }],
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'tests/hooks/**', 'tests/widget/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // DESIGN: the engine is framework-free — no React, no UI, no DOM; browser things arrive as ports.
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*', 'observable-hooks', '@lingui/*'], message: 'engine/ is framework-free.' },
            { group: ['**/ui/**', '**/server/**'], message: 'engine/ imports nothing from ui/ or server/.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS.map((name) => ({ name, message: 'engine/ gets browser things as injected ports.' }))],
    },
  },
  // DESIGN: hooks are headless — no components or styles.
  {
    files: ['ui/hooks/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/widget/**', '*.css'], message: 'ui/hooks is headless.' }] }],
    },
  },
  // DESIGN: the server shares only the wire types with the engine.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/ui/**'], message: 'server/ does not import the UI.' }] }],
    },
  },
);
