import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import PO from 'pofile';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../ui/i18n/languages';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = 'en';
const catalogPath = (dir: string, lang: string) => join(dir, lang, 'messages.po');
const read = (dir: string, lang: string) => PO.parse(readFileSync(catalogPath(dir, lang), 'utf8'));

/** Names of the ICU placeholders of a message: `{name}`, `{count, plural, …}` (not `#` or branch texts). */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([\w.]+)\s*[,}]/g)].map((m) => m[1] as string).sort();
}

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
    execFileSync(process.execPath, [join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean', '--config', config], { cwd: ROOT, stdio: 'pipe' });
    const stale = LANGUAGE_CODES.filter((lang) => {
      const ids = (dir: string) => read(dir, lang).items.filter((i) => !i.obsolete).map((i) => `${i.msgctxt ?? ''}\u0004${i.msgid}`).sort();
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
});
