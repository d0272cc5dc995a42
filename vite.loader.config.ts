import { defineConfig } from 'vite';
import { loaderLabelsModule } from './scripts/loaderLabels.ts';
import { precompress } from './scripts/precompress.ts';

/**
 * The host-page loader (ui/loader/script.ts) as one classic script, `dist/loader.js` (served as
 * /chat/loader.js beside the widget): no framework, no chunks, an unhashed name that host pages
 * embed (the Node host revalidates it on each load). Built after the widget, into the same folder.
 */
export default defineConfig({
  plugins: [loaderLabelsModule(), precompress()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // The browsers the widget runs in.
    target: 'es2022',
    // Written beside it (dist/loader.js.map) but not named in it: the comment would be 24 of the
    // 3 kB brotli every page of the host's site loads (tests/bench/size.test.ts). Devtools take the
    // map when added by hand ("Add source map…"), or from a SourceMap response header.
    sourcemap: 'hidden',
    // Terser with three passes: 41 B brotli smaller than the default minifier (oxc) on this file,
    // whose every byte every page of the host's site loads.
    minify: 'terser',
    terserOptions: { ecma: 2022, compress: { passes: 3 } },
    lib: { entry: 'ui/loader/script.ts', formats: ['iife'], name: 'VisitorChatLoader', fileName: () => 'loader.js' },
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
