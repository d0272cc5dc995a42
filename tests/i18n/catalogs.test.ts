import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import PO from 'pofile';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, LANGUAGES } from '../../ui/i18n/languages';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = 'en';
const catalogPath = (dir: string, lang: string) => join(dir, lang, 'messages.po');
const read = (dir: string, lang: string) => PO.parse(readFileSync(catalogPath(dir, lang), 'utf8'));

/** Names of the ICU placeholders of a message: `{name}`, `{count, plural, …}` (not `#` or branch texts). */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([\w.]+)\s*[,}]/g)].map((m) => m[1] as string).sort();
}

/** The end of the `{…}` block that opens at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The plural forms of a message: for each `{name, plural, …}` (nested ones too), the CLDR
 * categories it gives, sorted (exact matches such as `=0` are not categories).
 */
function pluralForms(message: string): { name: string; categories: string[] }[] {
  return [...message.matchAll(/\{\s*([\w.]+)\s*,\s*plural\s*,/g)].flatMap((match) => {
    const start = match.index + match[0].length;
    const end = closing(message, match.index);
    const categories: string[] = [];
    for (let i = start; i < end; i++) {
      const key = /^\s*(?:offset:\d+\s*)?([=\w]+)\s*\{/.exec(message.slice(i, end));
      if (!key) break;
      if (!key[1]?.startsWith('=')) categories.push(key[1] as string);
      i = closing(message, i + key[0].length - 1);
    }
    return [{ name: match[1] as string, categories: categories.sort() }];
  });
}

/** The plural categories CLDR gives a language (Intl, from the ICU data of Node), by its BCP 47 tag. */
const cldrCategories = (lang: string): string[] => {
  const tag = LANGUAGES.find((l) => l.code === lang)?.tag ?? lang;
  return [...new Intl.PluralRules(tag).resolvedOptions().pluralCategories].sort();
};

const tmp = mkdtempSync(join(tmpdir(), 'catalogs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('translators’ catalogs (locales/{lang}/messages.po)', () => {
  it('are up to date with the source: `npm run extract` would change nothing', () => {
    const config = join(tmp, 'lingui.config.ts');
    writeFileSync(
      config,
      `import base from ${JSON.stringify(join(ROOT, 'lingui.config.ts'))};
export default { ...base, rootDir: ${JSON.stringify(ROOT)}, catalogs: [{ path: ${JSON.stringify(join(tmp, '{locale}', 'messages'))}, include: ['<rootDir>/ui'] }] };`,
    );
    execFileSync(process.execPath, [join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean', '--config', config], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    const stale = LANGUAGE_CODES.filter((lang) => {
      const ids = (dir: string) =>
        read(dir, lang)
          .items.filter((i) => !i.obsolete)
          .map((i) => `${i.msgctxt ?? ''}\u0004${i.msgid}`)
          .sort();
      return JSON.stringify(ids(tmp)) !== JSON.stringify(ids(join(ROOT, 'locales')));
    });
    expect(stale, 'run `npm run extract` and translate the new messages').toEqual([]);
  }, 60_000);

  for (const lang of LANGUAGE_CODES.filter((l) => l !== SOURCE)) {
    it(`${lang}: every message is translated, none is obsolete, and placeholders match the source`, () => {
      const problems = read(join(ROOT, 'locales'), lang).items.flatMap((item) => {
        if (item.obsolete) return [`obsolete: ${item.msgid}`];
        const translation = item.msgstr.join('');
        if (!translation.trim()) return [`untranslated: ${item.msgid}`];
        const want = placeholders(item.msgid);
        const got = placeholders(translation);
        return JSON.stringify(want) === JSON.stringify(got) ? [] : [`placeholders ${got.join(',')} ≠ ${want.join(',')}: ${item.msgid}`];
      });
      expect(problems).toEqual([]);
    });
  }

  for (const lang of LANGUAGE_CODES) {
    it(`${lang}: each plural gives exactly the categories CLDR has for the language (${cldrCategories(lang).join(', ')})`, () => {
      const want = cldrCategories(lang);
      const catalog = read(join(ROOT, 'locales'), lang);
      const plurals = catalog.items.flatMap((item) => {
        // The source catalog's translations are its msgids.
        const translation = lang === SOURCE ? item.msgstr.join('') || item.msgid : item.msgstr.join('');
        return pluralForms(translation).map((form) => ({ msgid: item.msgid, ...form }));
      });
      expect(plurals.length, 'the catalog has plural messages').toBeGreaterThan(0);
      const wrong = plurals
        .filter((p) => JSON.stringify(p.categories) !== JSON.stringify(want))
        .map((p) => `{${p.name}} gives ${p.categories.join(',')}: ${p.msgid}`);
      expect(wrong).toEqual([]);
    });
  }
});

describe('the catalog check reads plural forms', () => {
  it('finds each category of a plural, nested ones too, and leaves out exact matches', () => {
    expect(pluralForms('{n, plural, =0 {none} one {# {x}} many {# de {y, plural, one {a} other {b}}} other {#}}')).toEqual([
      { name: 'n', categories: ['many', 'one', 'other'] },
      { name: 'y', categories: ['one', 'other'] },
    ]);
  });

  it('CLDR gives Spanish, Portuguese and Italian a `many` form, Arabic six forms, Chinese only `other`', () => {
    expect(cldrCategories('es')).toEqual(['many', 'one', 'other']);
    expect(cldrCategories('pt')).toEqual(['many', 'one', 'other']);
    expect(cldrCategories('it')).toEqual(['many', 'one', 'other']);
    expect(cldrCategories('ar')).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(cldrCategories('zh')).toEqual(['other']);
  });
});
