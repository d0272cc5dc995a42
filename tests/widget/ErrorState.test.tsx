import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatError } from '@visitor-chat/chat-engine';
import { ErrorState } from '../../ui/widget/components/ErrorState';
import { renderUi } from './renderUi';

describe('ErrorState', () => {
  it.each<[ChatError, string, string]>([
    [{ code: 'unknownChannelId' }, 'This chat is not available.', 'unknownChannelId'],
    [{ code: 'unknownChannel', detail: 'channel not found' }, 'This chat is not available.', 'unknownChannel: channel not found'],
    [{ code: 'sessionFailed', detail: 'chatStart: HTTP 502' }, 'The chat could not load.', 'sessionFailed: chatStart: HTTP 502'],
  ])('error %j reads "%s" as an alert, in the visitor\'s words; the server\'s in the details for support, folded', async (error, text, detail) => {
    renderUi(<ErrorState error={error} />);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    // The ways on load with their part.
    const details = (await screen.findByText('Details for support')).closest('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('code')?.textContent).toBe(detail);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a backend that cannot be reached: its own words, no internal detail, and Try again', () => {
    const retry = vi.fn();
    renderUi(
      <ErrorState
        error={{ code: 'unreachable', call: 'channelInfo', detail: 'Failed to fetch (https://chat.example.com/api/chat/visitor/channelInfo)' }}
        retry={retry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The chat can’t be reached. Check your connection — it keeps trying.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("the server's detail is shown as text, never as HTML", async () => {
    renderUi(<ErrorState error={{ code: 'unknownChannel', detail: '<img src=x onerror=alert(1)>' }} />);
    const details = (await screen.findByText('Details for support')).closest('details');
    expect(details?.querySelector('img')).toBeNull();
    expect(details?.querySelector('code')?.textContent).toBe('unknownChannel: <img src=x onerror=alert(1)>');
  });
});
