/**
 * The load bench's visitors, two kinds over one counting transport (the engine's createVisitorApi,
 * so the wire code is the widget's). Each starts a chat, reaches the agent (status 2), then listens.
 * - Lean (the default): the transport's calls and the engine's 1201 decoder, listening as
 *   engine/features/agentEvents does — SPEC §7 polling, or the push extension's event stream —
 *   without an engine's state, reducers and timers per visitor: the client stays the cheap side, so
 *   the largest N is the server's.
 * - Whole engines (`--client engine`): the widget's own logic, every call it makes, its push with
 *   polling as the fallback; about 250 kB and several times the CPU per visitor in this process.
 */
import { Agent, request } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Subscription, asyncScheduler, filter, firstValueFrom, timeout } from 'rxjs';
import {
  ChatStatus,
  EventCode,
  SenderType,
  TransferStatus,
  constants,
  createChatEngine,
  createVisitorApi,
  type ChatEngine,
  type ChatMessage,
  type EventBatch,
} from '@visitor-chat/chat-engine';
import { newCursor } from '#engine/features/agentEvents/cursor';
import { poll, type Listening } from '#engine/features/agentEvents/polling';
import { pushed } from '#engine/features/agentEvents/push';
import { decodeAgentMessage } from '#engine/model/agentMessage';

/** How the visitors hear the agent. */
export type Transport = 'poll' | 'push';

/** A channel of the reference server whose transfer succeeds at once; its agent only answers visitor messages. */
const CHANNEL = 'agent';
/** How long a visitor may take to reach the agent (the transport's own time-out). */
const JOIN_TIMEOUT_MS = constants.HTTP_TIMEOUT_MS;
/** How many distinct failure messages are kept. */
const MAX_SAMPLES = 5;

/** What the visitors did, counted since the crowd was made; the bench reads it between phases. */
export interface CrowdStats {
  /** HTTP requests the visitors' transport made (every fetch). */
  requests: number;
  /** Failed calls and streams by error name (NetworkError, ApiError, MalformedResponseError, …). */
  failures: Record<string, number>;
  /** 1201 events that could not be decoded. */
  undecodable: number;
  /** The first few distinct failure messages, to tell what failed. */
  samples: string[];
}

/** N visitors sharing one counting transport. */
export interface Crowd {
  readonly stats: CrowdStats;
  /** Starts visitor `index`: chat, transfer to the agent, then listening; resolves its userId. */
  join: (index: number) => Promise<string>;
  /** Stops every visitor's listening (their requests and streams are aborted). */
  stop: () => void;
}

export interface CrowdOptions {
  origin: string;
  transport: Transport;
  /** An agent message a visitor received: its text and when (performance.now()). */
  onMessage: (index: number, text: string, at: number) => void;
}

/** Every visitor's connections: kept alive, as many as needed (a browser has its own per visitor). */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * The transport's `fetch` over node:http. Node's own fetch (undici) spends about three times the
 * CPU per request, and here one process stands in for thousands of browsers, so its HTTP stack must
 * be the cheap part of the bench; what runs above it (envelope, decoding, SSE parsing) is the
 * transport's. Answers are read whole, except an event stream, which is handed over as it comes.
 */
export function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const { signal } = init;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const headers = (init.headers ?? {}) as Record<string, string>;
    const req = request(String(input), { method: init.method ?? 'GET', headers, agent }, (res) => {
      const status = res.statusCode ?? 500;
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
      if ((res.headers['content-type'] ?? '').includes('text/event-stream')) {
        resolve(new Response(Readable.toWeb(res) as NodeReadableStream as ReadableStream<Uint8Array>, { status, headers: answerHeaders }));
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(new Response(Buffer.concat(chunks).toString('utf8'), { status, headers: answerHeaders })));
      res.on('error', reject);
    });
    const abort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', abort, { once: true });
    req.on('close', () => signal?.removeEventListener('abort', abort));
    req.on('error', reject);
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

