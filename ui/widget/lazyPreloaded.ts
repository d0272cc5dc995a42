import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module = { default: ComponentType };

/** A thenable that hands `module` over at once, inside `then`. */
function settled(module: Module): PromiseLike<Module> {
  return { then: (onFulfilled) => settled(onFulfilled ? (onFulfilled(module) as Module) : module) } as PromiseLike<Module>;
}

/**
 * React.lazy for a module that starts loading now rather than at its first render (index.html
 * preloads its chunk). React.lazy suspends on a promise that is still pending when it renders —
 * even one a microtask from resolving — and React reveals a suspended boundary no sooner than
 * 300 ms after its fallback; a module already loaded is handed over synchronously instead, so it
 * renders at once. A load that failed is tried once more when the component first renders.
 */
export function lazyPreloaded(load: () => Promise<Module>): LazyExoticComponent<ComponentType> {
  let loaded: Module | undefined;
  const first = load().then((module) => (loaded = module));
  // A failure here is not the end: the render below tries again, and reports that attempt's failure.
  first.catch(() => undefined);
  // React.lazy accepts any thenable (react.dev/reference/react/lazy); its type asks for a Promise.
  return lazy(() => (loaded ? settled(loaded) : first.catch(load)) as Promise<Module>);
}
