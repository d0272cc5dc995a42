import { stripBidiControls } from './linkify';

/** File sizes are shown in 1024-based units with this many decimals (SPEC §9). */
const FILE_SIZE_BASE = 1024;
const FILE_SIZE_DECIMALS = 2;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** File size in 1024-based units with 2 decimals (SPEC §9), digits in the visitor's locale. */
export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= FILE_SIZE_BASE && unit < UNITS.length - 1) {
    value /= FILE_SIZE_BASE;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : FILE_SIZE_DECIMALS;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/**
 * A URL from the wire that is safe as a src/href: http(s), blob, data images, or a path on this
 * site. Anything else (javascript:, unknown schemes) gives undefined.
 */
export function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = value.trim();
  if (/^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i.test(url)) return url;
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    return ['http:', 'https:', 'blob:'].includes(parsed.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file name as shown (file card, download name, alt text): without bidi controls, which could
 * disguise its extension ("invoice\u202Efdp.exe" would show as "invoiceexe.pdf"); undefined when
 * nothing is left.
 */
export function shownFileName(name: string | undefined): string | undefined {
  return name === undefined ? undefined : stripBidiControls(name) || undefined;
}

/** Audio length as m:ss. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
