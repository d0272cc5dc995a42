import { of, type Observable } from 'rxjs';
import { expect } from 'vitest';
import type { VisitorApi } from '#engine/transport/visitorApi';

/** A method name of the visitor API (one per SPEC §7 call). */
type ApiCall = keyof VisitorApi;
/** The request body a call takes. */
type RequestOf<K extends ApiCall> = Parameters<NonNullable<VisitorApi[K]>>[0];
/** The methods a transport may lack: absent unless given, as in a transport without them. */
const OPTIONAL: ReadonlySet<string> = new Set<ApiCall>(['eventStream']);

/**
 * What the fake answers unless told otherwise: a chat that starts in conversation (status 2) asks
 * for its session's messages (issue 27), and a backend without any answers none.
 */
const DEFAULTS: Partial<Record<ApiCall, AnyCall>> = { getSessionMsg: () => of([]), getOfflineMsg: () => of([]) };

/** One call the engine made, in order. */
interface RecordedCall {
  name: ApiCall;
  body: unknown;
}

/** A fake transport plus what was asked of it. */
export interface FakeApi {
  api: VisitorApi;
  /** Every call, in order, with its body. */
  calls: RecordedCall[];
  /** Calls that had no override (each also threw "unexpected call X"). */
  unexpected: string[];
  /** Bodies of the calls to `name`, in order. */
  bodies<K extends ApiCall>(name: K): RequestOf<K>[];
  /** How many times `name` was called. */
  count(name: ApiCall): number;
}

type AnyCall = (body: unknown) => Observable<unknown>;

const created: FakeApi[] = [];

/**
 * The engine catches an effect's error and only logs it, so an unexpected call would pass
 * silently: after each test, the calls made to the fake APIs it created that had no answer fail it.
 * Registered for every file by tests/support/fakeApiCheck.ts, a setup file: a hook registered here,
 * at the module's top, would run for the first file only where files share a worker and its
 * modules (`isolate: false`).
 */
export function expectNoUnexpectedCalls(): void {
  const unexpected = created.flatMap((f) => f.unexpected);
  created.length = 0;
  expect(unexpected, 'calls the fake API was not told to answer').toEqual([]);
}

/**
 * A fake `VisitorApi`: the given methods answer (usually with cold observables of the current
 * TestScheduler run), getSessionMsg and getOfflineMsg with no messages (DEFAULTS); every other method throws "unexpected call X". All calls are recorded with
 * their bodies; an optional method (eventStream) is absent unless given. Built on a Proxy so that methods added to `VisitorApi` later are covered too.
 */
export function fakeApi(overrides: Partial<VisitorApi> = {}): FakeApi {
  const calls: RecordedCall[] = [];
  const unexpected: string[] = [];
  const impls = { ...DEFAULTS, ...overrides } as Partial<Record<string, AnyCall>>;
  const api = new Proxy({} as VisitorApi, {
    get(_target, prop) {
      if (typeof prop !== 'string' || (OPTIONAL.has(prop) && !impls[prop])) return undefined;
      return (body: unknown) => {
        calls.push({ name: prop as ApiCall, body });
        const impl = impls[prop];
        if (!impl) {
          unexpected.push(prop);
          throw new Error(`unexpected call ${prop}`);
        }
        return impl(body);
      };
    },
  });
  const fake: FakeApi = {
    api,
    calls,
    unexpected,
    bodies: <K extends ApiCall>(name: K) => calls.filter((c) => c.name === name).map((c) => c.body as RequestOf<K>),
    count: (name) => calls.filter((c) => c.name === name).length,
  };
  created.push(fake);
  return fake;
}

/** Answers successive calls with the given observables, in order; one call too many throws. */
export function answers<T>(...list: Observable<T>[]): () => Observable<T> {
  let i = 0;
  return () => {
    const next = list[i];
    i += 1;
    if (!next) throw new Error(`unexpected call number ${i}: only ${list.length} answers were prepared`);
    return next;
  };
}
