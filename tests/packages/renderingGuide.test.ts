import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/rendering.md quotes its code from examples/renderMessages.tsx, which npm run typecheck
 * compiles against the packages (issue 29): every tsx block of the guide must be in that file as
 * written, so a change to the hooks' API that breaks a snippet fails the typecheck, and a snippet
 * edited in the guide alone fails here.
 */
const guide = readFileSync('docs/rendering.md', 'utf8');
const example = readFileSync('examples/renderMessages.tsx', 'utf8');
const snippets = [...guide.matchAll(/```tsx\n([\s\S]*?)\n```/g)].map((m) => m[1] ?? '');

describe('docs/rendering.md', () => {
  it('quotes its code from examples/renderMessages.tsx, which the typecheck compiles', () => {
    expect(snippets.length).toBeGreaterThan(5);
    expect(snippets.filter((s) => !example.includes(s))).toEqual([]);
  });
});
