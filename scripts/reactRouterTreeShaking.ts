import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const DEVELOPMENT_BUILD = '/react-router/dist/development/';
const PRODUCTION_BUILD = '/react-router/dist/production/';
/** Top-level React calls in react-router's bundle; all are pure, none is annotated as such. */
const REACT_CALL = /\bReact\d*\.(?:forwardRef|createContext|memo)\(/g;
/** `Link.displayName = "Link";` — a name for React DevTools, kept alive every component it names. */
const DISPLAY_NAME = /^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*\n/gm;

/**
 * Lets `vite build` drop the parts of react-router the widget does not use (−4.3 kB gzip on the first
 * screen). react-router 7 resolves to its development build even in production builds
 * (remix-run/react-router#12532, #14753): this plugin takes its production build instead (dev
 * warnings off). Its bundle also calls `React.forwardRef`/`createContext` at the top level without a
 * pure annotation and names each component with a `displayName` assignment, so the bundler must keep
 * Link, NavLink, Form, prefetching and their helpers though nothing imports them. In production the
 * plugin marks those calls pure and leaves the DevTools names out; the size check in
 * tests/bench/size.test.ts fails if a react-router update makes this stop working.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    enforce: 'pre',
    apply: 'build',
    resolveId: {
      filter: { id: /^react-router(?:\/|$)/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved?.id.includes(DEVELOPMENT_BUILD)) return resolved;
        return { ...resolved, id: resolved.id.replace(DEVELOPMENT_BUILD, PRODUCTION_BUILD) };
      },
    },
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code, id) {
        const s = new MagicString(code);
        for (const match of code.matchAll(REACT_CALL)) s.appendLeft(match.index, '/* @__PURE__ */ ');
        for (const match of code.matchAll(DISPLAY_NAME)) s.remove(match.index, match.index + match[0].length);
        if (!s.hasChanged()) return null;
        return { code: s.toString(), map: s.generateMap({ hires: 'boundary', source: id }) };
      },
    },
  };
}
