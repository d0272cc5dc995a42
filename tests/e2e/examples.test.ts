import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/npmStart';
import { useBrowser } from './browser';

/**
 * Issue 14: examples/react-chat installed the way an outside project installs the packages — from
 * the tarballs `npm pack` makes, into a folder of its own with its own node_modules, once with
 * React 19 (its package.json) and once with React 18 — then type-checked with its strict tsconfig,
 * built, served by `vite preview` and chatting with the reference server on another origin (CORS),
 * and, through the example's Vite proxy, on its own. Its second page (launcher.html) puts the whole
 * widget on the app's page through @visitor-chat/loader, installed from its tarball too (issue 29). And the React 19 app
 * rendered on the server (its server.mjs: renderToString of its SSR build) and hydrated (issue 29).
 */

const run = promisify(execFile);
const EXAMPLE = resolve('examples/react-chat');
const work = mkdtempSync(join(tmpdir(), 'visitor-chat-examples-'));
const baseUrl = inject('baseUrl');

/** Runs a command to its end; its output is kept for the failure message only. */
async function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<void> {
  try {
    await run(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 });
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: e });
  }
}

/** The example copied into a folder of its own, the packed packages installed in it (and `extra`, e.g. React 18). */
async function installApp(name: string, tarballs: string[], extra: string[]): Promise<string> {
  const app = join(work, name);
  cpSync(EXAMPLE, app, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
  await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs, ...extra], app);
  return app;
}

/** `vite preview` of a build on a free port; resolves its origin once it answers. */
async function preview(app: string, outDir: string, env: Record<string, string> = {}): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  // Vite 8.4 refuses a second server of one project (a lock) unless told; the example previews two
  // builds of one folder at once. Older versions refuse the option itself.
  const vite = JSON.parse(readFileSync(join(app, 'node_modules/vite/package.json'), 'utf8')) as { version: string };
  const [major = 0, minor = 0] = vite.version.split('.').map(Number);
  const lock = major > 8 || (major === 8 && minor >= 4) ? ['--bypass-lock'] : [];
  const server = spawn(
    join(app, 'node_modules/.bin/vite'),
    ['preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort', ...lock],
    {
      cwd: app,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((ready, fail) => {
    server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes(String(port)) && ready());
    server.once('exit', (code) => fail(new Error(`vite preview exited (${code})`)));
  });
  return { url, server };
}

/** The example's server.mjs (server rendering) on a free port; resolves its origin once it listens. */
async function serveRendered(app: string): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn(process.execPath, ['server.mjs'], { cwd: app, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((ready, fail) => {
    server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes(url) && ready());
    server.once('exit', (code) => fail(new Error(`server.mjs exited (${code})`)));
  });
  return { url, server };
}

const apps: Record<'react18' | 'react19' | 'react19proxy' | 'react19ssr', { url: string; server: ChildProcess }> = {} as never;
let react19App = '';

beforeAll(async () => {
  const packs = join(work, 'packs');
  mkdirSync(packs);
  // prepack builds each package (tsdown) first, the engine before the hooks that import its types.
  await sh('npm', ['pack', '--workspace', 'engine', '--workspace', 'ui/hooks', '--workspace', 'ui/loader', '--pack-destination', packs], process.cwd());
  const tarballs = readdirSync(packs).map((f) => join(packs, f));
  expect(tarballs).toHaveLength(3);

  const [react19, react18] = await Promise.all([
    installApp('react19', tarballs, []),
    installApp('react18', tarballs, ['react@^18.3.1', 'react-dom@^18.3.1', '@types/react@^18.3.0', '@types/react-dom@^18.3.0']),
  ]);
  // Its build script type-checks first (tsc with exactOptionalPropertyTypes and the other strict flags).
  // launcher.html opens the widget the reference server serves under /chat/.
  const acrossOrigins = { VITE_CHAT_API_BASE: baseUrl, VITE_CHAT_URL: new URL('/chat/', baseUrl).href };
  await Promise.all([sh('npm', ['run', 'build'], react19, acrossOrigins), sh('npm', ['run', 'build'], react18, acrossOrigins)]);
  // The proxied build, and the server's build of the app for server rendering (issue 29): one after
  // the other, as Vite (8.4) refuses a second build of a project while one runs.
  await sh('npx', ['vite', 'build', '--outDir', 'dist-proxy'], react19);
  await sh('npm', ['run', 'build:ssr'], react19, acrossOrigins);
  react19App = react19;

  apps.react19 = await preview(react19, 'dist');
  apps.react18 = await preview(react18, 'dist');
  apps.react19proxy = await preview(react19, 'dist-proxy', { CHAT_BACKEND: baseUrl });
  apps.react19ssr = await serveRendered(react19);
}, 600_000);

afterAll(async () => {
  await Promise.all(
    Object.values(apps).map(async ({ server }) => {
      if (server.exitCode !== null) return;
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    }),
  );
  rmSync(work, { recursive: true, force: true });
});

