import { defineConfig } from 'tsdown';

/**
 * The published package: ESM and its declarations, dependencies left to the app's bundler. Its
 * code opens with 'use client' (docs/server-rendering.md): the hooks hold state and subscribe, so
 * they run in client components, and a server component (Next.js App Router) may import
 * `ChatProvider` and render it with server-made props. A banner, since the bundler drops the
 * directive of a module it merges.
 */
export default defineConfig({
  entry: ['index.ts'],
  banner: { js: "'use client';" },
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  tsconfig: '../../tsconfig.json',
});
