/** Days within which a date shows as a weekday (SPEC §9). */
const WEEKDAY_WINDOW_DAYS = 7;
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

const STYLES = {
  clock: { hour: 'numeric', minute: '2-digit' },
  weekday: { weekday: 'long', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Formatters by locale and style, made once: a list formats dozens of times per render. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, made);
  }
  return made;
}

const format = (time: number, locale: string, style: keyof typeof STYLES): string => formatter(locale, style).format(time);

/**
 * Makes the formatters of `locale` ahead of the first message. The first Intl formatter of a page
 * loads the locale data (≈20 ms): done while the chat connects, it stays off the path from the
 * history's arrival to its paint.
 */
export function prepareTimeFormats(locale: string): void {
  for (const style of Object.keys(STYLES) as (keyof typeof STYLES)[]) formatter(locale, style);
}

/** Classifies and formats `time` relative to `now` with Intl in the given locale. */
export function timeLabel(time: number, now: number, locale: string): TimeLabel {
  const clock = format(time, locale, 'clock');
  const days = Math.round((startOfDay(now) - startOfDay(time)) / DAY_MS);
  if (days <= 0) return { kind: 'today', time: clock };
  if (days === 1) return { kind: 'yesterday', time: clock };
  if (days < WEEKDAY_WINDOW_DAYS) {
    // One Intl format, so that each language orders and joins weekday and time its own way.
    return { kind: 'weekday', text: format(time, locale, 'weekday') };
  }
  return { kind: 'date', date: format(time, locale, 'date') };
}
