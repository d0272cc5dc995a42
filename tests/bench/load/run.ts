/**
 * `npm run bench:load`: the load bench of issue 15 (printed, not asserted in `npm test`). N visitors
 * (./client.ts: lean clients on the engine's transport, or whole engines) in an agent conversation with the reference server, which
 * runs in a process of its own (./server.ts) on loopback; a scripted agent says one message to each
 * visitor every 10 s, spread evenly. Per transport (polling, then push) and N — 100, 1,000, then
 * doubling while the previous N held — it reports requests per idle visitor-minute, agent→visitor
 * latency p50/p99, the server's CPU and memory per visitor, and errors. Targets at N = 1,000: push
 * ≤ 1 request per idle visitor-minute and p99 < 100 ms; polling's figures are the baseline.
 *
 * Phases of a run: ramp-up (visitors join, 100 at a time; not counted), idle (no agent messages:
 * requests, CPU), talk (the scripted agent: latency, CPU), drain (until every message arrived or
 * was lost), teardown. Every phase is bounded in time, so the bench stops by itself.
 *
 *   --transport poll|push|both   (default both)      --n 100,1000   (these N only, no stepping)
 *   --idle 20 --talk 20          (phase seconds)      --say-every 10 (seconds between one visitor's messages)
 *   --client lean|engine         (default lean: see ./client.ts)
 *   --quick                      (N = 100, 10 s phases: a smoke run)
 *   --out file.json              (default: $TMPDIR/visitor-chat-bench/load-<time>.json)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_OK, constants } from '@visitor-chat/chat-engine';
import { createCrowd, createEngineCrowd, nodeFetch, type CrowdStats, type Transport } from './client.ts';
import { startServerProcess, usageOf, type ServerProcess, type Usage } from './serverProcess.ts';

/** The N every run measures; larger ones follow by doubling while the last one held. */
const BASE_N = [100, 1_000];
/** Where stepping stops: each visitor holds a socket in this process (ulimit -n 20,000). */
const MAX_N = 16_000;
/** Visitors joining at once during the ramp-up. */
const JOIN_CONCURRENCY = 100;
/** A ramp-up that takes longer than this stops; the visitors not joined count as errors. */
const RAMP_LIMIT_MS = 90_000;
/** After the ramp-up, before counting: every visitor's first poll answered or stream opened. */
const SETTLE_MS = constants.POLL_INTERVAL_MS + 1_000;
/** After the talk phase, the longest wait for the last messages (a poll period and some). */
const DRAIN_MS = constants.POLL_INTERVAL_MS + 3_000;
/** Above this share of time waiting for a CPU, the machine's other work shaped the figures. */
const BUSY_MACHINE_WAIT_PERCENT = 10;
/** The p99 above which an N no longer "holds" (besides any error): far above each transport's own figure. */
const HOLDS_P99_MS: Record<Transport, number> = { poll: constants.POLL_INTERVAL_MS + 1_000, push: 1_000 };

