import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../engine/constants.ts';
import { createApp, type AppOptions } from './app.ts';
import { PRESETS } from './presets.ts';
import { robotFromEnv } from './robotAsk.ts';

/** Options of the Node host. */
export interface HostOptions extends AppOptions {
  /** Port to listen on; 0 picks a free one. */
  port?: number;
  /** Address to listen on: loopback (127.0.0.1) unless told otherwise (HOST). */
  host?: string;
  /** The built widget (`vite build` output). */
  distDir?: string;
  /** Print nothing on start (tests). */
  quiet?: boolean;
  /**
   * Who may frame the chat (CSP frame-ancestors sources, e.g. `https://shop.example`); from the
   * FRAME_ANCESTORS environment variable (spaces or commas between sources) by default, and `*`
   * (anyone: the demo) when that is not set.
   */
  frameAncestors?: readonly string[];
  /**
   * The origins whose pages may call the visitor API (CORS, e.g. `https://shop.example`); from the
   * CORS_ORIGINS environment variable by default, and `*` (any origin: the demo) when that is not set.
   */
  corsOrigins?: readonly string[];
  /**
   * The other origins the chat page may load card modules from (docs/protocol.md "Card modules";
   * its CSP `script-src 'self' …`, e.g. `https://cards.shop.example`); from the CARD_MODULE_ORIGINS
   * environment variable by default, and none (the chat's own origin only) when that is not set.
   */
  cardModuleOrigins?: readonly string[];
}

/** A listening Node host. */
export interface RunningServer {
  server: ServerType;
  port: number;
  /** The origin, e.g. http://localhost:8080 (the widget is at {url}/chat/). */
  url: string;
  close: () => Promise<void>;
}

const DEFAULT_PORT = 8080;
const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const WIDGET_PATH = '/chat';
/** How long a browser may reuse a CORS preflight's answer (10 minutes: Chromium's cap is 2 hours). */
const CORS_MAX_AGE_S = 600;
/** The demo shop page: a host page that embeds the chat with the loader script (docs/embedding.md). */
export const DEMO_PATH = '/demo';
const DEMO_FILE = fileURLToPath(new URL('./demo/index.html', import.meta.url));

/** The demo shop page's HTML, read on each request so that an edit shows on the next reload. */
export function readDemoPage(): Promise<string> {
  return readFile(DEMO_FILE, 'utf8');
}

/** The address listened on by default: this machine only. */
const LOOPBACK = '127.0.0.1';

/** The address to listen on: HOST, else loopback, so a newcomer's `npm start` is not on the network. */
export function hostFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST?.trim() || LOOPBACK;
}

