import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from '../../ui/widget/components/PageErrorBoundary';
import { componentStack, renderUi } from './renderUi';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('PageErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a page that throws while rendering shows a message and Try again, not a blank page; the error goes to the console', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const retry = vi.fn();
    renderUi(
      <PageErrorBoundary onRetry={retry}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('The chat could not load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('[chat] the page failed to render', expect.any(Error), componentStack());
  });

  it('a page that renders is shown as it is', () => {
    renderUi(
      <PageErrorBoundary>
        <p>the chat</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('the chat')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
