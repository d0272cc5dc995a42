import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageBoundary } from '../../ui/widget/components/MessageBoundary';
import { componentStack, renderUi } from './renderUi';

function Broken(): never {
  throw new RangeError('Invalid time value');
}

describe('MessageBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a message that throws while rendering shows as unavailable, with one log line; the messages around it are shown', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderUi(
      <>
        <MessageBoundary id="m1">
          <p>before</p>
        </MessageBoundary>
        <MessageBoundary id="m2">
          <Broken />
        </MessageBoundary>
        <MessageBoundary id="m3">
          <p>after</p>
        </MessageBoundary>
      </>,
    );
    expect(screen.getByText('before')).toBeTruthy();
    expect(screen.getByText('This message is not available.')).toBeTruthy();
    expect(screen.getByText('after')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('[chat] message m2 could not be shown', expect.any(RangeError), componentStack());
  });
});
