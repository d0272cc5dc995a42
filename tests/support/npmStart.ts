import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Builds the widget and starts the server exactly as `npm start` does (a production build, then one
 * Node process serving dist/ and the API) on a free port; resolves its origin and a stop function.
 */
export async function startLikeNpmStart(): Promise<{ url: string; stop: () => Promise<void> }> {
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { env, stdio: 'inherit' });
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/node.ts'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
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
    stop: async () => {
      server.kill();
      await once(server, 'exit');
    },
  };
}
