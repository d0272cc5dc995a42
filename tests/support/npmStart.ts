import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

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
 * the dist/ that is already there, and the API, with a fresh in-memory store), with its dev controls
 * on, on `port`, a free
 * one when omitted; resolves once it listens. Stopping it ends the process (its store with it), so
 * a test can restart a server on the same port, as a backend that restarts does.
 */
export async function startServerProcess(port?: number): Promise<ServerProcess> {
  // The suite drives the simulated agent through the dev controls, which npm start leaves off.
  const env = { ...process.env, NODE_ENV: 'production', DEV_CONTROLS: '1' };
  const listenOn = port ?? (await freePort());
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/node.ts'], { env: { ...env, PORT: String(listenOn) }, stdio: ['ignore', 'pipe', 'inherit'] });
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
 * Builds the widget and starts the server exactly as `npm start` does (a production build, then one
 * Node process serving dist/ and the API) on a free port; resolves its origin and a stop function.
 */
export async function startLikeNpmStart(): Promise<{ url: string; stop: () => Promise<void> }> {
  // npm start's build (the widget, then the loader); its output only when it fails.
  execFileSync('npm', ['run', '--silent', 'bundle'], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const { url, stop } = await startServerProcess();
  return { url, stop };
}
