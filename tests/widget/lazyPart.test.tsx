import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../../ui/widget/lazyPart';
import { componentStack, renderUi } from './renderUi';

const part = { default: ({ text }: { text: string }) => <p>{text}</p> };

describe('lazyPart: a part of the chat loaded on demand', () => {
  it('holds its place with the fallback until its chunk has arrived, then shows with its props', async () => {
    let resolve: (m: typeof part) => void = () => undefined;
    const Part = lazyPart('part', () => new Promise<typeof part>((r) => (resolve = r)), <span data-testid="place" />);
    renderUi(<Part text="loaded" />);
    expect(screen.getByTestId('place')).toBeTruthy();
    resolve(part);
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(screen.queryByTestId('place')).toBeNull();
  });

  it('a chunk that cannot be fetched shows Try again instead of failing the chat; a tap fetches it afresh', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof part>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(part);
    const Part = lazyPart('part', load);
    renderUi(
      <>
        <p>the rest of the chat</p>
        <Part text="loaded" />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(screen.getByText('the rest of the chat')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(
      '[chat] ChunkLoadError: Loading chunk part failed',
      '',
      expect.objectContaining({ name: 'ChunkLoadError' }),
      componentStack(),
    );
    vi.restoreAllMocks();
  });

  it('says in its place that it could not load, and the rest of the chat goes on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazyPart<{ text: string }>('part', () => Promise.reject(new Error('offline')));
    renderUi(
      <>
        <button type="button">Send</button>
        <Part text="loaded" />
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This could not load.Try again');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    // Inline, it takes no focus and has nothing to close.
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    vi.restoreAllMocks();
  });

  it("a dialog's part that could not load says so in a dialog's frame, with the focus on Try again and Close as the dialog would close", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dismiss = vi.fn();
    const Part = lazyPart<{ text: string }>('part', () => Promise.reject(new Error('offline')));
    renderUi(<Part text="loaded" dismiss={dismiss} />);
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('part-failed--dialog');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dismiss).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('a required dialog (dismiss null) has no Close', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazyPart<{ text: string }>('part', () => Promise.reject(new Error('offline')));
    renderUi(<Part text="loaded" dismiss={null} />);
    expect((await screen.findByRole('alert')).className).toContain('part-failed--dialog');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    vi.restoreAllMocks();
  });
});
