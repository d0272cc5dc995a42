import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { ChatEngine } from '@visitor-chat/chat-engine';
import { loadSseParser } from '#engine/transport/sse';

/**
 * A real engine against the reference server through MSW, in fake time: the engine's timers run on
 * rxjs's asyncScheduler (setTimeout/setInterval), the server on `clock: () => Date.now()`, and
 * `vi.advanceTimersByTimeAsync` moves both. MSW answers with faked timers as long as microtasks
 * (queueMicrotask, process.nextTick) stay real, which is what `useFakeTime` leaves them.
 */

/** The origin the engines call (MSW answers it). */
export const API_BASE = 'http://widget.test';
/** How long the simulated agent takes to answer (the server's default, made explicit). */
export const AGENT_DELAY_MS = 1_500;
/** Fake time moves in steps this long, so requests in flight complete between steps. */
const STEP_MS = 100;

/**
 * One MSW server for the test file (each test mounts its own app, with its own store and clock, by
 * server.use); after each test the engines it made are disposed and time is real again.
 */
export function fakeTimeHarness(): { server: ReturnType<typeof setupServer>; engines: ChatEngine[] } {
  const server = setupServer();
  const engines: ChatEngine[] = [];
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    // The parts the engine imports on demand (a streamed answer's parser and frame decoder), loaded
    // now in real time: imported first under fake time, their loading (a transform of real
    // milliseconds) could outlast every step of `advance`, and the answer never arrive in the test.
    await Promise.all([loadSseParser(), import('#engine/transport/robotFrames')]);
  });
  afterEach(() => {
    for (const engine of engines.splice(0)) engine.dispose();
    server.resetHandlers();
    server.events.removeAllListeners();
    vi.useRealTimers();
  });
  afterAll(() => server.close());
  return { server, engines };
}

/** Fakes the timers and the clock, not the microtasks. */
export function useFakeTime(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Moves fake time on by `ms`, in steps, letting every request in flight complete. */
export async function advance(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= STEP_MS) await vi.advanceTimersByTimeAsync(Math.min(STEP_MS, left));
}

/** Moves fake time on until `done` holds (at most `withinMs`); returns the fake time it took. */
export async function until(what: string, done: () => boolean, withinMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start >= withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await vi.advanceTimersByTimeAsync(STEP_MS);
  }
  return Date.now() - start;
}
