// `query` and `index` on the shared real logs and a generated veRL run: the SQL figures are the
// importer's and the summaries' own, a bad or writing statement is refused at its position with
// nothing written, and the Parquet that `index` writes reads back to identical results.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { meanMetrics, type TrajectoryMetrics } from '../core/metrics/trajectory-metrics';
import { trajectoryView } from '../core/view/trajectory-view';
import { writeTrainingRun } from '../testing/training-run-generator';
import { indexCommand } from './index-run';
import { parseQueryArgs, queryCommand } from './query';
import { runImport } from './read-log';
import { readRun } from './run-summary';
import { openSqlEngine, type SqlEngine, SqlError } from './sql/duckdb';
import { loadTables } from './sql/load-tables';

const LOG = resolve('..', 'shared', 'data', 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-query-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** What a command printed on stdout and stderr, and its exit code. */
async function run(command: (argv: string[], usage: string) => Promise<number>, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    const code = await command(argv, 'usage');
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const errorOf = async (engine: SqlEngine, sql: string): Promise<SqlError> => {
  try {
    await engine.query(sql);
  } catch (e) {
    if (e instanceof SqlError) return e;
    throw e;
  }
  throw new Error(`ran: ${sql}`);
};

describe('query on a real log', () => {
  let engine: SqlEngine;
  beforeAll(async () => {
    engine = await openSqlEngine((await loadTables(LOG, undefined, () => {})).batches);
  }, 120_000);
  afterAll(() => engine.close());

  it('counts per group add up to the records the importer reports', async () => {
    const s = await runImport(LOG, undefined, () => {});
    const r = await engine.query('SELECT format, count(*) AS n FROM trajectories GROUP BY format');
    expect(r.rows.reduce((n, row) => n + (row[1] as number), 0)).toBe(s.imported);
    expect(s.imported).toBe(125);
  });

  it("gives the means `summarize` prints (the table's one derivation)", async () => {
    const metrics: TrajectoryMetrics[] = [];
    await runImport(LOG, undefined, (t) => void metrics.push(trajectoryView(t).metrics));
    const m = meanMetrics(metrics);
    const [row] = (await engine.query('SELECT avg(em), avg(f1), avg(acc), avg(searches) FROM trajectories'))
      .rows;
    expect(row?.[0]).toBeCloseTo(m.em ?? NaN, 12);
    expect(row?.[1]).toBeCloseTo(m.f1 ?? NaN, 12);
    expect(row?.[2]).toBeCloseTo(m.acc ?? NaN, 12);
    expect(row?.[3]).toBeCloseTo(m.rc ?? NaN, 12);
  });

  it('names the line and column of an error', async () => {
    const sql = 'SELECT id\nFROM trajectories\nWHERE f1 > 0.5 AND nonexistent_col = 3';
    const e = await errorOf(engine, sql);
    expect(e.message).toMatch(/^Binder Error: Referenced column "nonexistent_col" not found/);
    expect(e.position).toEqual({ line: 3, column: 20 });
    expect((await errorOf(engine, 'selec 1')).position).toEqual({ line: 1, column: 1 });
  });

  it('refuses every write, and the engine itself reads no file', async () => {
    const target = join(tmp, 'leak.csv');
    for (const sql of [
      `COPY trajectories TO '${target}'`,
      'DELETE FROM trajectories',
      'CREATE TABLE x AS SELECT 1',
      'SET enable_external_access = true',
      `ATTACH '${join(tmp, 'x.db')}'`,
      'INSTALL httpfs',
      'SELECT 1; DROP TABLE trajectories',
      // Escape strings and carriage returns as DuckDB reads them: each once hid a DROP that ran.
      "SELECT E'\\'' ; DROP TABLE trajectories; --'",
      'SELECT 1 --x\r; DROP TABLE trajectories',
    ])
      expect((await errorOf(engine, sql)).message, sql).toMatch(/read-only|one statement/);
    expect(existsSync(target)).toBe(false);
    // A write hidden in a string the scan skips: DuckDB's query() runs nothing but one SELECT.
    expect((await errorOf(engine, "SELECT * FROM query('CREATE TABLE x AS SELECT 1')")).message).toMatch(
      /single SELECT statement/,
    );
    // A read that names a file is stopped by DuckDB's own lock (enable_external_access=false).
    expect((await errorOf(engine, "SELECT * FROM read_csv('/etc/hostname')")).message).toMatch(
      /^Permission Error/,
    );
    expect((await engine.query('SELECT count(*) FROM trajectories')).rows).toEqual([[125]]);
  });

  it('prints nothing on stdout for bad SQL, and the position on stderr', async () => {
    const r = await run(queryCommand, [LOG, 'SELECT nope FROM trajectories']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^SQL error: Binder Error: .*\(line 1, column 8\)$/ms);
    expect(readdirSync(tmp)).toEqual([]);
  }, 120_000);

  it('parses its arguments', () => {
    expect(parseQueryArgs(['a.jsonl', 'select 1', '--csv'])).toEqual({
      path: 'a.jsonl',
      sql: 'select 1',
      output: 'csv',
    });
    expect(parseQueryArgs(['a.jsonl'])).toMatch(/needs a log/);
    expect(parseQueryArgs(['a', 'b', '--json', '--csv'])).toMatch(/one of/);
  });
});

describe('index, then query the Parquet', () => {
  it('reads back to the very same tables', async () => {
    const out = join(tmp, 'idx', 'run.parquet');
    rmSync(join(tmp, 'idx'), { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(join(tmp, 'idx')));
    const r = await run(indexCommand, [LOG, '--out', out]);
    expect(r.code).toBe(0);
    expect(readdirSync(join(tmp, 'idx')).sort()).toEqual([
      'run.labels.parquet',
      'run.parquet',
      'run.searches.parquet',
    ]);
    const fromLog = await openSqlEngine((await loadTables(LOG, undefined, () => {})).batches);
    const fromParquet = await openSqlEngine((await loadTables(out, undefined, () => {})).batches);
    try {
      for (const sql of [
        'SELECT * FROM trajectories ORDER BY id',
        'SELECT * FROM searches ORDER BY trajectory_id, k',
        'SELECT step IS NULL, count(*), avg(f1), sum(over_searches) FROM trajectories GROUP BY ALL',
      ])
        expect(await fromParquet.query(sql), sql).toEqual(await fromLog.query(sql));
    } finally {
      fromLog.close();
      fromParquet.close();
    }
    // The CLI on the .parquet prints what it prints on the log.
    const sql = 'SELECT id, f1, searches FROM trajectories ORDER BY id LIMIT 5';
    const a = await run(queryCommand, [LOG, sql, '--csv']);
    const b = await run(queryCommand, [out, sql, '--csv']);
    expect(b.out).toBe(a.out);
    expect(a.out.split('\r\n')[0]).toBe('id,f1,searches');
  }, 240_000);

  it('refuses a Parquet file of another shape by name', async () => {
    const out = join(tmp, 'idx', 'run.searches.parquet');
    const r = await run(queryCommand, [out, 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${out}: not a Hopscope trajectories table: missing columns id, file`);
  }, 60_000);
});

describe('query on a veRL run folder', () => {
  it('gives the per-step figures run-summary prints', async () => {
    const dir = join(tmp, 'grpo-q');
    await writeTrainingRun(dir, { steps: 4, samplesPerStep: 20, seed: 5, malformedRate: 0.05 });
    const summary = await readRun({ path: dir, format: 'verl', questions: [] }, () => {});
    const loaded = await loadTables(dir, undefined, () => {});
    expect(loaded.imported).toBe(summary.imported);
    const engine = await openSqlEngine(loaded.batches);
    try {
      const r = await engine.query(`
        SELECT run, step, count(*) AS samples, avg(acc) AS accuracy, avg(score) AS mean_score,
               avg(searches) AS searches_mean, avg((over_searches > 0)::INT) AS over_search_rate,
               avg(under_search::INT) AS under_search_rate, avg(format_error::INT) AS format_error_rate
        FROM trajectories GROUP BY run, step ORDER BY step`);
      expect(r.rows.length).toBe(summary.steps.length);
      r.rows.forEach((row, i) => {
        const s = summary.steps[i];
        expect(row.slice(0, 3)).toEqual([s?.run, s?.step, s?.samples]);
        const figures = [
          s?.accuracy,
          s?.mean_score,
          s?.searches_mean,
          s?.over_search_rate,
          s?.under_search_rate,
          s?.format_error_rate,
        ];
        row.slice(3).forEach((v, j) => expect(v).toBeCloseTo(figures[j] ?? NaN, 12));
      });
    } finally {
      engine.close();
    }
  }, 240_000);
});