const { values: args } = parseArgs({
  options: {
    transport: { type: 'string', default: 'both' },
    client: { type: 'string', default: 'lean' },
    n: { type: 'string' },
    idle: { type: 'string', default: '20' },
    talk: { type: 'string', default: '20' },
    'say-every': { type: 'string', default: '10' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
if (args.client !== 'lean' && args.client !== 'engine') throw new Error('--client is lean or engine');
const makeCrowd = args.client === 'engine' ? createEngineCrowd : createCrowd;
const transports: Transport[] = args.transport === 'both' ? ['poll', 'push'] : [args.transport as Transport];
if (!transports.every((t) => t === 'poll' || t === 'push')) throw new Error('--transport is poll, push or both');
const fixedN = args.quick ? [100] : args.n?.split(',').map((n) => Number(n.replace(/_/g, '')));
const idleMs = (args.quick ? 10 : Number(args.idle)) * 1_000;
const talkMs = (args.quick ? 10 : Number(args.talk)) * 1_000;
const sayEveryMs = Number(args['say-every']) * 1_000;
const outFile = args.out ?? join(tmpdir(), 'visitor-chat-bench', `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);

/** The scripted agent's messages: `load <visitor> <seq>`. */
const SCRIPT_PREFIX = 'load ';

/** One run's figures (a row of the table). */
interface Result {
  transport: Transport;
  n: number;
  joined: number;
  rampS: number;
  /** Each side's share of one core while the visitors joined. */
  serverRampCpuPercent: number;
  clientRampCpuPercent: number;
  requestsPerIdleVisitorMinute: number;
  requestsPerTalkVisitorMinute: number;
  sent: number;
  received: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server CPU time per visitor-minute while idle, and its share of one core while talking. */
  serverIdleCpuMsPerVisitorMinute: number;
  serverIdleCpuPercent: number;
  serverTalkCpuPercent: number;
  /** Server memory per visitor, both after a full GC before the ramp and after the idle phase: resident (noisy at small N), and live heap. */
  serverRssKbPerVisitor: number;
  serverHeapKbPerVisitor: number;
  /** This process (the visitors and the agent) as a share of one core, idle and talking: is the client the bottleneck? */
  clientIdleCpuPercent: number;
  clientTalkCpuPercent: number;
  /** This process's resident memory per visitor (end of idle minus before the ramp). */
  clientRssKbPerVisitor: number;
  /** Share of the idle and talk phases each event loop was ready but waited for a CPU (other processes, or the other side). */
  serverWaitPercent: number;
  clientWaitPercent: number;
  errors: number;
  errorDetail: Record<string, number>;
  /** The first few distinct failure messages. */
  errorSamples: string[];
  loadAverage: number;
  holds: boolean;
}

const percentile = (sorted: number[], q: number): number => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;

/** A moment of a run: counters and CPU of both sides. */
interface Mark {
  at: number;
  requests: number;
  server: Usage;
  client: Usage;
}
const mark = (server: ServerProcess, stats: CrowdStats): Mark => ({
  at: performance.now(),
  requests: stats.requests,
  server: server.usage(),
  client: usageOf(process.pid),
});

/** The scripted agent: says `load <visitor> <seq>` to every joined visitor once per `sayEveryMs`, spread evenly; records when each was said, returns how many. */
async function talk(server: ServerProcess, userIds: (string | undefined)[], sentAt: Map<string, number>, fail: (e: unknown) => void): Promise<number> {
  const gap = sayEveryMs / userIds.length;
  const total = Math.floor(talkMs / gap);
  const start = performance.now();
  let next = 0;
  let said = 0;
  const say = async (index: number, seq: number): Promise<void> => {
    const userId = userIds[index];
    if (userId === undefined) return;
    said += 1;
    const text = `${SCRIPT_PREFIX}${index} ${seq}`;
    sentAt.set(text, performance.now());
    try {
      const response = await nodeFetch(`${server.origin}/api/dev/agentSay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, text }),
      });
      const { code } = (await response.json()) as { code?: number };
      if (code !== API_OK) throw new Error(`code ${code}`);
    } catch (e) {
      sentAt.delete(text);
      fail(e);
    }
  };
  while (next < total) {
    const due = Math.min(total, Math.floor((performance.now() - start) / gap) + 1);
    for (; next < due; next++) void say(next % userIds.length, Math.floor(next / userIds.length));
    await sleep(5);
  }
  return said;
}

