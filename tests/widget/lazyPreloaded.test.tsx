import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPreloaded, releaseIdleModules } from '../../ui/widget/lazyPreloaded';

const page = { default: () => <p>page</p> };

/** Lets pending promise callbacks run. */
const settle = () => act(async () => undefined);

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {String(this.state.error)}</p> : this.props.children;
  }
}

/** Renders `Part` in a boundary and resolves with the error it caught, once the failure shows. */
async function errorOf(Part: ComponentType): Promise<unknown> {
  let caught: unknown;
  class Catch extends Boundary {
    override componentDidCatch(error: unknown) {
      caught = error;
    }
  }
  render(
    <Catch>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </Catch>,
  );
  await screen.findByText(/^failed:/);
  return caught;
}

describe('lazyPreloaded', () => {
  it('starts loading at once, and a module loaded before its first render shows without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve(page));
    const Page = lazyPreloaded('page', load);
    expect(load).toHaveBeenCalledTimes(1);
    await settle();
    const fallback = vi.fn(() => <p>loading</p>);
    const Fallback = () => fallback();
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a module still loading shows the fallback, then the page', async () => {
    let resolve: (m: typeof page) => void = () => undefined;
    const Page = lazyPreloaded('page', () => new Promise<typeof page>((r) => (resolve = r)));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    resolve(page);
    expect(await screen.findByText('page')).toBeTruthy();
  });

  it('a load that failed at start is tried again when the page first renders', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(page);
    const Page = lazyPreloaded('page', load);
    await settle();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when the second attempt fails too, the error reaches the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPreloaded('page', () => Promise.reject(new Error('offline')));
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed: ChunkLoadError: Loading chunk page failed')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it("SPEC §8: the error reported is a ChunkLoadError, 'Loading chunk {name} failed', with the browser's error as its cause", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = new TypeError('Failed to fetch dynamically imported module: https://chat.test/chat/assets/UserForm-1a2b.js');
    const caught = await errorOf(lazyPreloaded('user form', () => Promise.reject(offline)));
    expect(caught).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk user form failed', cause: offline });
    expect((caught as { code?: string }).code).toBeUndefined();
    vi.restoreAllMocks();
  });

  it("styles that did not arrive: code CSS_CHUNK_LOAD_FAILED, and Vite's failed link goes, so that the next try loads them again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const href = 'https://chat.test/chat/assets/UserForm-3c4d.css';
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet' });
    link.setAttribute('href', href);
    document.head.append(link);
    const caught = await errorOf(lazyPreloaded('user form', () => Promise.reject(new Error(`Unable to preload CSS for ${href}`))));
    expect(caught).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk user form failed' });
    expect(caught).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED' });
    expect(link.isConnected).toBe(false);
    vi.restoreAllMocks();
  });

  it('each try after a failure asks for its chunk under a query of its own (the build puts it on the URL): never the failed request again', async () => {
    const load = vi.fn((_query: string) => Promise.reject(new Error('offline')));
    lazyPreloaded('part', load);
    lazyPreloaded('part', load, 'retry');
    lazyPreloaded('part', load, 'retry');
    await settle();
    const [first, second, third] = load.mock.calls.map(([query]) => query);
    expect(first).toBe('');
    expect(second).toMatch(/^\?retry=\d+$/);
    expect(third).toMatch(/^\?retry=\d+$/);
    expect(third).not.toBe(second);
  });

  it('SPEC §9: a chunk that has not arrived in 120 s has failed (virtual time); the second try is fresh', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn((_query: string) => new Promise<typeof page>(() => undefined));
    const Page = lazyPreloaded('page', load);
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    // The first render's second try, under a fresh URL: a plain import would join the hung request.
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1]?.[0]).toMatch(/^\?retry=/);
    await act(async () => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.getByText('failed: ChunkLoadError: Loading chunk page failed')).toBeTruthy();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describe("'idle': loads once the first screen is complete and the browser idle", () => {
    afterEach(() => vi.useRealTimers());

    it('not before the page releases it, then a second later (when the browser is idle); then it shows without the fallback', async () => {
      vi.useFakeTimers();
      const load = vi.fn(() => Promise.resolve(page));
      const Page = lazyPreloaded('page', load, 'idle');
      await act(async () => vi.advanceTimersByTimeAsync(10_000));
      expect(load).not.toHaveBeenCalled();
      releaseIdleModules();
      await act(async () => vi.advanceTimersByTimeAsync(999));
      expect(load).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTimeAsync(1));
      expect(load).toHaveBeenCalledTimes(1);
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
      expect(screen.getByText('page')).toBeTruthy();
    });

    it('a render before then loads it at once, and only once', async () => {
      vi.useFakeTimers();
      const load = vi.fn(() => Promise.resolve(page));
      const Page = lazyPreloaded('page', load, 'idle');
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
      expect(load).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByText('page')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('a page gone before the second is up (its window torn down) loses the load quietly, without an uncaught error', async () => {
      vi.useFakeTimers();
      releaseIdleModules();
      const load = vi.fn(() => Promise.reject(new Error('the environment was torn down')));
      lazyPreloaded('page', load, 'idle');
      vi.stubGlobal('window', undefined);
      try {
        await vi.advanceTimersByTimeAsync(1_000);
      } finally {
        vi.unstubAllGlobals();
      }
      expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
