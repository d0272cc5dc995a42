/**
 * The load bench's server process (spawned by ./serverProcess.ts with an IPC channel): the reference
 * visitor API with its development controls, alone in its process so that its CPU time and memory
 * are its own. It tells its port once it listens, and on `gc` collects garbage and answers with its
 * heap, the live memory of the store without the garbage RSS still holds.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp } from '../../../server/app.ts';

/** What the server process says over IPC. */
export type ServerMessage = { kind: 'listening'; port: number } | { kind: 'heap'; bytes: number };

/** Longer than any pause between one visitor's requests. */
const KEEP_ALIVE_MS = 10 * 60_000;

const send = (message: ServerMessage): void => void process.send?.(message);

const server = serve({ fetch: createApp({ devControls: true }).fetch, port: 0, hostname: '127.0.0.1' }, ({ port }) => send({ kind: 'listening', port }));
// Idle keep-alive connections are the client's to close: a server closing one (Node's 5 s) just as
// the bench reuses it fails that request, a race of Node's HTTP client that browsers retry away.
(server as Server).keepAliveTimeout = KEEP_ALIVE_MS;

process.on('message', (message) => {
  if (message !== 'gc') return;
  globalThis.gc?.();
  send({ kind: 'heap', bytes: process.memoryUsage().heapUsed });
});
// The bench ends this process; it must not outlive a bench that died.
process.on('disconnect', () => process.exit(0));
