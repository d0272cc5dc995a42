import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The public API of each published package is what its entry exports, and nothing else (issue 14):
 * this report lists every exported name with its kind, so a change to the API — an export added,
 * removed or changed from a type to a value — shows up as a diff of the report in review and is
 * written down in the package's CHANGELOG (semver). After a deliberate change, `npx vitest run
 * tests/packages -u` writes the report again.
 */
const ENTRIES = {
  '@visitor-chat/chat-engine': 'engine/index.ts',
  '@visitor-chat/chat-engine/browser': 'engine/browser.ts',
  '@visitor-chat/chat-react': 'ui/hooks/index.ts',
  '@visitor-chat/loader': 'ui/loader/index.ts',
  '@visitor-chat/loader/react': 'ui/loader/react.ts',
} as const;

const program = ts.createProgram(Object.values(ENTRIES), {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  paths: { '@visitor-chat/chat-engine': ['./engine/index.ts'] },
});
const checker = program.getTypeChecker();

/** What an exported symbol is to a user of the package: a value they can call or read, a type, or both. */
function kindOf(symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const f = target.flags;
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.ValueModule) return 'namespace';
  if (f & ts.SymbolFlags.Variable) return f & ts.SymbolFlags.Type ? 'const + type' : 'const';
  if (f & ts.SymbolFlags.Interface) return 'interface';
  if (f & ts.SymbolFlags.TypeAlias) return 'type';
  return 'other';
}

/** One line an export: `name: kind`, sorted. */
function report(file: string): string {
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${file}: not a module`);
  return checker
    .getExportsOfModule(module)
    .map((s) => `${s.name}: ${kindOf(s)}`)
    .sort()
    .join('\n');
}

describe('the public API of the published packages', () => {
  it.each(Object.entries(ENTRIES))('%s exports exactly what its API report lists', async (name, file) => {
    await expect(`# ${name} (${file})\n\n${report(file)}\n`).toMatchFileSnapshot(`api/${name.replace('@visitor-chat/', '').replace('/', '-')}.api.md`);
  });
});
