import { defineConfig } from 'tsdown';

/** The published package: ESM and its declarations, dependencies left to the app's bundler. */
export default defineConfig({
  entry: ['index.ts'],
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  tsconfig: '../../tsconfig.json',
});
