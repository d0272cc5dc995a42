import type { KnipConfig } from 'knip';

/**
 * knip, the second half of `npm run lint`: it fails on unused files, exports, exported types and
 * dependencies, and on dependencies that are used but not listed in package.json.
 *
 * Knip finds most entry points itself: the Vite plugin reads vite.config.ts and its index.html
 * (ui/widget/main.tsx); the Vitest plugin reads the test projects of vite.config.ts (their
 * include patterns, tests/setupDom.ts, tests/e2e/globalSetup.ts); the ESLint and Lingui plugins
 * read eslint.config.js and lingui.config.ts; package.json's scripts name server/node.ts
 * (npm start) and tests/bench/run.ts (npm run bench). The build plugins of scripts/ and
 * server/vite.ts are imported by vite.config.ts, so they are reached without being entries, and
 * their exports are checked like any other module's. Below are the entry points none of that names,
 * one workspace each: the widget app (.) and the three published packages (engine, ui/hooks, ui/loader).
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // The module that earlyModules (vite.config.ts) starts beside the entry; knip cannot read plugin options.
        'ui/widget/earlyChat.ts',
        // The Node host for a second build, a script the e2e setup and the bench start (tests/support/npmStart.ts).
        'tests/support/serveBuild.ts',
        // The bench's plain-React floor, a page tests/bench/list.ts builds with Vite's JS API.
        'tests/bench/floor.tsx',
        // Examples for integrators: scripts, and apps of their own (their index.html names main.tsx, launcher.html launcher.tsx).
        'examples/*.{ts,tsx}',
        'examples/*/src/main.tsx',
        'examples/*/src/launcher.tsx',
        // The server's entry for server rendering (the example's build:ssr; server.mjs imports its build).
        'examples/*/src/render.tsx',
        'examples/*/vite.config.ts',
      ],
      project: ['{ui/widget,ui/i18n,server,scripts,examples,tests}/**/*.{ts,tsx}', '*.{ts,js}'],
      // WIDGET_RUNTIME=preact builds the widget on Preact through aliases of react and react-dom
      // (scripts/widgetRuntime.ts); knip cannot read a plugin's aliases.
      ignoreDependencies: ['preact'],
    },
    // The published packages: knip takes their entries from package.json's exports (index.ts); what
    // that exports is public API, used here or not, and every other file and export must be used.
    engine: { project: ['**/*.ts'] },
    'ui/hooks': { project: ['**/*.{ts,tsx}'] },
    // The loader: its module and React bindings (package.json's exports); script.ts, its script-tag
    // build, is the root's (vite.loader.config.ts).
    'ui/loader': { project: ['**/*.ts'] },
  },
  // The defaults, spelled out: these are what the lint step exists to catch.
  rules: {
    files: 'error',
    exports: 'error',
    types: 'error',
    dependencies: 'error',
    devDependencies: 'error',
    unlisted: 'error',
  },
};

export default config;
