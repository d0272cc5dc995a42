import { defineConfig } from 'tsdown';
import { loaderLabelsModule } from '../../scripts/loaderLabels.ts';

/**
 * The published package: ESM and its declarations, React left to the app's bundler. The launcher's
 * labels (`virtual:loader-labels`) are read from the catalogs here, as the widget's loader build
 * does, so that the app's bundler needs no plugin of ours.
 */
export default defineConfig({
  entry: { index: 'index.ts', react: 'react.ts' },
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  // Declarations by oxc's isolated declarations (every export is typed explicitly): about 1 s, where
  // the compiler took 20 s on CI's machine, each time tests/e2e/examples.test.ts packs the package.
  dts: { oxc: true },
  tsconfig: '../../tsconfig.json',
  plugins: [loaderLabelsModule()],
});
