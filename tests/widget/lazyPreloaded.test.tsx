import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
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

describe('lazyPreloaded', () => {
  it('starts loading at once, and a module loaded before its first render shows without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve(page));
    const Page = lazyPreloaded(load);
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
    const Page = lazyPreloaded(() => new Promise<typeof page>((r) => (resolve = r)));
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
    const Page = lazyPreloaded(load);
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
    const Page = lazyPreloaded(() => Promise.reject(new Error('offline')));
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed: Error: offline')).toBeTruthy();
    vi.restoreAllMocks();
  });

  describe("'idle': loads once the first screen is complete and the browser idle", () => {
    afterEach(() => vi.useRealTimers());

    it('not before the page releases it, then a second later (when the browser is idle); then it shows without the fallback', async () => {
      vi.useFakeTimers();
      const load = vi.fn(() => Promise.resolve(page));
      const Page = lazyPreloaded(load, 'idle');
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
      const Page = lazyPreloaded(load, 'idle');
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
      lazyPreloaded(load, 'idle');
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
