import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin } from 'vite';
import { createApp, type AppOptions } from './app.ts';
import { devControlsFromEnv } from './node.ts';

/** A Vite plugin that serves the reference API under /api/ in `vite` (dev) and `vite preview`. */
export function referenceServer(options: AppOptions = {}): Plugin {
  const app = createApp({ ...options, devControls: options.devControls ?? devControlsFromEnv() });
  // Vite's own code shares the process, so the adapter must not swap the global Request/Response.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url?.startsWith('/api/')) listener(req, res).catch(next);
    else next();
  };
  return {
    name: 'reference-server',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}
