import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The renderer the widget runs on. Its code, and the hooks under it, are written against React's
 * API; `react` (the default, what the product asks for) renders with React 19, `preact` with
 * Preact 11 through preact/compat — the same source, a lighter first screen (docs/sizes.md).
 */
export type WidgetRuntime = 'react' | 'preact';

export const WIDGET_RUNTIMES: readonly WidgetRuntime[] = ['react', 'preact'];

/** What ships unless WIDGET_RUNTIME says otherwise: npm start, npm run bundle and dev, dist/. */
export const DEFAULT_RUNTIME: WidgetRuntime = 'react';

/** The one switch: `WIDGET_RUNTIME=preact npm run bundle` (or `npm start`, `npm run dev`). */
export const RUNTIME_VARIABLE = 'WIDGET_RUNTIME';

/**
 * The runtime a build or dev server takes: WIDGET_RUNTIME, the default when unset or empty.
 * Anything else fails the build rather than silently shipping the default.
 */
function widgetRuntime(env: NodeJS.ProcessEnv = process.env): WidgetRuntime {
  const value = env[RUNTIME_VARIABLE]?.trim() || DEFAULT_RUNTIME;
  const known = WIDGET_RUNTIMES.find((runtime) => runtime === value);
  if (!known) throw new Error(`${RUNTIME_VARIABLE}=${value}: use ${WIDGET_RUNTIMES.join(' or ')} (unset: ${DEFAULT_RUNTIME})`);
  return known;
}

/**
 * How imports of react and react-dom resolve for `runtime`: to themselves for React, to
 * preact/compat for Preact (the more specific paths first: an alias also matches what is under it).
 */
export function runtimeAliases(runtime: WidgetRuntime): Record<string, string> {
  if (runtime === 'react') return {};
  return {
    'react-dom/client': 'preact/compat/client',
    // The testing library's act (the dom-preact project); the widget does not import it.
    'react-dom/test-utils': 'preact/test-utils',
    'react-dom': 'preact/compat',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
    react: 'preact/compat',
  };
}

/**
 * The widget's build and dev server on the runtime WIDGET_RUNTIME names: the React plugin (JSX,
 * and React Fast Refresh in `npm run dev`) and the aliases. On Preact no module takes Fast Refresh:
 * its runtime finds no React to refresh, so an edit would not show; the page reloads instead.
 * Vitest's projects choose their runtime in vite.config.ts (mode 'test': `dom` on React,
 * `dom-preact` with runtimeAliases('preact')).
 */
export function widgetRuntimePlugins(): Plugin[] {
  const runtime = widgetRuntime();
  return [
    ...react(runtime === 'preact' ? { refreshExclude: /./ } : {}),
    {
      name: 'widget-runtime',
      config: (_, { mode }) => (mode === 'test' ? undefined : { resolve: { alias: runtimeAliases(runtime) } }),
    },
  ];
}
