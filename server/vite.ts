import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin } from 'vite';
import { createApp, type AppOptions } from './app.ts';
import { DEMO_PATH, devControlsFromEnv, pushFromEnv, readDemoPage } from './node.ts';
import { robotFromEnv } from './robotAsk.ts';

/**
 * The demo shop page, as the Node host serves it. Its loader script (/chat/loader.js) exists only
 * in a build: `vite preview` serves dist/loader.js, `vite` (dev) has none, so there the page shows
 * without the launcher.
 */
const demoPage: Connect.NextHandleFunction = (req, res, next) => {
  const path = req.url?.split('?')[0];
  if (path === DEMO_PATH) {
    res.writeHead(302, { Location: `${DEMO_PATH}/` }).end();
  } else if (path === `${DEMO_PATH}/` && (req.method === 'GET' || req.method === 'HEAD')) {
    readDemoPage().then((html) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : html);
    }, next);
  } else next();
};

/** The address a Vite server listens on (`server.host` / `preview.host`: true means every interface). */
function listenedOn(host: string | boolean | undefined): string {
  if (host === true) return '0.0.0.0';
  return typeof host === 'string' && host !== '' ? host : 'localhost';
}

/**
 * A Vite plugin that serves the reference API under /api/ and the demo shop page under /demo/ in
 * `vite` (dev) and `vite preview`. The dev controls follow DEV_CONTROLS as `npm start`'s do, judged
 * by the address the Vite server listens on (`--host` puts it on the network).
 */
export function referenceServer(options: AppOptions = {}): Plugin {
  const middleware = (host: string | boolean | undefined): Connect.NextHandleFunction => {
    const app = createApp({
      ...robotFromEnv(),
      ...options,
      devControls: options.devControls ?? devControlsFromEnv(process.env, listenedOn(host)),
      push: options.push ?? pushFromEnv(),
    });
    // Vite's own code shares the process, so the adapter must not swap the global Request/Response.
    const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
    return (req, res, next) => {
      if (req.url?.startsWith('/api/')) listener(req, res).catch(next);
      else demoPage(req, res, next);
    };
  };
  return {
    name: 'reference-server',
    configureServer: (server) => void server.middlewares.use(middleware(server.config.server.host)),
    configurePreviewServer: (server) => void server.middlewares.use(middleware(server.config.preview.host)),
  };
}
