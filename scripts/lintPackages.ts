/**
 * `npm run lint:packages`: each published workspace packed once (its prepack builds it), then its
 * tarball checked by @arethetypeswrong/cli (profile esm-only: the packages are ESM only) and by
 * publint. Running `attw --pack` and `publint <folder>` instead packs, and so builds, each twice.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WORKSPACES = ['engine', 'ui/hooks', 'ui/loader'];

const out = mkdtempSync(join(tmpdir(), 'visitor-chat-packs-'));
try {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', out, ...WORKSPACES.flatMap((w) => ['-w', w])], { stdio: 'inherit' });
  for (const tarball of readdirSync(out).map((file) => join(out, file))) {
    execFileSync('attw', [tarball, '--profile', 'esm-only'], { stdio: 'inherit' });
    execFileSync('publint', [tarball], { stdio: 'inherit' });
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
