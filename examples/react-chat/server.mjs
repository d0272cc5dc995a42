// The example rendered on the server (docs/server-rendering.md): every page is index.html of the
// client build (dist/) with the app's HTML from renderToString (dist-ssr/render.js) in its root, which
// src/main.tsx hydrates. Build both first: npm run build && npm run build:ssr; then PORT=4173 node server.mjs.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, normalize } from 'node:path';
import { render } from './dist-ssr/render.js';

const dist = new URL('./dist/', import.meta.url);
const page = await readFile(new URL('index.html', dist), 'utf8');
const ROOT = '<div id="root"></div>';
if (!page.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const port = Number(process.env.PORT ?? 4173);

createServer(async (req, res) => {
  const path = normalize(new URL(req.url ?? '/', 'http://localhost').pathname);
  if (path.startsWith('/assets/')) {
    const file = await readFile(new URL(`.${path}`, dist)).catch(() => null);
    if (!file) return res.writeHead(404).end();
    return res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(file);
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page.replace(ROOT, `<div id="root">${render()}</div>`));
}).listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}`));
