import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/** Our modules that import Lingui's macros (`@lingui/react/macro`, `@lingui/core/macro`). */
const SOURCE = { include: /\.tsx?(?:$|\?)/, exclude: /[\\/]node_modules[\\/]/ };
const MACRO = /from ['"]@lingui\/(?:react|core)\/macro['"]/;

/**
 * Lingui's macros (`<Trans>`, `t`, `plural`) compiled by their Babel plugin, in the modules that
 * import them; every other module is left to Vite. Vite 8's React plugin has no Babel option, and
 * @rolldown/plugin-babel needs Node ≥ 22.12 where the project supports Node ≥ 20.19: this is the
 * few lines of it the project needs, on @babel/core (Node ≥ 6.9).
 */
export function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    // Before the React plugin and Vite's own TypeScript transform: the macros need the source's imports.
    enforce: 'pre',
    transform: {
      filter: { id: SOURCE, code: MACRO },
      async handler(code, id) {
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { sourceType: 'module', plugins: /\.tsx(?:$|\?)/.test(id) ? ['typescript', 'jsx'] : ['typescript'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code == null ? null : { code: result.code, map: result.map };
      },
    },
  };
}
