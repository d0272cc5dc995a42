import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A package's folder resolves through its package.json to the built dist/ (stale, or absent before a
// build): import the package by name (its source here, through the aliases) or one of its files.
const PACKAGE_FOLDER = {
  regex: '^(\\.\\.?/)+(engine|ui/hooks|hooks)/?$',
  message: 'Import @visitor-chat/chat-engine or @visitor-chat/chat-react by name, or a file of the package.',
};

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history', 'parent'];

export default tseslint.config(
  { ignores: ['**/dist', 'dist-preact', 'dist-types', 'node_modules', 'test-results', 'locales/**/*.mjs', 'locales/**/*.js'] },
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
  // Features import only types from the state and intents, which are derived from the features'
  // slices (core/registry.ts, core/slices.ts): the type-level circle never becomes a runtime one.
  {
    files: ['engine/features/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/state', '**/core/intents', '**/core/slices', '**/core/reduce'],
              allowTypeImports: true,
              message: 'engine/features/ imports only types from core/state and core/intents (they are made of the features).',
            },
          ],
        },
      ],
    },
  },
  // …except its browser entry (@visitor-chat/chat-engine/browser): the ports' browser implementations.
  { files: ['engine/browser.ts', 'engine/browserTabs.ts'], rules: { 'no-restricted-globals': 'off' } },
  // DESIGN: hooks are headless — no components or styles.
  {
    files: ['ui/hooks/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/widget/**', '*.css'], message: 'ui/hooks is headless.' },
            { group: ['**/engine', '**/engine/**'], message: 'ui/hooks imports @visitor-chat/chat-engine, the published package, not its files.' },
          ],
        },
      ],
    },
  },
  // The widget consumes the packages as an integrator does: by name, through their public index.
  {
    files: ['ui/widget/**', 'ui/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine', '**/engine/**', '**/hooks', '**/hooks/**'],
              message: 'Import @visitor-chat/chat-engine or @visitor-chat/chat-react, as an integrator does.',
            },
          ],
        },
      ],
    },
  },
  // DESIGN: the server shares only the wire types with the engine.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/ui/**'], message: 'server/ does not import the UI.' }, PACKAGE_FOLDER] }],
    },
  },
  {
    files: ['tests/**', 'examples/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PACKAGE_FOLDER] }] },
  },
);