/** One run: a fresh server, N visitors on one transport, the four phases. */
async function run(transport: Transport, n: number): Promise<Result> {
  const server = await startServerProcess();
  const sentAt = new Map<string, number>();
  const delivered = new Set<string>();
  const latencies: number[] = [];
  const errorDetail: Record<string, number> = {};
  const agentSamples: string[] = [];
  const count = (what: string) => (errorDetail[what] = (errorDetail[what] ?? 0) + 1);
  const crowd = makeCrowd({
    origin: server.origin,
    transport,
    onMessage: (index, text, at) => {
      const sent = sentAt.get(text);
      // Other agent messages (an engine shows the agent's welcome) are not the script's.
      if (!text.startsWith(SCRIPT_PREFIX)) return;
      if (!text.startsWith(`${SCRIPT_PREFIX}${index} `)) count('misrouted');
      else if (sent !== undefined) {
        latencies.push(at - sent);
        sentAt.delete(text);
        delivered.add(text);
      } else count(delivered.has(text) ? 'duplicated' : 'unexpected');
    },
  });
  try {
    const heapBefore = await server.heapAfterGc();
    const rampStart = mark(server, crowd.stats);

    // Ramp-up: JOIN_CONCURRENCY visitors joining at a time, until all joined or the limit.
    const userIds: (string | undefined)[] = new Array(n);
    let nextJoin = 0;
    await Promise.all(
      Array.from({ length: Math.min(JOIN_CONCURRENCY, n) }, async () => {
        while (nextJoin < n && performance.now() - rampStart.at < RAMP_LIMIT_MS) {
          const index = nextJoin++;
          userIds[index] = await crowd.join(index).catch(() => undefined);
        }
      }),
    );
    const rampEnd = mark(server, crowd.stats);
    const joined = userIds.filter((id) => id !== undefined).length;
    if (joined < n) errorDetail.notJoined = n - joined;
    await sleep(SETTLE_MS);

    const idleStart = mark(server, crowd.stats);
    await sleep(idleMs);
    const idleEnd = mark(server, crowd.stats);
    const heapIdle = await server.heapAfterGc();
    const rssIdle = server.usage().rssBytes;

    const talkStart = mark(server, crowd.stats);
    const sent = await talk(server, userIds, sentAt, (e) => {
      count('agentSay');
      const sample = `agentSay: ${e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e)}`;
      if (!agentSamples.includes(sample)) agentSamples.push(sample);
    });
    const talkEnd = mark(server, crowd.stats);
    for (const drainStart = performance.now(); sentAt.size > 0 && performance.now() - drainStart < DRAIN_MS;) await sleep(50);
    if (sentAt.size > 0) errorDetail.lost = sentAt.size;

    const { stats } = crowd;
    for (const [name, times] of Object.entries(stats.failures)) errorDetail[name] = (errorDetail[name] ?? 0) + times;
    if (stats.undecodable > 0) errorDetail.undecodable = stats.undecodable;
    const errors = Object.values(errorDetail).reduce((a, b) => a + b, 0);
    const sorted = latencies.sort((a, b) => a - b);
    const perVisitorMinute = (requests: number, ms: number) => requests / joined / (ms / 60_000);
    const idleWall = idleEnd.at - idleStart.at;
    const talkWall = talkEnd.at - talkStart.at;
    const idleServerCpu = idleEnd.server.cpuMs - idleStart.server.cpuMs;
    const result: Result = {
      transport,
      n,
      joined,
      rampS: (rampEnd.at - rampStart.at) / 1_000,
      serverRampCpuPercent: (100 * (rampEnd.server.cpuMs - rampStart.server.cpuMs)) / (rampEnd.at - rampStart.at),
      clientRampCpuPercent: (100 * (rampEnd.client.cpuMs - rampStart.client.cpuMs)) / (rampEnd.at - rampStart.at),
      requestsPerIdleVisitorMinute: perVisitorMinute(idleEnd.requests - idleStart.requests, idleWall),
      requestsPerTalkVisitorMinute: perVisitorMinute(talkEnd.requests - talkStart.requests, talkWall),
      sent,
      received: latencies.length,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? NaN,
      serverIdleCpuMsPerVisitorMinute: idleServerCpu / joined / (idleWall / 60_000),
      serverIdleCpuPercent: (100 * idleServerCpu) / idleWall,
      serverTalkCpuPercent: (100 * (talkEnd.server.cpuMs - talkStart.server.cpuMs)) / talkWall,
      serverRssKbPerVisitor: (rssIdle - rampStart.server.rssBytes) / 1_024 / joined,
      serverHeapKbPerVisitor: (heapIdle - heapBefore) / 1_024 / joined,
      clientIdleCpuPercent: (100 * (idleEnd.client.cpuMs - idleStart.client.cpuMs)) / idleWall,
      clientTalkCpuPercent: (100 * (talkEnd.client.cpuMs - talkStart.client.cpuMs)) / talkWall,
      clientRssKbPerVisitor: (idleEnd.client.rssBytes - rampStart.client.rssBytes) / 1_024 / joined,
      serverWaitPercent: (100 * (talkEnd.server.waitMs - idleStart.server.waitMs)) / (talkEnd.at - idleStart.at),
      clientWaitPercent: (100 * (talkEnd.client.waitMs - idleStart.client.waitMs)) / (talkEnd.at - idleStart.at),
      errors,
      errorDetail,
      errorSamples: [...stats.samples, ...agentSamples.slice(0, 3)],
      loadAverage: loadavg()[0] ?? NaN,
      holds: false,
    };
    result.holds = errors === 0 && result.p99Ms <= HOLDS_P99_MS[transport];
    return result;
  } finally {
    crowd.stop();
    await server.stop();
  }
}

