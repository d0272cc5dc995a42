import { tmpdir } from 'node:os';
import type { CallName } from '#engine/protocol';
import { createHost } from '../../server/node';

/** Start of the fake clocks: any fixed instant works. */
const T0 = 1_700_000_000_000;

/** A JSON object as it travels (a request body, an envelope). */
export type Json = Record<string, unknown>;

/** A fetch-shaped function over an in-process app: no port, no network. */
export type Fetch = typeof fetch;

/** The checker's clock, which a slow fault moves on instead of sleeping. */
export interface FakeClock {
  now: () => number;
  advance: (ms: number) => void;
}

/** A clock that stands still until told to move. */
export function fakeClock(): FakeClock {
  let t = T0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** Any existing folder serves as the host's built widget: the checker never asks for /chat/. */
const DIST = tmpdir();

/**
 * The reference backend as `npm start` serves it — the API of server/app.ts behind server/node.ts's
 * CORS for any origin — on a fake clock of its own, called in-process through its fetch handler.
 */
export function referenceBackend(): Fetch {
  // The robot streams without waiting between tokens: the checks read whole answers, not their pace.
  const host = createHost({ distDir: DIST, devControls: false, corsOrigins: ['*'], clock: () => T0, robotTokensPerSecond: Number.POSITIVE_INFINITY });
  return (async (input: RequestInfo | URL, init?: RequestInit) => host.fetch(new Request(input, init))) as Fetch;
}

/** The call a request is for (the path's last segment under the API prefix), or its method for a preflight. */
function callOf(request: Request): string {
  return request.method === 'OPTIONS' ? 'OPTIONS' : (new URL(request.url).pathname.split('/').pop() ?? '');
}

/** A broken backend: the reference one with one thing changed, as a fetch wrapper. */
export type Fault = (request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>;

/** The reference backend (or `inner`) with `fault` applied to every request. */
export function faulty(fault: Fault, inner: Fetch = referenceBackend()): Fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => fault(new Request(input, init), (request) => inner(request))) as Fetch;
}

/** A request with another JSON body. */
function withBody(request: Request, body: Json): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, body: JSON.stringify(body), signal: request.signal });
}

/** Changes the JSON answers of one call; `change` gets the envelope and the request body, and returns the new envelope or a Response. */
export function answers(call: CallName, change: (envelope: Json, request: Json) => Json | Response): Fault {
  return async (request, forward) => {
    if (callOf(request) !== call) return forward(request);
    // A multipart upload has no JSON body to show.
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as Json;
    const response = await forward(request);
    // A stream (robotAsk's, when asked for one) is no envelope to change.
    if (!response.headers.get('content-type')?.includes('json')) return response;
    const changed = change((await response.json()) as Json, body);
    if (changed instanceof Response) return changed;
    // The other headers (CORS) stay; the length is the new body's.
    const headers = new Headers([...response.headers].filter(([name]) => name !== 'content-length'));
    return Response.json(changed, { status: response.status, headers });
  };
}

/** Changes the JSON requests of one call before the reference backend sees them. */
export function requests(call: CallName, change: (body: Json) => Json): Fault {
  return async (request, forward) => {
    if (callOf(request) !== call) return forward(request);
    return forward(withBody(request, change((await request.clone().json()) as Json)));
  };
}

/** Answers one call `ms` late on the checker's clock (nothing sleeps). */
export function slow(call: CallName, ms: number, clock: FakeClock): Fault {
  return async (request, forward) => {
    const response = await forward(request);
    if (callOf(request) === call) clock.advance(ms);
    return response;
  };
}

/** Drops every CORS header from the answers. */
export const noCors: Fault = async (request, forward) => {
  const response = await forward(request);
  const headers = new Headers([...response.headers].filter(([name]) => !name.startsWith('access-control-')));
  return new Response(response.status === 204 ? null : response.body, { status: response.status, headers });
};

/** An HTML error page, as a proxy or a framework's default sends it. */
export function htmlPage(status: number): Response {
  return new Response(`<!doctype html><title>${status}</title><h1>Error ${status}</h1>`, { status, headers: { 'content-type': 'text/html' } });
}

/** The `data` of an envelope as an object (for rewriting it). */
export function dataOf(envelope: Json): Json {
  return envelope.data as Json;
}

/** The base64 of a text's UTF-8, as msgContentEnc carries it. */
export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
