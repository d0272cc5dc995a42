import { posix } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * An on-demand part's load as Vite renders it before minifying: `lazyPart("name", () =>
 * __vitePreload(() => import("./Part-hash.js")…` (lazyPreloaded's alike); the chunk it imports.
 */
const PART_LOAD = /\blazy(?:Part|Preloaded)\("[^"]*", \(\) => __vitePreload\(\(\) => import\("([^"]+)"\)/g;

/** The same load minified: `f(`name`,()=>L(()=>import(`./Part-hash.js`)`, f lazyPart or lazyPreloaded, L Vite's preload helper. */
const MINIFIED_LOAD = /([\w$]+\(([`"'])[^`"']*\2,)\(\)=>([\w$]+)\(\(\)=>import\(([`"'])([^`"']+)\4\)/g;

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ.indexOf(char);
    value += (digit & 31) << shift;
    shift += 5;
    if (digit & 32) continue;
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

function encodeSegment(values: number[]): string {
  return values
    .map((n) => {
      let value = n < 0 ? (-n << 1) | 1 : n << 1;
      let out = '';
      do {
        const digit = value & 31;
        value >>>= 5;
        out += VLQ[value ? digit | 32 : digit];
      } while (value);
      return out;
    })
    .join('');
}

/** Code moved by `delta` characters from `column` of generated line `line` on (0-based). */
interface Edit {
  line: number;
  column: number;
  delta: number;
}

/** Moves a source map's generated columns past each edit, so that it still maps the edited code. */
function shiftMappings(mappings: string, edits: Edit[]): string {
  return mappings
    .split(';')
    .map((line, index) => {
      const onLine = edits.filter((edit) => edit.line === index);
      if (!onLine.length) return line;
      let column = 0;
      let shifted = 0;
      return line
        .split(',')
        .map((segment) => {
          const values = decodeSegment(segment);
          column += values[0] ?? 0;
          const moved = onLine.filter((edit) => edit.column <= column).reduce((sum, edit) => sum + edit.delta, 0);
          values[0] = (values[0] ?? 0) + moved - shifted;
          shifted = moved;
          return encodeSegment(values);
        })
        .join(',');
    })
    .join(';');
}

/**
 * Turns the minified loads of `parts` (file names) in one chunk into loads of `?query`: `q=>L(()=>
 * import(`./Part-hash.js`+q)`; with the edits made, for its source map.
 */
function freshLoadsIn(chunk: Rolldown.OutputChunk, parts: Set<string>): Edit[] {
  const edits: Edit[] = [];
  const lineStarts = [0, ...[...chunk.code.matchAll(/\n/g)].map((m) => m.index + 1)];
  const at = (offset: number) => {
    const line = lineStarts.findLastIndex((start) => start <= offset);
    return { line, column: offset - (lineStarts[line] ?? 0) };
  };
  chunk.code = chunk.code.replace(
    MINIFIED_LOAD,
    (match: string, call: string, _nameQuote: string, helper: string, quote: string, url: string, offset: number) => {
      if (!parts.has(posix.join(posix.dirname(chunk.fileName), url))) return match;
      // A parameter name the load's body does not use: the helper's is the only outer name before the import.
      const query = helper === 'q' ? 'Q' : 'q';
      // `()` becomes one character; `+q` goes before the import's closing parenthesis.
      const load = offset + call.length;
      edits.push({ ...at(load + 2), delta: -1 }, { ...at(offset + match.length - 1), delta: 2 });
      return `${call}${query}=>${helper}(()=>import(${quote}${url}${quote}+${query})`;
    },
  );
  return edits;
}

/**
 * Lets a part that failed to load (ui/widget/lazyPreloaded.ts) import its chunk afresh: each part's
 * load takes a query that goes on its chunk's URL (`?retry=1`; lazyPreloaded passes '' otherwise),
 * so that a retry is a new request where the browser would hand back the same failure — a fetch
 * that still hangs, which a plain import of the same URL joins (Chromium does), or a failed fetch
 * that the browser keeps in its module map (the HTML standard stopped that in whatwg/html#10327:
 * Chromium fetches again, Firefox and Safari had not followed yet). Vite's preload helper still
 * loads the chunk's imports and styles: the loads change after Vite has read them (the import must
 * be a fixed URL then) and the chunks minified, which costs a byte a part. The build fails when no
 * part's load is found: the shape they are rendered in changed, and retries would fetch nothing new.
 */
export function freshImports(): Plugin {
  // Preliminary (hash placeholder) file names of the chunks that parts load, and how many loads.
  const parts = new Set<string>();
  let loads = 0;
  return {
    name: 'fresh-imports',
    apply: 'build',
    renderChunk(code, chunk) {
      for (const [, url] of code.matchAll(PART_LOAD)) {
        if (url) parts.add(posix.join(posix.dirname(chunk.fileName), url));
        loads += 1;
      }
      return null;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const files = new Set(chunks.filter((chunk) => parts.has(chunk.preliminaryFileName)).map((chunk) => chunk.fileName));
        let count = 0;
        for (const chunk of chunks) {
          const edits = freshLoadsIn(chunk, files);
          count += edits.length / 2;
          if (edits.length && chunk.map) chunk.map.mappings = shiftMappings(chunk.map.mappings, edits);
        }
        if (count !== loads || loads === 0) this.error(`freshImports: ${loads} loads of parts were rendered, ${count} of them found minified`);
      },
    },
  };
}
