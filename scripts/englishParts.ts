import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import MagicString from 'magic-string';
import PO from 'pofile';
import type { Plugin } from 'vite';

/** The English catalog, which the entry imports (ui/i18n/i18n.ts). */
const CATALOG = 'locales/en/messages.po';
/** The module of the English messages only on-demand parts show, empty until the build fills it. */
const REST = 'ui/i18n/englishRest.ts';
/** Where the two halves go in the rendered chunks: the build writes each in place of its marker. */
const FIRST_MARKER = '__english_first_screen__';
const REST_MARKER = '__english_parts__';
/**
 * A part's load in the source: `lazyPart('name', () => import('./Part')` (ui/widget/lazyPart.tsx,
 * which loads it with the parts' English), or another load that waits for them,
 * `withEnglishRest(import('./Module'))` (ui/i18n/i18n.ts).
 */
const PART_LOAD = /\b(?:lazyPart\(\s*(['"`])[^'"`]*\1,\s*\(\)\s*=>\s*|withEnglishRest\()import\((['"`])([^'"`]+)\2\)/g;

type Messages = Record<string, unknown>;

/** Each message's id and the files it comes from (`#:` lines, relative to the root), from a .po catalog. */
export function messageOrigins(po: string): Map<string, string[]> {
  return new Map(
    PO.parse(po).items.map((item) => [
      item.extractedComments.includes('js-lingui-explicit-id') ? item.msgid : generateMessageId(item.msgid, item.msgctxt ?? ''),
      item.references.flatMap((line) => line.split(/\s+/)).map((reference) => reference.replace(/:\d+$/, '')),
    ]),
  );
}

/**
 * The catalog in two: the messages whose every origin `partsOnly` (a file that only on-demand parts
 * reach) go to `rest`; the others — and any message of unknown origin — stay in `first`.
 */
export function splitCatalog(messages: Messages, origins: Map<string, string[]>, partsOnly: (file: string) => boolean): { first: Messages; rest: Messages } {
  const first: Messages = {};
  const rest: Messages = {};
  for (const [id, message] of Object.entries(messages)) {
    const files = origins.get(id) ?? [];
    if (files.length && files.every(partsOnly)) rest[id] = message;
    else first[id] = message;
  }
  return { first, rest };
}

/** The `ids` that `code` names as string literals (a message's id is one: `i18n._("1LLF3Z")`, `id: "1LLF3Z"`). */
export function idsIn(code: string, ids: string[]): string[] {
  const literals = new Set([...code.matchAll(/(["'`])([^"'`\\\s]{6})\1/g)].map((match) => match[2]));
  return ids.filter((id) => literals.has(id));
}

/** A JavaScript string literal for `JSON.parse` of `messages`, as Lingui compiles a catalog. */
const literal = (messages: Messages) => JSON.stringify(JSON.stringify(messages));

/** Lingui's compiled catalog (`export const messages = JSON.parse("…")`) back into its messages. */
function compiledMessages(code: string): Messages {
  const source = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
  if (!source) throw new Error(`englishParts: ${CATALOG} did not compile to JSON.parse("…")`);
  return JSON.parse(JSON.parse(source) as string) as Messages;
}

/**
 * The English catalog is the entry's (ui/i18n/i18n.ts), but about half its messages only on-demand
 * parts show: in the build those go to a chunk of their own (ui/i18n/englishRest.ts), which every
 * part — and what a failed part says — waits for before it renders (`withEnglishRest`). A message
 * is the parts' when each of its origins (locales/en/messages.po's `#:` lines) is a module that the
 * entry reaches only through a part's load — `lazyPart('name', () => import('./Part'))` or
 * `withEnglishRest(import('./Module'))` — in the build's own module graph; the other dynamic
 * imports (the page, the early chat, the engine's on-demand modules, the catalogs) count as the
 * first screen's. The build fails when an id moved to the parts shows in a module that the first
 * screen reaches (as rendered, and in its chunks as minified when they hold none of the parts'
 * modules): a visitor would see it raw; and when nothing moved (the split stopped working).
 * Outside a build (the dev server, Vitest) englishRest.ts is empty and the catalog whole.
 */
export function englishParts(): Plugin {
  let root = process.cwd();
  let catalog: Messages | undefined;
  /** The modules that parts' loads import. */
  const partTargets = new Set<string>();
  let split: { first: Messages; rest: Messages; firstScreen: Set<string> } | undefined;
  const isCatalog = (id: string) => /[\\/]locales[\\/][^\\/]+[\\/]messages\.po$/.test(id);
  /** Fails the build when `code`, which the first screen runs, names an id moved to the parts: a visitor would see it raw. */
  const checkFirstScreen = (context: { error: (message: string) => never }, where: string, code: string) => {
    const shown = idsIn(code, Object.keys(split?.rest ?? {}));
    if (shown.length) context.error(`englishParts: ${where}, which the first screen loads, names ids moved to the parts: ${shown.join(', ')}`);
  };

  return {
    name: 'english-parts',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transform: {
      order: 'post',
      async handler(code, id) {
        if (id === resolve(root, CATALOG)) {
          catalog = compiledMessages(code);
          return { code: `export const messages = JSON.parse(${JSON.stringify(FIRST_MARKER)});`, map: null };
        }
        if (id === resolve(root, REST)) return { code: `export const messages = JSON.parse(${JSON.stringify(REST_MARKER)});`, map: null };
        if (!/\.[jt]sx?$/.test(id) || id.includes('node_modules')) return null;
        for (const [, , , specifier] of code.matchAll(PART_LOAD)) {
          const target = specifier && (await this.resolve(specifier, id));
          if (target) partTargets.add(target.id);
        }
        return null;
      },
    },
    renderChunk(code, chunk) {
      if (!split) {
        if (!catalog || !partTargets.size) this.error(`englishParts: no English catalog or no part's load found (${partTargets.size} loads)`);
        // What the entries reach without a part's load: statically, or through any other dynamic import.
        const firstScreen = new Set<string>();
        const visit = (id: string) => {
          if (firstScreen.has(id)) return;
          firstScreen.add(id);
          const info = this.getModuleInfo(id);
          info?.importedIds.forEach(visit);
          info?.dynamicallyImportedIds.filter((target) => !partTargets.has(target)).forEach(visit);
        };
        const modules = [...this.getModuleIds()];
        modules.filter((id) => this.getModuleInfo(id)?.isEntry).forEach(visit);
        const graph = new Set(modules);
        const origins = messageOrigins(readFileSync(resolve(root, CATALOG), 'utf8'));
        const partsOnly = (file: string) => {
          const id = resolve(root, file);
          return graph.has(id) && !firstScreen.has(id);
        };
        split = { ...splitCatalog(catalog, origins, partsOnly), firstScreen };
        if (!Object.keys(split.rest).length) this.error('englishParts: no English message is the parts’ alone — the split found nothing to move');
      }
      // A module the first screen reaches must name no id moved to the parts (another catalog names them all).
      for (const [id, module] of Object.entries(chunk.modules))
        if (split.firstScreen.has(id) && !isCatalog(id) && module.code) checkFirstScreen(this, `${chunk.fileName} (${id})`, module.code);
      const markers = [
        [FIRST_MARKER, split.first],
        [REST_MARKER, split.rest],
      ] as const;
      let edited: MagicString | undefined;
      for (const [marker, messages] of markers) {
        for (const match of code.matchAll(new RegExp(`(["'\`])${marker}\\1`, 'g'))) {
          edited ??= new MagicString(code);
          edited.overwrite(match.index, match.index + match[0].length, literal(messages));
        }
      }
      return edited ? { code: edited.toString(), map: edited.generateMap({ hires: 'boundary', source: chunk.fileName }) } : null;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // Each chunk that has no module of the parts' alone, as minified (renderChunk checked the modules as rendered).
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !split) continue;
          const { firstScreen } = split;
          if (output.moduleIds.every((id) => firstScreen.has(id) && !isCatalog(id) && id !== resolve(root, REST)))
            checkFirstScreen(this, output.fileName, output.code);
        }
      },
    },
  };
}
