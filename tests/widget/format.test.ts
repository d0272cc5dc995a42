import { describe, expect, it } from 'vitest';
import { fileNameParts, formatDuration, formatFileSize, formatInteger, timeLabel as rawTimeLabel, type TimeLabel } from '../../ui/widget/format';

/** A local date-time (months from 1). */
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();

/** timeLabel with Intl's narrow no-break spaces (ICU 72+) read as plain spaces, for readable expectations. */
const timeLabel = (time: number, now: number, locale: string): TimeLabel =>
  JSON.parse(JSON.stringify(rawTimeLabel(time, now, locale)).replace(/[\u202f\u00a0]/g, ' ')) as TimeLabel;

// Wednesday 15 May 2024, 14:30 local time.
const NOW = at(2024, 5, 15, 14, 30);

describe('timeLabel', () => {
  it('a message from earlier today shows only its time', () => {
    expect(timeLabel(at(2024, 5, 15, 9, 5), NOW, 'en')).toEqual({ kind: 'today', time: '9:05 AM' });
  });

  it('a message from just after midnight today is still today', () => {
    expect(timeLabel(at(2024, 5, 15, 0, 1), NOW, 'en').kind).toBe('today');
  });

  it('a message from yesterday late evening shows "yesterday" with its time', () => {
    expect(timeLabel(at(2024, 5, 14, 23, 59), NOW, 'en')).toEqual({ kind: 'yesterday', time: '11:59 PM' });
  });

  it('yesterday is a calendar day, not 24 hours: 00:01 today vs 23:59 yesterday', () => {
    expect(timeLabel(at(2024, 5, 14, 23, 59), at(2024, 5, 15, 0, 1), 'en').kind).toBe('yesterday');
  });

  it('a message from within the last 7 days shows its weekday and time', () => {
    expect(timeLabel(at(2024, 5, 12, 8, 0), NOW, 'en')).toEqual({ kind: 'weekday', text: 'Sunday 8:00 AM' });
    expect(timeLabel(at(2024, 5, 9, 8, 0), NOW, 'en')).toMatchObject({ kind: 'weekday', text: expect.stringContaining('Thursday') });
  });

  it('a message from a week ago or earlier shows the full date', () => {
    const weekAgo = timeLabel(at(2024, 5, 8, 8, 0), NOW, 'en');
    expect(weekAgo.kind).toBe('date');
    expect(timeLabel(at(2023, 12, 24, 18, 0), NOW, 'en')).toEqual({ kind: 'date', date: 'Dec 24, 2023, 6:00 PM' });
  });

  it('a message stamped slightly in the future (clock skew) reads as today', () => {
    expect(timeLabel(NOW + 60_000, NOW, 'en').kind).toBe('today');
  });

  it('formats in the given locale', () => {
    expect(timeLabel(at(2024, 5, 12, 8, 0), NOW, 'de')).toEqual({ kind: 'weekday', text: 'Sonntag, 08:00' });
  });
});

/** Intl's no-break spaces (between number and unit) read as plain spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('numbers, file sizes and audio lengths in the visitor’s language', () => {
  it('file sizes use 1024-based units with at most one decimal and the language’s unit symbols (issue 28: not “592 byte”, “1.50 kB”)', () => {
    expect(plain(formatFileSize(592, 'en'))).toBe('592 B');
    expect(plain(formatFileSize(1536, 'en'))).toBe('1.5 kB');
    expect(plain(formatFileSize(2048, 'en'))).toBe('2 kB');
    expect(plain(formatFileSize(10 * 1024 * 1024, 'en'))).toBe('10 MB');
    expect(plain(formatFileSize(1536, 'ru'))).toBe('1,5 кБ');
    expect(plain(formatFileSize(592, 'ru'))).toBe('592 Б');
    expect(plain(formatFileSize(1536, 'ja'))).toBe('1.5 KB');
  });

  it('a number and its unit are kept apart by a no-break space, also where the language writes them together', () => {
    for (const locale of ['en', 'fr', 'ja', 'es', 'it']) {
      for (const bytes of [592, 1536, 10 * 1024 * 1024]) expect(formatFileSize(bytes, locale)).toMatch(/\d[\u00a0\u202f]\S/);
    }
  });

  it('German writes a decimal comma', () => {
    expect(plain(formatFileSize(1536, 'de'))).toBe('1,5 kB');
  });

  it('Persian writes Persian digits: sizes, audio lengths and seconds', () => {
    expect(plain(formatFileSize(1536, 'fa'))).toBe('۱٫۵ kB');
    expect(formatDuration(65, 'fa')).toBe('۱:۰۵');
    expect(formatInteger(12, 'fa')).toBe('۱۲');
  });

  it('Arabic and the others write the digits Intl gives their tag; Bengali its own', () => {
    expect(formatDuration(65, 'ar')).toBe(new Intl.NumberFormat('ar').format(1) + ':' + new Intl.NumberFormat('ar', { minimumIntegerDigits: 2 }).format(5));
    expect(formatDuration(125, 'bn')).toBe('২:০৫');
  });

  it('an audio length reads m:ss, rounded, never negative', () => {
    expect(formatDuration(0, 'en')).toBe('0:00');
    expect(formatDuration(59.6, 'en')).toBe('1:00');
    expect(formatDuration(754, 'en')).toBe('12:34');
    expect(formatDuration(-3, 'en')).toBe('0:00');
  });
});

describe('fileNameParts', () => {
  it('keeps the extension with the last four characters before it at the end (issue 28: “invoice-or…1042.pdf”)', () => {
    expect(fileNameParts('invoice-order-1042.pdf')).toEqual({ start: 'invoice-order-', end: '1042.pdf' });
    expect(fileNameParts('a.pdf')).toEqual({ start: '', end: 'a.pdf' });
  });

  it('a name without an extension (or a long “extension”) keeps its last four characters', () => {
    expect(fileNameParts('README-for-everyone')).toEqual({ start: 'README-for-ever', end: 'yone' });
    expect(fileNameParts('photo.this-is-not-an-extension')).toEqual({ start: 'photo.this-is-not-an-exten', end: 'sion' });
    expect(fileNameParts('.gitignore')).toEqual({ start: '.gitig', end: 'nore' });
  });

  it('never splits a character of two UTF-16 units, and the parts give back the name', () => {
    const name = '报告😀😀😀😀.pdf';
    const { start, end } = fileNameParts(name);
    expect(end).toBe('😀😀😀😀.pdf');
    expect(start + end).toBe(name);
  });
});
