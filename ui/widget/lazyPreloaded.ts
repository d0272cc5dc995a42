import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * A part's load: the dynamic import of its chunk. The build (scripts/freshImports.ts) puts `query`
 * ('' or `?retry=n`) on the chunk's URL, so that a retry is a request the browser has not seen;
 * tests and the dev server ignore it.
 */
export type LoadPart<P> = (query: string) => Promise<Module<P>>;

/** SPEC §9: a chunk that has not arrived within 120 s has failed. */
const CHUNK_TIMEOUT_MS = 120_000;

/** Fresh imports so far: each has a query of its own. */
let retries = 0;

/**
 * One try at a part's chunk — `fresh`, under a URL the browser has not fetched — that fails after
 * SPEC §9's time-out, and fails with SPEC §8's error: `Loading chunk {name} failed`, named
 * ChunkLoadError, code CSS_CHUNK_LOAD_FAILED when its styles did not arrive (Vite's "Unable to
 * preload CSS for <url>": that link goes, or Vite would take it as loaded the next time). The
 * browser's own error is its cause.
 */
function attempt<P>(name: string, load: LoadPart<P>, fresh: boolean): Promise<Module<P>> {
  return new Promise((resolve, reject) => {
    const fail = (cause: unknown) => {
      const css = String(cause).split('preload CSS for ')[1];
      if (css) document.querySelector(`link[href="${css}"]`)?.remove();
      reject(Object.assign(new Error(`Loading chunk ${name} failed`, { cause }), { name: 'ChunkLoadError', code: css && 'CSS_CHUNK_LOAD_FAILED' }));
    };
    const timer = setTimeout(fail, CHUNK_TIMEOUT_MS, 'timeout');
    load(fresh ? `?retry=${++retries}` : '')
      .then(resolve, fail)
      .finally(() => clearTimeout(timer));
  });
}

/** A thenable that hands `module` over at once, inside `then`. */
function settled<P>(module: Module<P>): PromiseLike<Module<P>> {
  return { then: (onFulfilled) => settled(onFulfilled ? (onFulfilled(module) as Module<P>) : module) } as PromiseLike<Module<P>>;
}

/** A second after the first screen is complete — its last requests (a robot's welcome) are done by then. */
const IDLE_AFTER_MS = 1_000;

/** A second from now, once the browser is idle (or a few seconds later at most). */
function whenIdle(start: () => void): void {
  // globalThis, not window: the page may be gone by the time the second is up (a test's document torn
  // down, a frame removed), and the loads then fail quietly instead of throwing from a timer.
  globalThis.setTimeout(() => {
    if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(start, { timeout: 4_000 });
    else start();
  }, IDLE_AFTER_MS);
}

/** The `idle` modules' loads, held until the first screen is complete. */
const held: (() => void)[] = [];
let released = false;

/** Runs `start` once the first screen is complete and the browser idle (see releaseIdleModules). */
export function afterFirstScreen(start: () => void): void {
  if (released) whenIdle(start);
  else held.push(start);
}

/**
 * Lets the `idle` modules load once the browser is next idle. The page calls it when its first
 * screen is complete, so that they never compete with what that screen needs.
 */
export function releaseIdleModules(): void {
  if (released) return;
  released = true;
  whenIdle(() => held.splice(0).forEach((start) => start()));
}

/**
 * React.lazy for a part that loads ahead of its first render: at once (`now`, for the page every
 * visit needs; index.html preloads its chunk), once the first screen is complete and the browser
 * idle (`idle`, for dialogs and viewers a tap opens; see releaseIdleModules), or at once and
 * afresh (`retry`, after a failure: see attempt). React.lazy suspends on a promise still pending
 * when it renders — even one a microtask from resolving — and React reveals a suspended boundary
 * no sooner than 300 ms after its fallback; a module already loaded is handed over synchronously
 * instead, so it renders at once. A load that failed is tried once more, afresh, when the
 * component first renders; a second failure reaches the nearest error boundary (lazyPart's).
 */
export function lazyPreloaded<P extends object>(
  name: string,
  load: LoadPart<P>,
  when: 'now' | 'idle' | 'retry' = 'now',
): LazyExoticComponent<ComponentType<P>> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const start = (fresh: boolean) => attempt(name, load, fresh).then((module) => (loaded = module));
  const first = (): Promise<Module<P>> => {
    if (!loading) {
      loading = start(when === 'retry');
      // A failure here is not the end: the first render tries again, and reports that attempt's failure.
      loading.catch(() => undefined);
    }
    return loading;
  };
  if (when !== 'idle') first();
  else afterFirstScreen(() => void first());
  // React.lazy accepts any thenable (react.dev/reference/react/lazy); its type asks for a Promise.
  return lazy(() => (loaded ? settled(loaded) : first().catch(() => start(true))) as Promise<Module<P>>);
}