/** Whether an address to listen on reaches this machine only (the IPv4 loopback block, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** How a browser on this machine reaches an address listened on: loopback and the wildcards (0.0.0.0, ::) as localhost. */
function browsableHost(host: string): string {
  if (isLoopback(host) || /^(0\.0\.0\.0|\[?::\]?)$/.test(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The dev controls (POST /api/dev/*: make the agent say anything to any visitor, end their
 * session) are on only when asked for, DEV_CONTROLS=1, and only on a loopback address unless
 * DEV_CONTROLS_ON_NETWORK=1 says so as well: anyone who can reach them can speak as the agent.
 * Asked for where they stay off, one line says why.
 */
export function devControlsFromEnv(env: NodeJS.ProcessEnv = process.env, host = hostFromEnv(env), warn: (line: string) => void = console.warn): boolean {
  if (env.DEV_CONTROLS !== '1') return false;
  if (isLoopback(host) || env.DEV_CONTROLS_ON_NETWORK === '1') return true;
  warn(`DEV_CONTROLS: off, because the server listens on ${host}, beyond this machine; DEV_CONTROLS_ON_NETWORK=1 turns them on there too`);
  return false;
}

/** Push is offered (channelInfo `eventStream`) unless PUSH=0: then every widget polls, as SPEC §7 alone does. */
export function pushFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PUSH !== '0';
}

/** The host-page loader (vite.loader.config.ts). */
const LOADER_PATH = `${WIDGET_PATH}/loader.js`;
/** Built files with a content hash in their name: a new build gives new names. */
const HASHED_ASSETS = /^\/chat\/assets\//;

/**
 * Caching of the built widget: hashed assets are kept for a year without revalidation; the page
 * (and anything unhashed) is revalidated on each load, so a new build is picked up at once.
 * Responses vary with Accept-Encoding: a file is served as .br, .gz or plain.
 */
function cacheHeaders(_path: string, c: Context): void {
  c.header('Cache-Control', HASHED_ASSETS.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (!c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
  // The loader names no source map in its body (bytes on every host page view): devtools find it here.
  if (c.req.path === LOADER_PATH) c.header('SourceMap', `${LOADER_PATH}.map`);
}

/** A CSP source expression frame-ancestors accepts: a keyword, a scheme, or a host with optional scheme, wildcard and port. */
const FRAME_SOURCE = /^(\*|'self'|'none'|[a-z][a-z0-9+.-]*:|([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?)$/i;

/**
 * The frame-ancestors allow-list from FRAME_ANCESTORS: `*` when unset or empty (the demo: any page
 * may frame it). A list with anything that is not a CSP source (a typo, a whole policy pasted in)
 * logs a line and lets nobody frame the chat ('none'): a list meant to restrict framing must never
 * end up wider than it was meant.
 */
export function frameAncestorsFromEnv(env: NodeJS.ProcessEnv = process.env, warn: (line: string) => void = console.warn): string[] {
  const raw = env.FRAME_ANCESTORS?.trim();
  if (!raw) return ['*'];
  const sources = raw.split(/[\s,]+/);
  const bad = sources.filter((source) => !FRAME_SOURCE.test(source));
  if (bad.length === 0) return sources;
  warn(`FRAME_ANCESTORS: ${bad.map((source) => `"${source}"`).join(', ')} not a CSP source; nobody may frame the chat until it is fixed`);
  return ["'none'"];
}

/** A CORS allow-list entry: `*`, or an origin (scheme, host and port, nothing more). */
function isOrigin(entry: string): boolean {
  if (entry === '*') return true;
  try {
    return new URL(entry).origin === entry;
  } catch {
    return false;
  }
}

/**
 * The origins whose pages may call the visitor API from the browser (CORS), from CORS_ORIGINS
 * (spaces or commas between origins): `*` when unset or empty (the demo: a widget or an app on any
 * origin may use this backend). A list with anything that is not an origin logs a line and lets no
 * other origin call the API, never more than was meant.
 */
export function corsOriginsFromEnv(env: NodeJS.ProcessEnv = process.env, warn: (line: string) => void = console.warn): string[] {
  const raw = env.CORS_ORIGINS?.trim();
  if (!raw) return ['*'];
  const origins = raw.split(/[\s,]+/);
  const bad = origins.filter((origin) => !isOrigin(origin));
  if (bad.length === 0) return origins;
  warn(
    `CORS_ORIGINS: ${bad.map((origin) => `"${origin}"`).join(', ')} not an origin (like https://shop.example); no other origin may call the API until it is fixed`,
  );
  return [];
}

/**
 * The origins besides its own that the chat page may load card modules from, from
 * CARD_MODULE_ORIGINS (spaces or commas between origins): none when unset or empty. An entry that
 * is not an origin (`*`, a path, a typo) is dropped with a log line: the list never allows more
 * than was meant.
 */
export function cardModuleOriginsFromEnv(env: NodeJS.ProcessEnv = process.env, warn: (line: string) => void = console.warn): string[] {
  const raw = env.CARD_MODULE_ORIGINS?.trim();
  if (!raw) return [];
  const entries = raw.split(/[\s,]+/);
  const bad = entries.filter((entry) => entry === '*' || !isOrigin(entry));
  if (bad.length > 0) warn(`CARD_MODULE_ORIGINS: ${bad.map((entry) => `"${entry}"`).join(', ')} not an origin (like https://cards.example); ignored`);
  return entries.filter((entry) => !bad.includes(entry));
}

/**
 * The chat page's Content-Security-Policy: who may frame it, and where its scripts may come from —
 * its own origin and the card modules' (no inline script, no plugin).
 */
export function chatPagePolicy(frameAncestors: readonly string[], cardModuleOrigins: readonly string[]): string {
  return [`frame-ancestors ${frameAncestors.join(' ')}`, `script-src ${["'self'", ...cardModuleOrigins].join(' ')}`, "object-src 'none'"].join('; ');
}

/** Redirects to the widget, keeping the query string (the channel id travels there). */
function toWidget(c: Context): Response {
  return c.redirect(`${WIDGET_PATH}/${new URL(c.req.url).search}`);
}

/** The host's fetch handler: the API, the built widget under /chat/ with SPA fallback, / → /chat/, and the demo shop under /demo/. */
export function createHost({
  distDir = DEFAULT_DIST_DIR,
  frameAncestors,
  corsOrigins,
  cardModuleOrigins,
  ...appOptions
}: Omit<HostOptions, 'port' | 'host' | 'quiet'> = {}): Hono {
  const api = createApp({
    ...robotFromEnv(),
    ...appOptions,
    devControls: appOptions.devControls ?? devControlsFromEnv(),
    push: appOptions.push ?? pushFromEnv(),
  });
  const host = new Hono();
  // A widget or an app on another origin (apiBase) calls the visitor API across origins: Hono's CORS
  // answers the preflight of its JSON POSTs and marks the answers readable by the allowed origins.
  const allowed = corsOrigins ?? corsOriginsFromEnv();
  host.use(
    `${API_PREFIX}*`,
    cors({
      origin: (origin) => (allowed.includes('*') ? '*' : allowed.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type'],
      // robotAsk's stream names its protocol in this header (the widget reads the Content-Type too).
      exposeHeaders: ['x-vercel-ai-ui-message-stream'],
      maxAge: CORS_MAX_AGE_S,
    }),
  );
  host.all('/api/*', (c) => api.fetch(c.req.raw));
  // The deployment decides which sites may frame the chat (clickjacking: a page that frames it
  // otherwise could dress it up and have a visitor type into it).
  // Its scripts come from the chat's own origin and the card modules' (docs/protocol.md "Card modules").
  const policy = chatPagePolicy(frameAncestors ?? frameAncestorsFromEnv(), cardModuleOrigins ?? cardModuleOriginsFromEnv());
  host.use(`${WIDGET_PATH}/*`, async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
  });
  host.get('/', toWidget);
  host.get(WIDGET_PATH, toWidget);
  // The demo shop is a host page, not the chat: it gets no frame-ancestors policy.
  host.get(DEMO_PATH, (c) => c.redirect(`${DEMO_PATH}/`));
  host.get(`${DEMO_PATH}/`, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(await readDemoPage());
  });
  // Precompressed: the build writes .br and .gz beside each file (scripts/precompress.ts).
  const files = { precompressed: true, onFound: cacheHeaders };
  host.use(`${WIDGET_PATH}/*`, serveStatic({ root: distDir, rewriteRequestPath: (path) => path.slice(WIDGET_PATH.length), ...files }));
  // Any other /chat/* path is a client-side route: the SPA's index.html answers it.
  host.get(`${WIDGET_PATH}/*`, serveStatic({ path: join(distDir, 'index.html'), ...files }));
  host.get(`${WIDGET_PATH}/*`, (c) => c.text('The widget is not built yet: run `npm run build` first.', 404));
  return host;
}

/** Starts the Node host and, unless quiet, prints where the widget is; resolves once it listens. */
export function startServer({ port = DEFAULT_PORT, host = hostFromEnv(), quiet = false, ...options }: HostOptions = {}): Promise<RunningServer> {
  const devControls = options.devControls ?? devControlsFromEnv(process.env, host);
  const app = createHost({ ...options, devControls });
  return new Promise((resolveStart, rejectStart) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
      const url = `http://${browsableHost(host)}:${info.port}`;
      if (!quiet) {
        console.log(`Chat widget: ${url}${WIDGET_PATH}/?channelid=demo`);
        console.log(`Listening on ${host}${isLoopback(host) ? ' (this machine only; HOST=0.0.0.0 listens on every interface)' : ''}`);
        console.log(`Demo shop page: ${url}${DEMO_PATH}/`);
        console.log(`Channels (?channelid=): ${Object.keys(PRESETS).join(', ')}`);
        console.log(`Dev controls (POST /api/dev/*): ${devControls ? 'on' : 'off; DEV_CONTROLS=1 turns them on'}`);
      }
      resolveStart({
        server,
        port: info.port,
        url,
        close: () => new Promise((resolveClose, rejectClose) => server.close((error) => (error ? rejectClose(error) : resolveClose()))),
      });
    });
    server.once('error', rejectStart);
  });
}

// `npm start` (node --import tsx server/node.ts): PORT picks the port, HOST the address.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  startServer({ port: Number(process.env.PORT) || DEFAULT_PORT }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
