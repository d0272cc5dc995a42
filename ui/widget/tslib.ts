/**
 * The four tslib helpers rxjs's ES2015 build imports (vite.config.ts aliases `tslib` here), written
 * for the browsers the widget runs in, which have generators, async functions and async iterators:
 * tslib's own, written for ES5, cost the first screen 0.5 kB brotli. rxjs uses them only to read an
 * async iterable or a ReadableStream given to `from` (observable/innerFrom.js,
 * util/isReadableStreamLike.js); tests/widget/tslib.test.ts holds them to tslib's behaviour.
 */

/** A value a generator yields to be awaited (`yield __await(p)`), not yielded to its reader. */
class Await {
  constructor(readonly v: unknown) {}
}

export function __await(v: unknown): Await {
  return new Await(v);
}

/** Runs `generator` as an async function: each value it yields is awaited and its result (or its error) sent back in. */
export async function __awaiter(thisArg: unknown, args: unknown, _P: unknown, generator: (...a: unknown[]) => Generator): Promise<unknown> {
  const g = generator.apply(thisArg, (args as unknown[] | undefined) ?? []);
  let r = g.next();
  while (!r.done) {
    try {
      r = g.next(await r.value);
    } catch (error) {
      // A rejection is thrown in; what the generator throws (its own, or that one unhandled) ends it.
      r = g.throw(error);
    }
  }
  return r.value;
}

/** `o`'s async iterator: rxjs calls it only with an async iterable (innerFrom's isAsyncIterable), never a plain iterable as tslib's also takes. */
export function __asyncValues(o: AsyncIterable<unknown>): AsyncIterator<unknown> {
  return o[Symbol.asyncIterator]();
}

/**
 * Runs `generator` as an async generator: a value it yields wrapped by `__await` is awaited and its
 * result sent back in; any other is yielded to the reader, whose `next` argument is sent back in,
 * whose `throw` is thrown in, and whose `return` ends it (its `finally` blocks run).
 */
export async function* __asyncGenerator(thisArg: unknown, args: unknown, generator: (...a: unknown[]) => Generator): AsyncGenerator<unknown> {
  const g = generator.apply(thisArg, (args as unknown[] | undefined) ?? []);
  let r = g.next();
  while (!r.done) {
    let input: unknown;
    let thrown: boolean | undefined;
    try {
      input = r.value instanceof Await ? await r.value.v : yield r.value;
      thrown = false;
    } catch (error) {
      input = error;
      thrown = true;
    } finally {
      // Neither: the reader called return(), and the generator ends too, running its finally blocks.
      if (thrown === undefined) g.return(undefined);
    }
    r = thrown ? g.throw(input) : g.next(input);
  }
  return r.value;
}
