// docs/reference/sql.md cannot drift: its schema tables are the schema's columns and types, and
// each of its example queries runs on the log it names and returns rows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_EXPORTED } from '../core/sql/indexed-rows';
import { TABLE_COLUMNS } from '../core/sql/schema';
import { writeTrainingRun } from '../testing/training-run-generator';
import { openSqlEngine } from './sql/duckdb';
import { loadTables } from './sql/load-tables';

const DOC = readFileSync(resolve('docs', 'reference', 'sql.md'), 'utf8');
const SHARED = resolve('..', 'shared', 'data', 'trajectories');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-sql-docs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The `| \`column\` | TYPE | … | \`from\` |` rows under each `### \`table\`` heading. */
function documentedSchema(): Record<string, Array<[string, string, string]>> {
  const out: Record<string, Array<[string, string, string]>> = {};
  let table: string | null = null;
  for (const line of DOC.split('\n')) {
    const h = /^### `(\w+)`$/.exec(line);
    if (h) table = h[1] as string;
    else if (line.startsWith('## ')) table = null;
    const row = /^\| `(\w+)`\s*\| (\w+)\s*\|.*\| `([^`]+)`\s*\|$/.exec(line);
    if (table && row) (out[table] ??= []).push([row[1] as string, row[2] as string, row[3] as string]);
  }
  return out;
}

interface Example {
  title: string;
  on: string;
  sql: string;
}

function examples(): Example[] {
  const re = /^### (\d+\. .+)\n\n<!-- on: (.+?) -->\n\n```sql\n([\s\S]*?)```/gm;
  return [...DOC.matchAll(re)].map((m) => ({
    title: m[1] as string,
    on: m[2] as string,
    sql: m[3] as string,
  }));
}

describe('docs/reference/sql.md', () => {
  it('lists every column of every table, with its type and the function deriving it', () => {
    const documented = documentedSchema();
    const expected = Object.fromEntries(
      Object.entries(TABLE_COLUMNS).map(([t, cols]) => [t, cols.map((c) => [c.name, c.type, c.from])]),
    );
    expect(documented).toEqual(expected);
  });

  it("gives pandas' and polars' shapes of the index and the export with the schema's column counts", () => {
    const shapes = [...DOC.matchAll(/^# (\S+)\.parquet \((\d+), (\d+)\) \((\d+), (\d+)\)/gm)];
    const columns = {
      run: TABLE_COLUMNS.trajectories.length,
      'run.searches': TABLE_COLUMNS.searches.length,
      'run.labels': TABLE_COLUMNS.labels.length,
      export: TABLE_COLUMNS.trajectories.length - NOT_EXPORTED.size,
    };
    expect(shapes.map((m) => [m[1], Number(m[3]), Number(m[5])])).toEqual(
      Object.entries(columns).map(([file, n]) => [file, n, n]),
    );
  });

  it('has ten example queries, each returning rows on the log it names', async () => {
    const list = examples();
    expect(list).toHaveLength(10);
    const run = join(tmp, 'grpo-docs');
    await writeTrainingRun(run, { steps: 6, samplesPerStep: 20, seed: 3 });
    const logs = new Map([
      ['r1searcher_bamboogle_qwen.jsonl', join(SHARED, 'r1searcher_bamboogle_qwen.jsonl')],
      ['generated run', run],
    ]);
    for (const [on, path] of logs) {
      const engine = await openSqlEngine((await loadTables(path, undefined, () => {})).batches);
      try {
        for (const ex of list.filter((e) => e.on === on))
          expect((await engine.query(ex.sql)).rows.length, ex.title).toBeGreaterThan(0);
      } finally {
        engine.close();
      }
    }
    expect(list.every((e) => logs.has(e.on))).toBe(true);
  }, 240_000);
});
