import { WEEKDAY_WINDOW_DAYS } from '../../engine/constants';

const DAY_MS = 86_400_000;

function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** How a message time reads (SPEC §9): today → time; yesterday; within 7 days → weekday; else the date. */
export type TimeLabel =
  | { kind: 'today'; time: string }
  | { kind: 'yesterday'; time: string }
  | { kind: 'weekday'; text: string }
  | { kind: 'date'; date: string };

/** Classifies and formats `time` relative to `now` with Intl in the given locale. */
export function timeLabel(time: number, now: number, locale: string): TimeLabel {
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(time);
  const days = Math.round((startOfDay(now) - startOfDay(time)) / DAY_MS);
  if (days <= 0) return { kind: 'today', time: clock };
  if (days === 1) return { kind: 'yesterday', time: clock };
  if (days < WEEKDAY_WINDOW_DAYS) {
    // One Intl format, so that each language orders and joins weekday and time its own way.
    return { kind: 'weekday', text: new Intl.DateTimeFormat(locale, { weekday: 'long', hour: 'numeric', minute: '2-digit' }).format(time) };
  }
  return { kind: 'date', date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time) };
}
