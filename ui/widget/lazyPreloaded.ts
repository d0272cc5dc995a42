import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

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
 * React.lazy for a module that loads ahead of its first render: at once (`now`, for the page every
 * visit needs; index.html preloads its chunk) or once the first screen is complete and the browser
 * idle (`idle`, for dialogs and viewers a tap opens; see releaseIdleModules). React.lazy suspends
 * on a promise still pending when it renders — even one a microtask from resolving — and React
 * reveals a suspended boundary no sooner than 300 ms after its fallback; a module already loaded
 * is handed over synchronously instead, so it renders at once. A load that failed is tried once
 * more when the component first renders.
 */
export function lazyPreloaded<P extends object>(load: () => Promise<Module<P>>, when: 'now' | 'idle' = 'now'): LazyExoticComponent<ComponentType<P>> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const start = (): Promise<Module<P>> => {
    if (!loading) {
      loading = load().then((module) => (loaded = module));
      // A failure here is not the end: the first render tries again, and reports that attempt's failure.
      loading.catch(() => undefined);
    }
    return loading;
  };
  if (when === 'now') start();
  else if (released) whenIdle(() => void start());
  else held.push(() => void start());
  // React.lazy accepts any thenable (react.dev/reference/react/lazy); its type asks for a Promise.
  return lazy(() => (loaded ? settled(loaded) : start().catch(load)) as Promise<Module<P>>);
}
