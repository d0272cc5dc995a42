import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServerMessage } from './server.ts';

const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));
/** Clock ticks per second of /proc's CPU times (usually 100). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's resources at one moment, read from /proc (Linux). */
export interface Usage {
  /** User and system CPU time so far. */
  cpuMs: number;
  /**
   * How long its main thread (the event loop) was ready to run but waited for a CPU: on a machine
   * shared with other work this says how far the figures are the machine's rather than the code's.
   */
  waitMs: number;
  /** Resident memory. */
  rssBytes: number;
}

/** The reference server in a process of its own, and what it costs. */
export interface ServerProcess {
  origin: string;
  usage: () => Usage;
  /** Its live heap after a full garbage collection. */
  heapAfterGc: () => Promise<number>;
  stop: () => Promise<void>;
}

export function usageOf(pid: number): Usage {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  const waitNs = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
  return { cpuMs: (ticks * 1_000) / CLOCK_TICKS, waitMs: waitNs / 1e6, rssBytes: rssKb * 1_024 };
}

/** Waits for the next IPC message of a kind. */
function next<K extends ServerMessage['kind']>(child: ChildProcess, kind: K): Promise<Extract<ServerMessage, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerMessage) => {
      if (message.kind !== kind) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(message as Extract<ServerMessage, { kind: K }>);
    };
    const onExit = (code: number | null) => reject(new Error(`the bench server exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Starts ./server.ts (a fresh store) on a free loopback port; resolves once it listens. */
export async function startServerProcess(): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', ENTRY], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await next(child, 'listening');
  const pid = child.pid as number;
  return {
    origin: `http://127.0.0.1:${port}`,
    usage: () => usageOf(pid),
    heapAfterGc: async () => {
      const answer = next(child, 'heap');
      child.send('gc');
      return (await answer).bytes;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
