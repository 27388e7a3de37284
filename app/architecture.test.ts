// The layer rules of docs/architecture.md §1 are enforced by ESLint (eslint.config.js); these checks
// lint small snippets as if they sat in each layer, so a rule that stops firing fails here. The
// diagram is written out again below, apart from the config, so that a wrong allowance there fails.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messages(filePath: string, code: string, rule: RegExp): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath });
  return (r?.messages ?? []).filter((m) => rule.test(m.ruleId ?? '')).map((m) => m.message);
}
const restricted = (filePath: string, code: string) =>
  messages(filePath, code, /no-restricted-imports$|^boundaries\//);

// Each layer: where a probe file sits in it, a real module of it to import, and what it may import
// besides itself (docs/architecture.md §1). `types`: layers it may take record types from only.
const DIAGRAM: Record<
  string,
  { probe: string; target: string; imports: string[]; types?: string[]; self?: false }
> = {
  core: { probe: 'app/core/metrics/probe.ts', target: 'app/core/hash.ts', imports: [] },
  db: { probe: 'app/db/probe.ts', target: 'app/db/db.ts', imports: ['core'] },
  runtime: { probe: 'app/runtime/probe.ts', target: 'app/runtime/model-source.ts', imports: ['core', 'db'] },
  // A worker file only exposes its runtime API: it imports no other worker file.
  workers: {
    probe: 'workers/probe.worker.ts',
    target: 'workers/embed.worker.ts',
    imports: ['runtime'],
    self: false,
  },
  services: {
    probe: 'app/services/probe.ts',
    target: 'app/services/changes.ts',
    imports: ['core', 'db', 'runtime'],
  },
  'ui-state': {
    probe: 'app/ui/state/probe.ts',
    target: 'app/ui/state/ui-store.ts',
    imports: ['core', 'runtime', 'services'],
  },
  'ui-data': {
    probe: 'app/ui/data/probe.ts',
    target: 'app/ui/data/queries.ts',
    imports: ['core', 'db', 'runtime', 'services', 'ui-state'],
  },
  views: {
    probe: 'app/ui/components/Probe.tsx',
    target: 'app/ui/keyboard.ts',
    imports: ['core', 'services', 'ui-data', 'ui-state', 'models'],
    types: ['db', 'runtime'],
  },
  'views (pages)': {
    probe: 'app/ui/pages/Probe.tsx',
    target: 'app/ui/App.tsx',
    imports: ['core', 'services', 'ui-data', 'ui-state', 'models'],
    types: ['db', 'runtime'],
  },
  report: {
    probe: 'app/report/Probe.tsx',
    target: 'app/report/source.ts',
    imports: ['core', 'ui-state', 'views'],
  },
  cli: { probe: 'app/cli/probe.ts', target: 'app/cli/read-log.ts', imports: ['core', 'build'] },
  demo: { probe: 'app/demo/probe.ts', target: 'app/demo/world-facts.ts', imports: ['core'] },
  build: { probe: 'app/build/probe.ts', target: 'app/build/inline-html.ts', imports: [] },
  testing: {
    probe: 'app/testing/probe.ts',
    target: 'app/testing/scripted-llm.ts',
    imports: ['core', 'db', 'runtime', 'services', 'demo'],
  },
  entry: {
    probe: 'app/probe.tsx',
    target: 'app/main.tsx',
    imports: ['core', 'services', 'ui-data', 'ui-state', 'views'],
  },
};
const TARGETS = {
  ...Object.fromEntries(Object.entries(DIAGRAM).map(([k, v]) => [k, v.target])),
  models: 'models/registry.ts',
};

function specifier(from: string, to: string): string {
  const rel = relative(dirname(from), to).replace(/\.tsx?$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
}
const importOf = (from: string, to: string, type = false) =>
  `import ${type ? 'type ' : ''}* as m from '${specifier(from, to)}';\nexport type M = typeof m;\n`;

describe('layer rules', () => {
  // Every pair of layers, both ways: an arrow the diagram draws lints clean, any other is an error.
  for (const [layer, { probe, imports, types = [], self = true }] of Object.entries(DIAGRAM)) {
    it(`lets ${layer} import only ${imports.join(', ') || 'itself'}`, async () => {
      const own = layer === 'views (pages)' ? 'views' : layer;
      const verdicts: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const [to, target] of Object.entries(TARGETS)) {
        if (to === 'views (pages)') continue;
        const value = await restricted(probe, importOf(probe, target));
        const type = await restricted(probe, importOf(probe, target, true));
        verdicts[to] = `${value.length ? 'no' : 'code'}/${type.length ? 'no' : 'types'}`;
        const allowed = (self && to === own) || imports.includes(to);
        expected[to] = allowed ? 'code/types' : types.includes(to) ? 'no/types' : 'no/no';
      }
      expect(verdicts).toEqual(expected);
    }, 60_000);
  }

  it('names both layers in the message, and lets tests import any layer', async () => {
    const probe = 'app/services/probe.ts';
    expect(await restricted(probe, importOf(probe, 'app/ui/state/ui-store.ts'))).toEqual([
      'services may not import ui-state (docs/architecture.md §1).',
    ]);
    const test = 'app/db/probe.test.ts';
    expect(await restricted(test, importOf(test, 'app/services/changes.ts'))).toEqual([]);
    expect(await restricted(test, importOf(test, 'app/testing/scripted-llm.ts'))).toEqual([]);
  });

  it('counts re-exports and lazy imports as arrows, and files outside every layer', async () => {
    const probe = 'app/db/probe.ts';
    expect(await restricted(probe, "export { announce } from '../services/changes';\n")).toHaveLength(1);
    expect(await restricted(probe, "export const m = () => import('../services/changes');\n")).toHaveLength(
      1,
    );
    expect(await restricted(probe, "import { x } from '../../bench/agent-bench';\nvoid x;\n")).toHaveLength(
      1,
    );
  });

  it('keeps the core free of React, DOM storage, workers, model runtimes, SQL engines and Node', async () => {
    const probe = 'app/core/metrics/probe.ts';
    expect(await restricted(probe, "import React from 'react';\nvoid React;\n")).toHaveLength(1);
    expect(
      await restricted(probe, "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n"),
    ).toHaveLength(1);
    expect(await restricted(probe, "import { openDB } from 'idb';\nvoid openDB;\n")).toHaveLength(1);
    expect(
      await restricted(probe, "import * as duckdb from '@duckdb/duckdb-wasm';\nvoid duckdb;\n"),
    ).toHaveLength(1);
    // Inside the core, any depth.
    expect(await restricted(probe, "import { x } from '../report/payload';\nvoid x;\n")).toEqual([]);
  });

  it('keeps views from building server clients (types allowed)', async () => {
    const file = 'app/ui/components/Probe.tsx';
    expect(
      await restricted(file, "import { OpenAiLlm } from '../../core/llm/openai';\nvoid OpenAiLlm;\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        file,
        "import type { OpenAiLlm } from '../../core/llm/openai';\nexport type X = OpenAiLlm;\n",
      ),
    ).toEqual([]);
  });

  it('lets views refresh no query by hand, and still renders text only there', async () => {
    const file = 'app/ui/components/Probe.tsx';
    const syntax = (code: string) => messages(file, code, /^no-restricted-syntax$/);
    const refresh = 'declare const qc: { invalidateQueries(k: unknown): void };\nqc.invalidateQueries({});\n';
    expect(await syntax(refresh)).toEqual([
      'Views do not refresh queries by hand: the service that writes announces the change.',
    ]);
    expect(await syntax('declare const el: HTMLElement;\nel.innerHTML = "x";\n')).toEqual([
      'Render text, never HTML.',
    ]);
  });
});

// The import graph of the production code (tests may import anything): every import, export-from
// and import() between the app's own files, type-only ones included, read with the TypeScript
// compiler's pre-processor (no type check, well under a second).
function importGraph(root: string): Map<string, string[]> {
  const files = [
    ...ts.sys.readDirectory(join(root, 'app'), ['.ts', '.tsx']),
    ...ts.sys.readDirectory(join(root, 'workers'), ['.ts']),
  ].filter((f) => !/\.test\.tsx?$/.test(f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const to = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolve(dirname(file), fileName))
      .flatMap((base) =>
        [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((f) => known.has(f)).slice(0, 1),
      );
    graph.set(file, to);
  }
  return graph;
}

/** The import cycles of a graph: its strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.get(v)?.includes(v)) found.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import graph', () => {
  it('finds a cycle where there is one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('has no cycle in the app', () => {
    const root = process.cwd();
    const graph = importGraph(root);
    expect(graph.size).toBeGreaterThan(300);
    // The graph is read right: App.tsx imports its pages.
    expect(graph.get(join(root, 'app/ui/App.tsx'))?.length).toBeGreaterThan(3);
    expect(cycles(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([]);
  });
});