describe('examples/react-chat, installed from the packed packages as an outside app (issues 14, 29)', () => {
  const s = useBrowser({ width: 800, height: 700 });

  it.each([
    ['React 19, backend on another origin', 'react19', /^React 19\./],
    ['React 18, backend on another origin', 'react18', /^React 18\./],
    ['React 19, backend through the Vite proxy', 'react19proxy', /^React 19\./],
  ] as const)('%s: the robot greets, a question gets its answer, nothing is logged as an error', async (_name, key, react) => {
    const { page } = s;
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    const apiOrigins = new Set<string>();
    page.on('request', (r) => r.url().includes('/api/chat/visitor/') && apiOrigins.add(new URL(r.url()).origin));

    await page.goto(apps[key].url);
    await expect.poll(() => page.getByText(/^React \d/).textContent()).toMatch(react);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText(/I'm Robo/).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('How long does shipping take?');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText(/Standard shipping takes 3–5 business days/).waitFor();

    expect([...apiOrigins]).toEqual([key === 'react19proxy' ? apps[key].url : new URL(baseUrl).origin]);
    expect(problems).toEqual([]);
  });

  // Issue 29 (docs/server-rendering.md): server rendering with hydration, in the same browser.
  it('React 19 rendered on the server: the HTML holds the chat, hydration keeps it with no error or warning, then it chats', async () => {
    // The hooks' bundle is a client module, so that a server component may import ChatProvider.
    const hooks = readFileSync(join(react19App, 'node_modules/@visitor-chat/chat-react/dist/index.js'), 'utf8');
    expect(hooks.startsWith("'use client';\n")).toBe(true);

    const { page } = s;
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(`${m.type()}: ${m.text()}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    // The server's <main> as the parser makes it: hydration keeps that node, a client render would replace it.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const main = document.querySelector('main');
        if (!main) return;
        Object.assign(window, { serverMain: main });
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });

    const html = await (await page.goto(apps.react19ssr.url))?.text();
    expect(html).toContain('<ol class="messages" role="log" aria-label="Messages">');
    expect(html).toMatch(/<span>React <!-- -->19\./);

    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText(/I'm Robo/).waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('How long does shipping take?');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText(/Standard shipping takes 3–5 business days/).waitFor();

    expect(await page.evaluate(() => (window as { serverMain?: Element }).serverMain === document.querySelector('main'))).toBe(true);
    expect(problems).toEqual([]);
  });

  // React 19 only in the browser (React 18's strict build type-checks launcher.tsx all the same): each
  // second of this file counts against CI's 20 minutes.
  it.each([['React 19', 'react19']] as const)(
    '%s, @visitor-chat/loader: the page’s own button opens the widget, the robot greets, and the button follows the loader’s launcher',
    async (_name, key) => {
      const { page } = s;
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));

      await page.goto(`${apps[key].url}/launcher.html`);
      await page.getByRole('button', { name: 'Ask us' }).click();
      // The widget, from the chat's origin, in the loader's panel (Playwright's selectors enter its open shadow root).
      const chat = page.frameLocator('visitor-chat iframe');
      await chat
        .getByRole('log')
        .getByText(/I'm Robo/)
        .waitFor();
      expect(new URL((await page.locator('visitor-chat iframe').getAttribute('src')) ?? '').origin).toBe(new URL(baseUrl).origin);

      // The loader's own launcher closes it; the page's button (useVisitorChat) says so.
      const launcher = page.locator('visitor-chat').getByRole('button', { name: 'Chat' });
      expect(await launcher.getAttribute('aria-expanded')).toBe('true');
      await launcher.click();
      expect(await page.getByRole('button', { name: 'Ask us' }).getAttribute('aria-expanded')).toBe('false');
      expect(problems).toEqual([]);
    },
  );
});

describe('the packed engine tree-shakes to what an app imports (issue 29)', () => {
  // Bundled by Vite from the React 19 app's node_modules, minified: what the app ships for one import.
  it.each([
    ['one constant', 'CardCode'],
    ['one rule', 'canSendText'],
  ])('%s (%s): under 1 kB brotli, and no reducer', async (_what, name) => {
    const app = join(work, 'react19');
    writeFileSync(join(app, 'oneImport.js'), `import { ${name} } from '@visitor-chat/chat-engine';\nconsole.log(${name});\n`);
    const built = await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: true, lib: { entry: 'oneImport.js', formats: ['es'] } },
    });
    const code = [built]
      .flat()
      .flatMap((b) => ('output' in b ? b.output : []))
      .flatMap((o) => (o.type === 'chunk' ? [o.code] : []))
      .join('');
    const brotli = brotliCompressSync(code).byteLength;
    console.log(`import { ${name} } from the packed engine: ${code.length} B minified, ${brotli} B brotli`);
    expect(brotli).toBeLessThan(1024);
    // Reducer cases (their intent types are kept by the minifier): none of them shipped.
    expect(code).not.toMatch(/sessionStarted|channelLoaded|messageDeleted/);
  });
});
