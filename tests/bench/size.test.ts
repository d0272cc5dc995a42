import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { expect, inject, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES } from '../../scripts/precompress';

/**
 * Everything index.html loads before the first message — the JS and CSS of /chat/index's first
 * screen — as the server sends it: brotli (the .br files the build writes, scripts/precompress.ts;
 * files under PRECOMPRESS_MIN_BYTES go as they are), at most this many bytes. The gzip figure is
 * reported beside it.
 *
 * Measurements. Issue 4 asked for 110 kB gzip. The libraries it names weigh 82.7 kB gzip on their
 * own (react-dom 19 + react + scheduler 65.4, react-router 7 8.2 tree-shaken,
 * Lingui with the English catalog 5.0, rxjs 4.1), which leaves 27.3 kB for the engine, hooks, list
 * and screen and their styles; they measured 38.5 (with the chat engine in a chunk of its own, which
 * starts the chat while React downloads). The gzip ratchet then followed the measured size plus
 * 0.8 kB: 121.2 kB, then 122.6 kB on 2026-11-26 (the engine in feature slices, one decoder for both
 * readings of a 1201 event, idempotent delivery, a per-message error boundary, bidi neutralisation
 * and typing notices), 124.4 kB (the persisted outbox, session recovery, event acknowledgement, the
 * echo of another tab's messages), 126.1 kB (the widget's end of the loader's protocol, issue 13),
 * 127.2 kB (a backend that cannot be reached is its own error with Try again, issue 14).
 *
 * Issue 16 measures as served, brotli, and asks for at most 100 kB: 111.7 kB (127.3 gzip) on
 * 2026-11-26, of which react-dom, react, scheduler, react-router and Lingui 72.2 (the entry chunk)
 * and rxjs about 7; the engine's chunk 18.8. Then 109.6 kB: voice input, the video/audio/file
 * renderers, the thinking block, the rating buttons, the FAQ list and the forms with their offer bar
 * load on demand (ui/widget/lazyPart.tsx), their hooks with them; 110.9 kB with push (issue 15).
 * On-demand loading could not reach 100: React 19 alone (react-dom, react, scheduler) is 57.7 kB
 * brotli of it, and what is left on the first screen is what every visitor sees (the engine, the
 * virtualised list, the composer, the navigation bar). So: the routes on wouter instead of
 * react-router (−5.1 kB), the engine, RxJS and what the entry shares with them in one chunk (−1.1,
 * and two requests fewer), and the widget renders with Preact 11 through preact/compat
 * (vite.config.ts's shippedRuntime: −47.9): 57.9 kB (64.5 gzip), of which the entry (Preact,
 * wouter, Lingui, the English catalog) 16.9, the engine's chunk 22.9, /index with its CSS 13.1.
 * Then 58.7 kB (65.5 gzip): avatars, the quick reply that transfers, focus after each action and
 * the bar's reflow at large text. A ratchet again, the measured size plus about 1.3 kB; lower it
 * whenever the first screen shrinks.
 */
const BUDGET_BYTES = 60 * 1024;
const DIST = 'dist';

/** A chunk of Vite's build manifest. */
interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What "initial" means at /chat/index: what index.html loads and preloads — the entry and the chat
 * engine's module with their CSS, the lazily loaded IndexPage route — with everything those import
 * (the English catalog is part of the entry). Other catalogs and chunks load only when asked for.
 */
function initialFiles(manifest: Record<string, Chunk>): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    chunk?.css?.forEach((css) => files.add(css));
    chunk?.imports?.forEach((key) => {
      const imported = manifest[key];
      if (imported) visit(imported.file);
    });
  };
  for (const [, file] of html.matchAll(/(?:src|href)="[^"]*\/(assets\/[^"]+)"/g)) if (file) visit(file);
  return [...files];
}

const readManifest = () => JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** What the server sends for `file` with each encoding: its precompressed file, or the file itself when there is none. */
function servedBytes(file: string): { br: number; gz: number } {
  const path = join(DIST, file);
  const size = (encoded: string) => (existsSync(encoded) ? statSync(encoded).size : statSync(path).size);
  return { br: size(`${path}.br`), gz: size(`${path}.gz`) };
}

it('everything /chat/index loads before the first message stays within its budget, brotli as served (gzip beside it)', () => {
  const files = initialFiles(readManifest());
  expect(files.some((f) => f.includes('IndexPage'))).toBe(true);
  expect(files.some((f) => f.includes('pageChat'))).toBe(true);
  const sizes = files.map((file) => ({ file, ...servedBytes(file) }));
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const total = (key: 'br' | 'gz') => sizes.reduce((sum, s) => sum + s[key], 0);
  console.log(
    `initial /chat/index as served: ${kB(total('br'))} brotli (budget ${kB(BUDGET_BYTES)}), ${kB(total('gz'))} gzip\n` +
      sizes.map((s) => `  ${s.file}: ${kB(s.br)} brotli, ${kB(s.gz)} gzip`).join('\n'),
  );
  expect(total('br')).toBeLessThanOrEqual(BUDGET_BYTES);
});

it('the server sends the first screen precompressed (brotli when accepted, else gzip), cached for a year', async () => {
  const sent: { file: string; br: number; gz: number }[] = [];
  for (const file of initialFiles(readManifest())) {
    const size = readFileSync(join(DIST, file)).byteLength;
    // Too small to be worth compressing: sent as it is.
    if (size < PRECOMPRESS_MIN_BYTES) {
      sent.push({ file, br: size, gz: size });
      continue;
    }
    const url = `${inject('baseUrl')}/chat/${file}`;
    const br = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const gz = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect([br.headers.get('content-encoding'), gz.headers.get('content-encoding')], file).toEqual(['br', 'gzip']);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes: the browser gets exactly the built file.
    expect(Buffer.from(await br.arrayBuffer()).equals(readFileSync(join(DIST, file))), file).toBe(true);
    await gz.body?.cancel();
    // What the budget above counts is what goes over the wire.
    expect([Number(br.headers.get('content-length')), Number(gz.headers.get('content-length'))], file).toEqual([servedBytes(file).br, servedBytes(file).gz]);
    sent.push({ file, br: Number(br.headers.get('content-length')), gz: Number(gz.headers.get('content-length')) });
  }
  const kB = (key: 'br' | 'gz') => (sent.reduce((sum, s) => sum + s[key], 0) / 1024).toFixed(1);
  console.log(`initial /chat/index over the wire: ${kB('br')} kB brotli, ${kB('gz')} kB gzip`);
});

/** The host-page loader's budget, brotli at quality 11 (issue 13: at most 3 kB on every page of the host's site). */
const LOADER_BUDGET_BYTES = 3 * 1024;

it('the host-page loader stays within 3 kB brotli (issue 13)', () => {
  const loader = readFileSync(join(DIST, 'loader.js'));
  const brotli = brotliCompressSync(loader, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: loader.byteLength } }).byteLength;
  console.log(`dist/loader.js: ${loader.byteLength} B, ${brotli} B brotli (budget ${LOADER_BUDGET_BYTES} B)`);
  expect(brotli).toBeLessThanOrEqual(LOADER_BUDGET_BYTES);
});
