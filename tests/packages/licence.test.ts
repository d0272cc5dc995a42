import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Each published package ships the repository's MIT licence (npm puts a package folder's LICENSE in
 * its tarball) and names it, with where it comes from, in its package.json (issue 29).
 */
const PACKAGES = ['engine', 'ui/hooks', 'ui/loader'];
const REPOSITORY = 'https://github.com/visitor-chat/visitor-chat-widget';

describe('the licence of the published packages', () => {
  it.each(PACKAGES)('%s: LICENSE is the repository’s, package.json names MIT, its repository folder, homepage and issues', (folder) => {
    expect(readFileSync(`${folder}/LICENSE`, 'utf8')).toBe(readFileSync('LICENSE', 'utf8'));
    const pkg = JSON.parse(readFileSync(`${folder}/package.json`, 'utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: `git+${REPOSITORY}.git`, directory: folder },
      homepage: `${REPOSITORY}/tree/main/${folder}#readme`,
      bugs: { url: `${REPOSITORY}/issues` },
    });
  });
});
