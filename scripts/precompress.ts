import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser downloads as text: scripts, styles, the page, icons. Source maps only DevTools asks for. */
const COMPRESSIBLE = /\.(?:js|css|html|svg)$/;
/** Below this, compression saves less than its headers and the server's work cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** The smallest brotli and gzip encodings of `source` (done once per build, so the slowest levels are fine). */
async function compressed(source: Uint8Array): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

/**
 * Writes `file.br` and `file.gz` beside each built script, style and page of 1 kB or more, so that
 * the Node host serves them precompressed (server/node.ts) — no compression work per request.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.values(bundle).flatMap((output) => {
        if (!COMPRESSIBLE.test(output.fileName)) return [];
        const source = output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
        return source.byteLength < PRECOMPRESS_MIN_BYTES ? [] : [{ path: join(dir, output.fileName), source }];
      });
      await Promise.all(
        files.map(async ({ path, source }) => {
          const { br, gz } = await compressed(source);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
