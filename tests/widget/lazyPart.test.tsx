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
    expect(warn).toHaveBeenCalledWith('[chat] part could not load', expect.any(Error), componentStack());
    vi.restoreAllMocks();
  });
});
