import { once } from 'node:events';
import { createServer, type Server } from 'node:http';

/*
 * A host page's own site for the loader's browser tests (loader.test.ts, focusHeader.test.ts): the
 * shop pages come from a tiny server on 127.0.0.1 (Chromium's Local Network Access blocks a "public"
 * page, one fulfilled by page.route included, from loading scripts from localhost), another origin
 * than the chat's http://localhost:PORT.
 */

/** A tiny site on 127.0.0.1: pages registered by path, served as HTML. */
export interface Site {
  origin: string;
  /** Serves `html` at a new path of this site, with `headers` (say, a Content-Security-Policy); returns its URL. */
  page(html: string, headers?: Record<string, string>): string;
  close(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const server: Server = createServer((req, res) => {
    const page = pages.get((req.url ?? '/').split('?')[0] ?? '/');
    res.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...page?.headers });
    res.end(page?.html ?? 'not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the site does not listen');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    page(html, headers = {}) {
      const path = `/p${pages.size + 1}/`;
      pages.set(path, { html, headers });
      return `${origin}${path}`;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
