import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { expect, inject, it } from 'vitest';
import type { WidgetRuntime } from '../../scripts/widgetRuntime';
import { COMPILE_HINT } from '../../scripts/compileHints';
import { PRECOMPRESS_MIN_BYTES } from '../../scripts/precompress';
import { testedRuntime } from '../support/runtime';

/**
 * Everything index.html loads before the first message — the JS and CSS of /chat/index's first
 * screen — as the server sends it: brotli (the .br files the build writes, scripts/precompress.ts;
 * files under PRECOMPRESS_MIN_BYTES go as they are), at most its runtime's budget; gzip is printed
 * beside it. Each e2e project checks the build it serves: `e2e` the React one, `e2e-preact` the
 * Preact one (tag smoke). The budgets are ratchets, a little above the measured size: lower one
 * whenever its first screen shrinks; docs/sizes.md has the figures and their history.
 */
// Raised by 0.5 kB each for issue 27's background resends, by 0.5 kB each for issue 30's long
// texts (the rule and the pieces of a streamed answer: React +597 B, Preact +571 B), and by 0.7 and
// 0.6 kB for issue 30's work a message that does not grow with the conversation (the timeline's
// change notes and the index over them, the outbox's test: engine +0.6 kB; the list's rows read
// from their neighbours, the screen's own selection, the avatar's initial without a segmenter)
// (docs/sizes.md, History), and by 0.4 kB each for issue 30's batches that cost the same at any
// length (the engine's intents routed by type, a batch's intents without a stream of each, no
// no-op state changes: engine +342 B React) and the list that stays at its end (+59 B), and by 0.1
// and 0.2 kB for issue 30's first render of a history (V8's compile hint atop the engine and the
// chat page, +96 B; the decoder's fields read by name, the avatar's ASCII initial: React +147 B,
// Preact +173 B in all).
const BUDGET_KB: Record<WidgetRuntime, number> = { react: 115.7, preact: 66.2 };
const BUDGET_BYTES = BUDGET_KB[testedRuntime()] * 1024;
const DIST = inject('distDir');

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

it('everything /chat/index loads before the first message stays within its budget, brotli as served (gzip beside it)', { tags: ['smoke'] }, () => {
  const files = initialFiles(readManifest());
  expect(files.some((f) => f.includes('IndexPage'))).toBe(true);
  expect(files.some((f) => f.includes('earlyChat'))).toBe(true);
  const sizes = files.map((file) => ({ file, ...servedBytes(file) }));
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const total = (key: 'br' | 'gz') => sizes.reduce((sum, s) => sum + s[key], 0);
  console.log(
    `initial /chat/index as served, ${testedRuntime()} build: ${kB(total('br'))} brotli (budget ${kB(BUDGET_BYTES)}), ${kB(total('gz'))} gzip\n` +
      sizes.map((s) => `  ${s.file}: ${kB(s.br)} brotli, ${kB(s.gz)} gzip`).join('\n'),
  );
  expect(total('br')).toBeLessThanOrEqual(BUDGET_BYTES);
});

it('the server sends the first screen precompressed (brotli when accepted, else gzip), cached for a year', { tags: ['smoke'] }, async () => {
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
  console.log(`initial /chat/index over the wire, ${testedRuntime()} build: ${kB('br')} kB brotli, ${kB('gz')} kB gzip`);
});

it(
  'the chunks a visit runs as its history arrives — the engine, the chat page with its list — start with V8’s compile hint, and their source maps still point where they did; the renderer and the loader compile lazily',
  { tags: ['smoke'] },
  () => {
    const chunks = Object.values(readManifest());
    const file = (test: (chunk: Chunk) => boolean) => {
      const found = chunks.find(test);
      if (!found) throw new Error('no such chunk in the manifest');
      return readFileSync(join(DIST, found.file), 'utf8');
    };
    const hinted = [file((c) => c.file.startsWith('assets/engine-')), file((c) => c.src === 'ui/widget/pages/IndexPage.tsx')];
    for (const code of hinted) {
      expect(code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
      // The map's lines are the code's (the last line is the map's URL): the hint's line maps to nothing.
      const [, mapFile] = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code) ?? [];
      const map = JSON.parse(readFileSync(join(DIST, 'assets', mapFile ?? ''), 'utf8')) as { mappings: string };
      const lines = map.mappings.split(';');
      expect(lines.length).toBe(code.trimEnd().split('\n').length - 1);
      expect(lines[0]).toBe('');
    }
    expect(file((c) => c.isEntry === true).includes(COMPILE_HINT)).toBe(false);
    expect(readFileSync(join(DIST, 'loader.js'), 'utf8').includes(COMPILE_HINT)).toBe(false);
  },
);

/** The host-page loader's budget, brotli at quality 11 (issue 13: at most 3 kB on every page of the host's site). */
const LOADER_BUDGET_BYTES = 3 * 1024;

it('the host-page loader stays within 3 kB brotli (issue 13)', () => {
  const loader = readFileSync(join(DIST, 'loader.js'));
  const brotli = brotliCompressSync(loader, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: loader.byteLength },
  }).byteLength;
  console.log(`dist/loader.js: ${loader.byteLength} B, ${brotli} B brotli (budget ${LOADER_BUDGET_BYTES} B)`);
  expect(brotli).toBeLessThanOrEqual(LOADER_BUDGET_BYTES);
});
