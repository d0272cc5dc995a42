import { basename, extname, resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

export interface EarlyModulesOptions {
  /**
   * Modules that run on their own beside the page's entry, from an async module script of
   * index.html: each is built as an entry of its own, without what the page's entry carries.
   */
  run: readonly string[];
  /** Lazily loaded modules whose chunks, imports and CSS index.html preloads. */
  preload: readonly string[];
}

/**
 * Starts work before the page's entry has run, so that the first screen waits for fewer round
 * trips: modules that `run` at once in parallel with the entry (the chat's engine makes its first
 * requests while React downloads), and lazily loaded modules that the browser `preload`s beside it
 * instead of fetching after the entry has run and rendered. Paths are from the project root.
 */
export function earlyModules({ run, preload }: EarlyModulesOptions): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'early-modules',
    apply: 'build',
    config(config) {
      const projectRoot = resolve(config.root ?? process.cwd());
      const inputs = Object.fromEntries(run.map((id) => [basename(id, extname(id)), resolve(projectRoot, id)]));
      return { build: { rolldownOptions: { input: { index: resolve(projectRoot, 'index.html'), ...inputs } } } };
    },
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const chunkOf = (id: string): Rolldown.OutputChunk => {
          const path = resolve(root, id).replaceAll('\\', '/');
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/') === path);
          if (!chunk) throw new Error(`earlyModules: no chunk is built from ${id}`);
          return chunk;
        };
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('.html'));
        // Vite's own tags load the page's entry and preload its imports.
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk || loaded.has(fileName) || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        const runs = run.map(chunkOf);
        for (const chunk of [...runs, ...preload.map(chunkOf)]) visit(chunk.fileName);
        runs.forEach((chunk) => scripts.delete(chunk.fileName));
        const tag = (tagName: string, attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({ tag: tagName, attrs, injectTo: 'head' });
        return [
          // Async: each runs as soon as it has arrived, not after the page's entry.
          ...runs.map((chunk) => tag('script', { type: 'module', async: true, crossorigin: true, src: base + chunk.fileName })),
          ...[...scripts].map((file) => tag('link', { rel: 'modulepreload', crossorigin: true, href: base + file })),
          // Vite's loader adds these as (crossorigin) stylesheets when the module is imported; a preload does not block rendering.
          ...[...styles].map((file) => tag('link', { rel: 'preload', as: 'style', crossorigin: true, href: base + file })),
        ];
      },
    },
  };
}
