import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { BASE_PATH } from './engine/constants.ts';
import { linguiMacros } from './scripts/linguiMacros.ts';
import { loaderLabelsModule } from './scripts/loaderLabels.ts';
import { precompress } from './scripts/precompress.ts';
import { compileHints } from './scripts/compileHints.ts';
import { earlyModules } from './scripts/earlyModules.ts';
import { englishParts } from './scripts/englishParts.ts';
import { freshImports } from './scripts/freshImports.ts';
import { referenceServer } from './server/vite.ts';
import { DEFAULT_RUNTIME, runtimeAliases, WIDGET_RUNTIMES, widgetRuntimePlugins } from './scripts/widgetRuntime.ts';

export default defineConfig({
  base: BASE_PATH,
  plugins: [
    // React 19 unless WIDGET_RUNTIME=preact (scripts/widgetRuntime.ts).
    widgetRuntimePlugins(),
    // Lingui's macros (Trans, t, plural) compile through Babel; Vite 8's React plugin has no babel option.
    linguiMacros(),
    lingui(),
    referenceServer(),
    // The chat's engine runs beside the entry (its first requests go out while the renderer downloads);
    // /index, the page every visit lands on (SPEC §2: / redirects there), is preloaded.
    earlyModules({ run: ['ui/widget/earlyChat.ts'], preload: ['ui/widget/pages/IndexPage.tsx'] }),
    // The English messages only on-demand parts show load with the first part, not in the entry.
    englishParts(),
    // A part that failed to load imports its chunk afresh (ui/widget/lazyPreloaded.ts).
    freshImports(),
    compileHints((name) => name === 'engine' || name === 'IndexPage'),
    precompress(),
    // The loader's labels, for its tests (vite.loader.config.ts builds the loader itself).
    loaderLabelsModule(),
  ],
  // rxjs's ES2015 build: native classes instead of the ES5 build's tslib helpers (≈2 kB gzip less).
  resolve: {
    conditions: [...defaultClientConditions, 'es2015'],
    // The widget imports the engine and hooks by their package names, as an integrator does; here
    // they resolve to their source (tsconfig.json's paths say the same), outside to their dist/.
    alias: {
      '@visitor-chat/chat-engine/browser': fileURLToPath(new URL('engine/browser.ts', import.meta.url)),
      '@visitor-chat/chat-engine': fileURLToPath(new URL('engine/index.ts', import.meta.url)),
      '@visitor-chat/chat-react': fileURLToPath(new URL('ui/hooks/index.ts', import.meta.url)),
      // wouter's shim for Reacts before 18: the runtime's own hook.
      'use-sync-external-store/shim/index.js': fileURLToPath(new URL('ui/widget/syncExternalStore.ts', import.meta.url)),
      // rxjs's helpers for ES5, in ES2022 (0.5 kB less on the first screen; ui/widget/tslib.ts).
      tslib: fileURLToPath(new URL('ui/widget/tslib.ts', import.meta.url)),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest tells the size check (tests/bench/size.test.ts) which files /chat/index loads first.
    manifest: true,
    // Every browser the widget supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Rolldown warns when JavaScript plugins take most of a build: here that is Lingui's Babel pass
    // and the precompress plugin's one brotli pass at maximum quality (≈1 s), both by design.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // The chat engine, RxJS and what the entry shares with the engine (the host-page link and
            // the language list) in one chunk: one request, one compression window, where the bundler
            // alone made three (the engine, the host link, the wire codes the parts share). Not the
            // decoder of streamed robot answers, loaded with the SSE parser by the first stream, nor
            // the typewriter, loaded with the part that types an answer out (AnswerExtras), nor the
            // card and card-module decoders, loaded with the cards (docs/protocol.md "Cards"), nor the
            // browser's tabs port, loaded when a chat first has a session (engine/browser.ts).
            {
              name: 'engine',
              test: /[\\/]engine[\\/](?!browserTabs\.ts|transport[\\/]robotFrames\.ts|features[\\/]robot[\\/]typewriter\.ts|model[\\/]card(?:Modules)?\.ts)|[\\/]node_modules[\\/](?:rxjs|tslib)[\\/]|[\\/]ui[\\/]widget[\\/]hostLink\.ts|[\\/]ui[\\/]loader[\\/]protocol\.ts|[\\/]ui[\\/]i18n[\\/]language(?:s|Store)\.ts/,
            },
            // The hooks package is side-effect free (ui/hooks/package.json), so a hook that only
            // the parts loaded on demand use stays out of the first screen. The hooks the first
            // screen uses go into one chunk of their own (they are shared with those parts), rather
            // than into a few tiny chunks, each a request and too small to compress; only the
            // hooks, not what they import (the renderer and the engine have their chunks). The
            // hooks left out are those of the on-demand parts: voice input (and its MediaRecorder
            // side), the forms (the leave-message form's fields: only its offer is the first
            // screen's), the evaluation, the thinking block, the rating buttons, the typewriter,
            // the card registry — a stale list costs bytes, not behaviour
            // (tests/bench/size.test.ts). The widget's URL and text helpers join them: the first
            // screen and most on-demand parts use them, and alone they made a chunk of their own
            // (0.7 kB) whenever a part that uses them imports nothing else of the first screen's;
            // so does the text with its links (LinkedText), which a long text's part shares (issue 30).
            {
              name: 'hooks',
              includeDependenciesRecursively: false,
              test: /[\\/]ui[\\/]hooks[\\/](?!useVoiceRecorder|useUserForm|useGroupChoice|useEvaluation|useThinking|useMessageRating|useTypewriter|useCardComponent|mediaRecorder|useLeaveMessage\.|useFormFields)|[\\/]ui[\\/]widget[\\/](?:media|linkify)\.ts$|[\\/]ui[\\/]widget[\\/]components[\\/]LinkedText\.tsx$|[\\/]observable-hooks[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    // The runtime the widget renders with in a project's tests (tests/support/runtime.ts).
    provide: { runtime: DEFAULT_RUNTIME },
    tags: [{ name: 'smoke', description: 'browser tests that npm test also runs against the Preact build (project e2e-preact)' }],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{engine,server,integration,i18n,checker,packages}/**/*.test.ts'],
          // Files run one after another in a worker that keeps its imports (the engine, rxjs, msw):
          // most of a file's time was importing them again. What a file replaces on globalThis is
          // put back after it (tests/support/restoreGlobals.ts); module state must not leak either.
          isolate: false,
          setupFiles: ['tests/support/restoreGlobals.ts', 'tests/support/fakeApiCheck.ts'],
        },
      },
      // DESIGN: effects do not depend on their order — the engine and integration scenarios again,
      // with the effect list reversed and shuffled (tests/engine/support/effectOrder.ts).
      ...(['reversed', 'shuffled'] as const).map((order) => ({
        extends: true as const,
        test: {
          name: `engine-${order}`,
          environment: 'node' as const,
          include: ['tests/{engine,integration}/**/*.test.ts'],
          setupFiles: ['tests/engine/support/effectOrder.ts', 'tests/support/restoreGlobals.ts', 'tests/support/fakeApiCheck.ts'],
          env: { EFFECT_ORDER: order },
          // As the node project (the effect order's mock is the same for every file of a project).
          isolate: false,
        },
      })),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/{hooks,widget,loader}/**/*.test.{ts,tsx}', 'tests/i18n/**/*.test.tsx'],
          setupFiles: ['tests/setupDom.ts', 'tests/support/fakeApiCheck.ts'],
        },
      },
      // The components and hooks again on Preact, as WIDGET_RUNTIME=preact builds them (the loader
      // has no renderer). Vitest runs node_modules outside Vite, where aliases do not apply: the
      // packages that import React are inlined, so that they take preact/compat as the widget does.
      {
        extends: true,
        // mainFields: Vitest resolves a package's CommonJS main by default, whose require()s no alias reaches.
        resolve: { alias: runtimeAliases('preact'), mainFields: ['module'] },
        test: {
          name: 'dom-preact',
          provide: { runtime: 'preact' },
          environment: 'jsdom',
          include: ['tests/{hooks,widget}/**/*.test.{ts,tsx}', 'tests/i18n/**/*.test.tsx'],
          setupFiles: ['tests/setupDom.ts', 'tests/support/fakeApiCheck.ts'],
          server: { deps: { inline: [/@testing-library\/react/, /@lingui\/react/, /observable-hooks/, /virtua/, /wouter/, /embla-carousel-react/] } },
        },
      },
      // The browser suite against a build served as `npm start` serves it: `e2e` the default (React)
      // build, `e2e-preact` the WIDGET_RUNTIME=preact build (tests/e2e/globalSetup.ts). npm test runs
      // all of `e2e` and the tests tagged `smoke` of `e2e-preact` (package.json test:e2e).
      ...WIDGET_RUNTIMES.map((runtime) => ({
        extends: true as const,
        test: {
          name: runtime === DEFAULT_RUNTIME ? 'e2e' : `e2e-${runtime}`,
          provide: { runtime },
          environment: 'node' as const,
          // The size budget reads the build that globalSetup makes.
          include: ['tests/e2e/**/*.test.ts', 'tests/bench/size.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The agent answers on the next 2 s poll: expect.poll's default 1 s is too short for what a visitor waits for.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time (package.json's test:e2e: --maxWorkers=2), each with its browser, one
          // server: the suite is mostly waiting (on the agent's replies, the fault windows, the
          // typewriter), which two files overlap. The field faults wait most (a quarter of a core
          // for 260 s when run one by one): their file runs three at a time (describe.concurrent).
          maxConcurrency: 3,
        },
      })),
    ],
  },
});
