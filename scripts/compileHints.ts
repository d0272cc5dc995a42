import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 on): a script that starts with this comment has all its
 * functions compiled at once, on the thread that streams it in, rather than each on the main thread
 * the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_HINT} at the top of the chunks `hinted` names: those every visit runs at once
 * after its first screen — the history's decoding and merging, the list and its rows — so that the
 * functions a history page calls for the first time are compiled before it arrives (issue 30: about
 * 140 functions, 7–10 ms of the first render of a history, compiled lazily then). The chunk's source
 * map gains an empty first line, so it still points where it did.
 */
export function compileHints(hinted: (chunkName: string) => boolean): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own: its preload helper's list of chunks goes at the top of a chunk too.
      order: 'post',
      handler(_, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !hinted(output.name)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // The source map, written by now, gains the empty first line.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
