// The pages lazy-pages.ts loads on first show must not be reached by a static import from the
// app's entry: one such import puts the page back in the main chunk, and a reload on the Training
// page runs its code before the first plot again (issue 37, docs/benchmarks.md). Read with the
// TypeScript parser: `import type` and dynamic import() are not static edges; any other import or
// export-from is, even one naming only types (the bundler may keep it as a bare import).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

function staticImports(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const s of src.statements) {
    const from =
      ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly
        ? s.moduleSpecifier
        : ts.isExportDeclaration(s) && !s.isTypeOnly
          ? s.moduleSpecifier
          : undefined;
    if (from && ts.isStringLiteral(from) && from.text.startsWith('.')) out.push(from.text);
  }
  return out;
}

function resolveFile(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const f of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (ts.sys.fileExists(f) && !ts.sys.directoryExists(f)) return f;
  return null;
}

/** Every file the entry reaches by static imports. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    for (const spec of staticImports(file)) {
      const to = resolveFile(file, spec);
      if (to && !seen.has(to)) {
        seen.add(to);
        todo.push(to);
      }
    }
  }
  return seen;
}

/** The page modules lazy-pages.ts imports with import(). */
function lazyPages(): string[] {
  const file = resolve(ROOT, 'app/ui/pages/lazy-pages.ts');
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\('(\.\/\w+)'\)/g)].map((m) => resolveFile(file, m[1]!)!);
}

describe('the main chunk', () => {
  it('reaches no lazily loaded page by a static import from app/main.tsx', () => {
    const pages = lazyPages();
    expect(pages.length).toBeGreaterThanOrEqual(9);
    const main = reached(resolve(ROOT, 'app/main.tsx'));
    expect(main.has(resolve(ROOT, 'app/ui/pages/TrainingPage.tsx'))).toBe(true);
    expect(pages.filter((p) => main.has(p)).map((p) => p.slice(ROOT.length + 1))).toEqual([]);
  });
});
