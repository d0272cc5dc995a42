import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatError } from '../../engine';
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

  it("the server's detail is shown as text, never as HTML", () => {
    renderUi(<ErrorState error={{ code: 'unknownChannel', detail: '<img src=x onerror=alert(1)>' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('img')).toBeNull();
    expect(alert.textContent).toBe('Unknown channel, <img src=x onerror=alert(1)>');
  });
});