/** The visitors' transport, counting requests and failures into `stats`. */
function countingTransport(origin: string) {
  const stats: CrowdStats = { requests: 0, failures: {}, undecodable: 0, samples: [] };
  const note = (sample: string): void => {
    if (stats.samples.length < MAX_SAMPLES && !stats.samples.includes(sample)) stats.samples.push(sample);
  };
  const fail = (e: unknown): void => {
    const name = e instanceof Error ? e.name : 'Error';
    stats.failures[name] = (stats.failures[name] ?? 0) + 1;
    note(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  };
  const counting: typeof fetch = (input, init) => {
    stats.requests += 1;
    // The transport's NetworkError keeps the message only; the error's code is noted here.
    return nodeFetch(input, init).catch((e: unknown) => {
      if (!init?.signal?.aborted) note(`fetch: ${e instanceof Error ? `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}` : String(e)}`);
      throw e;
    });
  };
  return { stats, fail, api: createVisitorApi({ apiBase: origin, fetch: counting }) };
}

/** Lean visitors: the transport's calls and the engine's 1201 decoder, listening as the engine does. */
export function createCrowd({ origin, transport, onMessage }: CrowdOptions): Crowd {
  const { stats, fail, api } = countingTransport(origin);
  const listening = new Subscription();

  const receive = (index: number, batch: EventBatch): void => {
    const at = performance.now();
    for (const event of batch.events) {
      if (Number(event.event_type) !== EventCode.AgentMessage) continue;
      try {
        onMessage(index, decodeAgentMessage(event, { now: Date.now(), newId: () => '' }).msgContent, at);
      } catch {
        stats.undecodable += 1;
      }
    }
  };

  /** The engine's own listening (agentEvents/polling.ts, push.ts) without an engine: its failures count as errors. */
  const listening$: Listening = { api, scheduler: asyncScheduler, log: { warn: (line) => fail(new Error(line)) } };

  const join = async (index: number): Promise<string> => {
    try {
      await firstValueFrom(api.channelInfo({ id: CHANNEL }));
      const { userId, pollId, sessionId } = await firstValueFrom(api.chatStart({ channelId: CHANNEL }));
      const { status } = await firstValueFrom(api.transferAgent({ userId }));
      if (status !== TransferStatus.Success) throw new Error(`transferAgent answered status ${status}, not ${TransferStatus.Success}`);
      const session = { userId, pollId, sessionId };
      const stream = api.eventStream?.bind(api);
      if (transport === 'push' && !stream) throw new Error('this engine transport has no eventStream (push)');
      const batches = transport === 'push' && stream ? pushed(listening$, session, newCursor(), '', stream) : poll(listening$, session, newCursor());
      listening.add(
        batches.subscribe((batch) => {
          if (batch.status !== undefined && batch.status !== ChatStatus.InConversation) fail(new Error(`status ${batch.status}`));
          receive(index, batch);
        }),
      );
      return userId;
    } catch (e) {
      fail(e);
      throw e;
    }
  };

  return { stats, join, stop: () => listening.unsubscribe() };
}

/**
 * Whole engines, one per visitor (`--client engine`): the widget's own logic — bootstrap, transfer,
 * the agent-event seam with its push and polling fallback, every call it makes — at the price of an
 * engine's state and timers per visitor in this process. The engine's warnings count as failures.
 */
export function createEngineCrowd({ origin, transport, onMessage }: CrowdOptions): Crowd {
  const { stats, fail, api } = countingTransport(origin);
  const engines: ChatEngine[] = [];

  /** Hands over the agent messages not seen before, newest last; the list only grows at its end here. */
  const watch = (index: number, engine: ChatEngine): void => {
    const seen = new Set<string>();
    let last: readonly ChatMessage[] = [];
    engine.subscribe(() => {
      const { messages } = engine.getSnapshot();
      if (messages === last) return;
      last = messages;
      const at = performance.now();
      for (const message of messages) {
        if (message.senderType !== SenderType.Agent || seen.has(message.id)) continue;
        seen.add(message.id);
        onMessage(index, message.msgContent, at);
      }
    });
  };

  const join = async (index: number): Promise<string> => {
    const engine = createChatEngine({ query: `?channelid=${CHANNEL}`, api, push: transport === 'push', log: { warn: (line) => fail(new Error(line)) } });
    engines.push(engine);
    watch(index, engine);
    engine.start();
    try {
      const state = await firstValueFrom(
        // The channel's receive mode (agent) has the engine ask for the agent as it starts.
        engine.state$.pipe(
          filter((s) => s.status === ChatStatus.InConversation && s.session !== null),
          timeout(JOIN_TIMEOUT_MS),
        ),
      );
      return state.session?.userId ?? '';
    } catch (e) {
      fail(e);
      throw e;
    }
  };

  return { stats, join, stop: () => engines.forEach((engine) => engine.dispose()) };
}
