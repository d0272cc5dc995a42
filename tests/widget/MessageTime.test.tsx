import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageTime } from '../../ui/widget/components/MessageTime';
import { renderUi } from './renderUi';

const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();
const plain = (s: string | null) => (s ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('MessageTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(2024, 5, 15, 14, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the time for a message of today', () => {
    renderUi(<MessageTime time={at(2024, 5, 15, 9, 5)} />);
    expect(plain(screen.getByRole('time').textContent)).toBe('9:05 AM');
  });

  it('shows "Yesterday" and the time for a message of yesterday', () => {
    renderUi(<MessageTime time={at(2024, 5, 14, 18, 0)} />);
    expect(plain(screen.getByRole('time').textContent)).toBe('Yesterday 6:00 PM');
  });

  it('shows the weekday for a message of this week and the date for an older one', () => {
    renderUi(
      <>
        <MessageTime time={at(2024, 5, 12, 8, 0)} />
        <MessageTime time={at(2023, 12, 24, 18, 0)} />
      </>,
    );
    const [week, old] = screen.getAllByRole('time').map((t) => plain(t.textContent));
    expect(week).toBe('Sunday 8:00 AM');
    expect(old).toBe('Dec 24, 2023, 6:00 PM');
  });

  it('carries the machine-readable instant', () => {
    const time = at(2024, 5, 15, 9, 5);
    renderUi(<MessageTime time={time} />);
    expect(screen.getByRole('time').getAttribute('datetime')).toBe(new Date(time).toISOString());
  });
});
