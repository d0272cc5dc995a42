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
  // Declarations by oxc's isolated declarations (every export typed explicitly), as the loader's:
  // about 1 s where the compiler took 10–14 s each time the package is packed.
  dts: { oxc: true },
  tsconfig: '../../tsconfig.json',
});
