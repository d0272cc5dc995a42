import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { DEFAULT_RUNTIME, RUNTIME_VARIABLE, type WidgetRuntime } from '../../scripts/widgetRuntime';

/** Where `npm run bundle` builds the widget, and what `npm start` serves. */
const DEFAULT_BUILD_DIR = 'dist';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** A server process (server/node.ts) that listens: its origin, its port, and how to stop it. */
export interface ServerProcess {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts the server process exactly as `npm start` does after its build (one Node process serving
 * the build that is already there, and the API, with a fresh in-memory store), with its dev
 * controls on, on `port`, a free one when omitted; resolves once it listens. `distDir` other than
 * dist/ (a second build beside the default one) is served by the same host through
 * tests/support/serveBuild.ts. Stopping it ends the process (its store with it), so a test can
 * restart a server on the same port, as a backend that restarts does. `env` adds to its environment
 * (e.g. ROBOT_URL).
 */
export async function startServerProcess({
  port,
  distDir = DEFAULT_BUILD_DIR,
  env: extra = {},
}: { port?: number; distDir?: string; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  // The suite drives the simulated agent through the dev controls, which npm start leaves off.
  const env = { ...process.env, ...extra, NODE_ENV: 'production', DEV_CONTROLS: '1' };
  const listenOn = port ?? (await freePort());
  const entry = distDir === DEFAULT_BUILD_DIR ? ['server/node.ts'] : ['tests/support/serveBuild.ts', distDir];
  const server = spawn(process.execPath, ['--import', 'tsx', ...entry], { env: { ...env, PORT: String(listenOn) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Chat widget: (http:\/\/[^/\s]+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  return {
    url,
    port: listenOn,
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = once(server, 'exit');
      server.kill();
      await exited;
    },
  };
}

/**
 * The folder a test or bench build of `runtime` goes to: the default runtime's is dist/, as
 * `npm start` builds it; another's a folder of its own, so that both builds can be served at once.
 */
const buildDirOf = (runtime: WidgetRuntime): string => (runtime === DEFAULT_RUNTIME ? DEFAULT_BUILD_DIR : `${DEFAULT_BUILD_DIR}-${runtime}`);

/** A served build: its origin, its folder, and how to stop its server. */
export interface ServedBuild {
  url: string;
  distDir: string;
  stop: () => Promise<void>;
}

/**
 * Builds the widget on `runtime` and starts the server as `npm start` does (a production build,
 * then one Node process serving it and the API) on a free port. The default runtime is built by
 * npm start's own script; another by the same two builds with WIDGET_RUNTIME set, into its folder.
 * `env` adds to the server's environment (startServerProcess).
 */
export async function startLikeNpmStart(runtime: WidgetRuntime = DEFAULT_RUNTIME, { env }: { env?: Record<string, string> } = {}): Promise<ServedBuild> {
  const distDir = buildDirOf(runtime);
  // Each build's output only when it fails.
  const build = (command: string, args: string[]) =>
    execFileSync(command, args, { env: { ...process.env, NODE_ENV: 'production', [RUNTIME_VARIABLE]: runtime }, stdio: ['ignore', 'pipe', 'inherit'] });
  if (distDir === DEFAULT_BUILD_DIR) build('npm', ['run', '--silent', 'bundle']);
  else
    for (const config of ['vite.config.ts', 'vite.loader.config.ts'])
      build('npx', ['vite', 'build', '--config', config, '--outDir', distDir, '--logLevel', 'warn']);
  const { url, stop } = await startServerProcess({ distDir, ...(env && { env }) });
  return { url, distDir, stop };
}
