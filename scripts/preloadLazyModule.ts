import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Makes index.html preload a lazily loaded module — its chunk, the chunks it imports and its CSS — so
 * that the browser fetches it beside the entry instead of after the entry has run and rendered:
 * one round trip less before the first screen. `moduleId` is its path from the project root.
 */
export function preloadLazyModule(moduleId: string): Plugin {
  let base = '/';
  return {
    name: 'preload-lazy-module',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const target = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${moduleId}`));
        if (!target) throw new Error(`preloadLazyModule: no chunk is built from ${moduleId}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          // The entry is loaded by index.html already.
          if (!chunk || chunk.isEntry || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(target.fileName);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' });
        return [
          ...[...scripts].map((file) => link({ rel: 'modulepreload', crossorigin: true, href: base + file })),
          // Vite's loader adds these as (crossorigin) stylesheets when the module is imported; a preload does not block rendering.
          ...[...styles].map((file) => link({ rel: 'preload', as: 'style', crossorigin: true, href: base + file })),
        ];
      },
    },
  };
}
