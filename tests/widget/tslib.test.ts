import * as real from 'tslib';
import { describe, expect, it } from 'vitest';
import * as native from '../../ui/widget/tslib';

/**
 * The widget's build replaces tslib with ui/widget/tslib.ts (vite.config.ts). rxjs runs these
 * helpers only in the two functions below, copied from its ES2015 build (observable/innerFrom.js
 * `process`, util/isReadableStreamLike.js): each case runs them with tslib's helpers and with ours,
 * and what a subscriber and the stream see must be the same.
 */
type Helpers = Pick<typeof real, '__awaiter' | '__asyncValues' | '__asyncGenerator' | '__await'>;

interface Subscriber {
  closed: boolean;
  next(value: unknown): void;
  complete(): void;
}

function rxjs({ __awaiter, __asyncValues, __asyncGenerator, __await }: Helpers) {
  /* eslint-disable -- rxjs's compiled code, as it ships (typed loosely: P is Promise where rxjs passes void 0, which tslib reads the same) */
  function process(this: unknown, asyncIterable: any, subscriber: Subscriber) {
    var asyncIterable_1: any, asyncIterable_1_1: any;
    var e_1: any, _a: any;
    return __awaiter(this, void 0, Promise, function* (): Generator<any, any, any> {
      try {
        for (asyncIterable_1 = __asyncValues(asyncIterable); (asyncIterable_1_1 = yield asyncIterable_1.next()), !asyncIterable_1_1.done;) {
          const value = asyncIterable_1_1.value;
          subscriber.next(value);
          if (subscriber.closed) {
            return;
          }
        }
      } catch (e_1_1) {
        e_1 = { error: e_1_1 };
      } finally {
        try {
          if (asyncIterable_1_1 && !asyncIterable_1_1.done && (_a = asyncIterable_1.return)) yield _a.call(asyncIterable_1);
        } finally {
          if (e_1) throw e_1.error;
        }
      }
      subscriber.complete();
    });
  }
  function readableStreamLikeToAsyncGenerator(this: unknown, readableStream: any) {
    return __asyncGenerator(this, arguments, function* readableStreamLikeToAsyncGenerator_1(): Generator<any, any, any> {
      const reader = readableStream.getReader();
      try {
        while (true) {
          const { value, done } = yield __await(reader.read());
          if (done) {
            return yield __await(void 0);
          }
          yield yield __await(value);
        }
      } finally {
        reader.releaseLock();
      }
    });
  }
  /* eslint-enable */
  return { process, readableStreamLikeToAsyncGenerator };
}

/** What a subscriber that closes after `take` values (all, by default) sees of `source`, and how it ends. */
async function observe(helpers: Helpers, source: (r: ReturnType<typeof rxjs>) => unknown, take = Infinity): Promise<unknown[]> {
  const seen: unknown[] = [];
  const r = rxjs(helpers);
  const subscriber: Subscriber = {
    closed: false,
    next(value) {
      seen.push(value);
      if (seen.length >= take) subscriber.closed = true;
    },
    complete: () => seen.push('complete'),
  };
  await r.process(source(r), subscriber).catch((error: unknown) => seen.push(`error: ${String(error)}`));
  return seen;
}

/** A ReadableStream of `chunks`, then an error when `fail` says so; `log` hears its reader's lock released and its cancel. */
function stream(chunks: unknown[], log: string[], fail?: string): ReadableStream<unknown> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else if (fail) controller.error(new Error(fail));
      else controller.close();
    },
    cancel: () => void log.push('cancel'),
  });
}

async function* counting(log: string[], fail?: string) {
  try {
    yield 1;
    yield await Promise.resolve(2);
    if (fail) throw new Error(fail);
    yield 3;
  } finally {
    log.push('finally');
  }
}

describe('the tslib helpers the widget ships (ui/widget/tslib.ts) behave as tslib’s where rxjs uses them', () => {
  const both = async (run: (helpers: Helpers, log: string[]) => Promise<unknown[]>) => {
    const logs = { real: [] as string[], native: [] as string[] };
    const seen = { real: await run(real, logs.real), native: await run(native as unknown as Helpers, logs.native) };
    expect(seen.native).toEqual(seen.real);
    expect(logs.native).toEqual(logs.real);
    return seen.native;
  };

  it('from(async iterable): every value, then complete; an error; a subscriber that closes early ends the iterable', async () => {
    expect(await both((h, log) => observe(h, () => counting(log)))).toEqual([1, 2, 3, 'complete']);
    expect(await both((h, log) => observe(h, () => counting(log, 'boom')))).toEqual([1, 2, 'error: Error: boom']);
    expect(await both((h, log) => observe(h, () => counting(log), 1))).toEqual([1]);
  });

  it('from(ReadableStream): every chunk, then complete; an error; a subscriber that closes early releases the reader’s lock', async () => {
    expect(await both((h, log) => observe(h, (r) => r.readableStreamLikeToAsyncGenerator(stream(['a', 'b'], log))))).toEqual(['a', 'b', 'complete']);
    expect(await both((h, log) => observe(h, (r) => r.readableStreamLikeToAsyncGenerator(stream(['a'], log, 'reset'))))).toEqual(['a', 'error: Error: reset']);
    const log: string[] = [];
    const s = stream(['a', 'b', 'c'], log);
    expect(await observe(native as unknown as Helpers, (r) => r.readableStreamLikeToAsyncGenerator(s), 1)).toEqual(['a']);
    // The generator's finally ran: the stream is free for another reader.
    expect(s.locked).toBe(false);
  });

  it('the async generator passes the reader’s throw() into the generator, as tslib’s does', async () => {
    const run = async (h: Helpers) => {
      const seen: unknown[] = [];
      const g = h.__asyncGenerator(undefined, [], function* () {
        try {
          seen.push(yield 1);
        } catch (error) {
          seen.push(`caught ${String(error)}`);
          yield 2;
        }
      }) as AsyncGenerator<unknown>;
      seen.push(await g.next());
      seen.push(await g.throw('x'));
      seen.push(await g.next());
      return seen;
    };
    expect(await run(native as unknown as Helpers)).toEqual(await run(real));
  });
});
