import { defineConfig } from 'tsdown';

/** The published package: ESM and its declarations, dependencies left to the app's bundler. */
export default defineConfig({
  // The bin keeps its name (and cli.ts its shebang): npx runs it as `chat-engine check-backend …`.
  entry: { index: 'index.ts', browser: 'browser.ts', 'check-backend': 'checker/cli.ts' },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // Declarations by oxc's isolated declarations (every export typed explicitly), as the other
  // packages': about 1 s where the compiler took 10–14 s each time the package is packed.
  dts: { oxc: true },
  tsconfig: '../tsconfig.json',
});
