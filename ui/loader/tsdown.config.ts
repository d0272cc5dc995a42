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
  dts: true,
  tsconfig: '../../tsconfig.json',
  plugins: [loaderLabelsModule()],
});
