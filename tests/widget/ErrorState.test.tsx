import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatError } from '@visitor-chat/chat-engine';
import { ErrorState } from '../../ui/widget/components/ErrorState';
import { renderUi } from './renderUi';

describe('ErrorState', () => {
  it.each<[ChatError, string]>([
    [{ code: 'unknownChannelId' }, 'Unknown channel id'],
    [{ code: 'unknownChannel', detail: 'channel not found' }, 'Unknown channel, channel not found'],
    [{ code: 'sessionFailed', detail: 'chatStart: HTTP 502' }, 'Failed to create session, chatStart: HTTP 502'],
  ])('error %j reads "%s" as an alert', (error, text) => {
    renderUi(<ErrorState error={error} />);
    expect(screen.getByRole('alert').textContent).toBe(text);
  });

  it('a backend that cannot be reached: its own words, no internal detail, and Try again', () => {
    const retry = vi.fn();
    renderUi(<ErrorState error={{ code: 'unreachable', call: 'channelInfo', detail: 'channelInfo: Failed to fetch' }} retry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('The chat can’t be reached. Check your connection — it keeps trying.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("the server's detail is shown as text, never as HTML", () => {
    renderUi(<ErrorState error={{ code: 'unknownChannel', detail: '<img src=x onerror=alert(1)>' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('img')).toBeNull();
    expect(alert.textContent).toBe('Unknown channel, <img src=x onerror=alert(1)>');
  });
});
