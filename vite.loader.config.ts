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
    sourcemap: true,
    lib: { entry: 'ui/loader/script.ts', formats: ['iife'], name: 'VisitorChatLoader', fileName: () => 'loader.js' },
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