const fixed = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const errorsText = (r: Result): string =>
  r.errors === 0
    ? '0'
    : `${r.errors} (${Object.entries(r.errorDetail)
        .map(([what, times]) => `${what} ${times}`)
        .join(', ')})`;

function table(results: Result[]): string {
  const header = [
    'transport',
    'N',
    'requests / idle visitor-min',
    'latency p50 / p99 (ms)',
    'server CPU idle (ms / visitor-min)',
    'server CPU idle / talk (% core)',
    'server RSS / heap per visitor (kB)',
    'client CPU idle / talk (% core)',
    'waiting for a CPU server / client (%)',
    'ramp-up s (CPU % server / client)',
    'errors',
  ];
  const rows = results.map((r) => [
    r.transport,
    r.n.toLocaleString('en'),
    fixed(r.requestsPerIdleVisitorMinute, 2),
    `${fixed(r.p50Ms, 0)} / ${fixed(r.p99Ms, 0)}`,
    fixed(r.serverIdleCpuMsPerVisitorMinute, 2),
    `${fixed(r.serverIdleCpuPercent)} / ${fixed(r.serverTalkCpuPercent)}`,
    `${fixed(r.serverRssKbPerVisitor)} / ${fixed(r.serverHeapKbPerVisitor)}`,
    `${fixed(r.clientIdleCpuPercent)} / ${fixed(r.clientTalkCpuPercent)}`,
    `${fixed(r.serverWaitPercent)} / ${fixed(r.clientWaitPercent)}`,
    `${fixed(r.rampS)} (${fixed(r.serverRampCpuPercent, 0)} / ${fixed(r.clientRampCpuPercent, 0)})`,
    errorsText(r),
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const results: Result[] = [];
console.log(
  `load bench: ${transports.join(' and ')}, ${args.client} visitors, idle ${idleMs / 1_000} s, talk ${talkMs / 1_000} s (one agent message per visitor every ${sayEveryMs / 1_000} s), ${cpus().length} CPUs, load average ${fixed(loadavg()[0] ?? NaN, 2)}`,
);
for (const transport of transports) {
  const plan = [...(fixedN ?? BASE_N)];
  for (const [i, n] of plan.entries()) {
    const result = await run(transport, n);
    results.push(result);
    console.log(
      `${transport} N=${n}: ${fixed(result.requestsPerIdleVisitorMinute, 2)} requests / idle visitor-min, p50 ${fixed(result.p50Ms, 0)} ms, p99 ${fixed(result.p99Ms, 0)} ms, ${result.received}/${result.sent} messages, errors ${errorsText(result)}${result.holds ? '' : ' — does not hold'}`,
    );
    for (const sample of result.errorSamples) console.log(`  ${sample}`);
    // Beyond the base N: doubling while the last one held (within what one client process can open).
    if (fixedN === undefined && i === plan.length - 1 && result.holds && n * 2 <= MAX_N) plan.push(n * 2);
  }
}
console.log(`\n${table(results)}`);
for (const transport of transports) {
  const held = results.filter((r) => r.transport === transport && r.holds).at(-1);
  console.log(`${transport}: the largest N that held (no error, p99 ≤ ${HOLDS_P99_MS[transport]} ms): ${held ? held.n.toLocaleString('en') : 'none'}`);
}
if (results.some((r) => Math.max(r.serverWaitPercent, r.clientWaitPercent) > BUSY_MACHINE_WAIT_PERCENT)) {
  console.log(
    `note: a process waited for a CPU over ${BUSY_MACHINE_WAIT_PERCENT}% of the time: other work on this machine shaped the latencies and the largest N.`,
  );
}
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(
  outFile,
  JSON.stringify(
    { date: new Date().toISOString(), client: args.client, node: process.version, cpus: cpus().length, idleMs, talkMs, sayEveryMs, results },
    null,
    2,
  ),
);
console.log(`results: ${outFile}`);
