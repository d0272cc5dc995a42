/**
 * Every number, size, length and time the widget shows, formatted with Intl in the visitor's
 * locale: its digits (Persian in fa, Bengali in bn …), its decimal and grouping signs, its unit
 * names. One place, so that no component writes digits or units of its own.
 */

/** Days within which a date shows as a weekday (SPEC §9). */
const WEEKDAY_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** File sizes are shown in 1024-based units (SPEC §9) with at most this many decimals ("1.5 kB", "10 MB"). */
const FILE_SIZE_BASE = 1024;
const FILE_SIZE_DECIMALS = 1;
/** Intl's byte units from the smallest; each step is FILE_SIZE_BASE times the previous one here. */
const FILE_SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
/** A file name's end that always shows: its extension up to this length (dot included)… */
const FILE_EXTENSION_MAX = 8;
/** …and this many characters before it. */
const FILE_NAME_TAIL = 4;
const SECONDS_PER_MINUTE = 60;

const DATE_STYLES = {
  clock: { hour: 'numeric', minute: '2-digit' },
  weekday: { weekday: 'long', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const NUMBER_STYLES = {
  integer: { maximumFractionDigits: 0 },
  // The seconds of m:ss: two digits, no grouping.
  twoDigits: { minimumIntegerDigits: 2, useGrouping: false },
  ...Object.fromEntries(
    FILE_SIZE_UNITS.map((unit, i) => {
      // The narrow unit is the symbol ("B", "kB"; "Б" in ru, "ب" in ar) where short may spell it out ("byte").
      return [unit, { style: 'unit', unit, unitDisplay: 'narrow', maximumFractionDigits: i === 0 ? 0 : FILE_SIZE_DECIMALS }];
    }),
  ),
} as Record<'integer' | 'twoDigits' | (typeof FILE_SIZE_UNITS)[number], Intl.NumberFormatOptions>;

type DateStyle = keyof typeof DATE_STYLES;
type NumberStyle = keyof typeof NUMBER_STYLES;

/** Formatters by locale and style, each made once: a list formats dozens of times per render. */
export function madeOnce<S extends string, F>(make: (locale: string, style: S) => F): (locale: string, style: S) => F {
  const made = new Map<string, F>();
  return (locale, style) => {
    const key = `${locale}|${style}`;
    const formatter = made.get(key) ?? make(locale, style);
    made.set(key, formatter);
    return formatter;
  };
}

const dateFormatter = madeOnce((locale, style: DateStyle) => new Intl.DateTimeFormat(locale, DATE_STYLES[style]));
const numberFormatter = madeOnce((locale, style: NumberStyle) => new Intl.NumberFormat(locale, NUMBER_STYLES[style]));

/**
 * Makes the formatters of `locale` ahead of the first message. The first Intl formatter of a page
 * loads the locale data (≈20 ms): done while the chat connects, it stays off the path from the
 * history's arrival to its paint.
 */
export function prepareFormats(locale: string): void {
  for (const style of Object.keys(DATE_STYLES) as DateStyle[]) dateFormatter(locale, style);
  numberFormatter(locale, 'integer');
}

/** A whole number in the locale's digits (a placeholder such as `{seconds}` of a message). */
export function formatInteger(value: number, locale: string): string {
  return numberFormatter(locale, 'integer').format(value);
}

/**
 * File size in 1024-based units with at most one decimal ("592 B", "1.5 kB"), with the locale's
 * digits and unit symbols; number and unit apart by a no-break space where the locale joins them.
 */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= FILE_SIZE_BASE && unit < FILE_SIZE_UNITS.length - 1) {
    value /= FILE_SIZE_BASE;
    unit += 1;
  }
  // A narrow unit may touch the number ("592B" in en): a no-break space keeps them apart, on one line.
  return numberFormatter(locale, FILE_SIZE_UNITS[unit] ?? 'byte')
    .format(value)
    .replace(/(\p{Nd})(?=[^\p{Nd}\s.,٫٬])/u, '$1\u00a0');
}

/**
 * A file name cut for a one-line box: the start, which may be shortened with an ellipsis, and the
 * end, which always shows — the extension with the last characters before it ("invoice-or…" and
 * "1042.pdf"). Without an extension the end is the last characters.
 */
export function fileNameParts(name: string): { start: string; end: string } {
  const chars = Array.from(name);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= FILE_EXTENSION_MAX ? Array.from(name.slice(dot)).length : 0;
  const cut = Math.max(0, chars.length - extension - FILE_NAME_TAIL);
  return { start: chars.slice(0, cut).join(''), end: chars.slice(cut).join('') };
}

/** Audio length as m:ss, with the locale's digits. */
export function formatDuration(seconds: number, locale: string): string {
  const s = Math.max(0, Math.round(seconds));
  return `${formatInteger(Math.floor(s / SECONDS_PER_MINUTE), locale)}:${numberFormatter(locale, 'twoDigits').format(s % SECONDS_PER_MINUTE)}`;
}

function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** How a message time reads (SPEC §9): today → time; yesterday; within 7 days → weekday; else the date. */
export type TimeLabel =
  { kind: 'today'; time: string } | { kind: 'yesterday'; time: string } | { kind: 'weekday'; text: string } | { kind: 'date'; date: string };

const formatDate = (time: number, locale: string, style: DateStyle): string => dateFormatter(locale, style).format(time);

/** Classifies and formats `time` relative to `now` with Intl in the given locale. */
export function timeLabel(time: number, now: number, locale: string): TimeLabel {
  const clock = formatDate(time, locale, 'clock');
  const days = Math.round((startOfDay(now) - startOfDay(time)) / DAY_MS);
  if (days <= 0) return { kind: 'today', time: clock };
  if (days === 1) return { kind: 'yesterday', time: clock };
  if (days < WEEKDAY_WINDOW_DAYS) {
    // One Intl format, so that each language orders and joins weekday and time its own way.
    return { kind: 'weekday', text: formatDate(time, locale, 'weekday') };
  }
  return { kind: 'date', date: formatDate(time, locale, 'date') };
}
