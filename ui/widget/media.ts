import { stripBidiControls } from './linkify';

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
