// The Training page's summaries from SQL take one scan of `trajectories` (branch summarysql: two
// scans and three answers read cell by cell took the page 1.0 s at 1,000,000 rows), and the SQL
// worker reads that answer's numeric columns as the typed arrays Arrow holds: checked here on
// DuckDB's own Arrow answers (the CLI's build in Node, as the page's worker gets them) of a
// generated run, against the same answers read as plain rows and against the JS path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as arrow from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchToIpc } from '../../core/sql/arrow-columns';
import { SqlTables, type TableBatches } from '../../core/sql/columns';
import { createTableSql } from '../../core/sql/ddl';
import { type ArrowTableLike, resultOf } from '../../core/sql/result';
import { resultColumnsOf } from '../../core/sql/result-columns';
import { TABLE_NAMES } from '../../core/sql/schema';
import { STEP_SUMMARY_SQL, stepSummariesBySql } from '../../core/sql/step-summary-sql';
import { toRow, type TrajectoryRow } from '../../core/table/row';
import { StepSummaries } from '../../core/training/step-summary';
import { writeTrainingRun } from '../../testing/training-run-generator';
import { stepFilesOf } from '../run-summary';
import { runImport } from '../read-log';
import { nodeDuckDB } from './duckdb';
import { expectSame } from '../../testing/expect-same';

const tmp = mkdtempSync(join(tmpdir(), 'hopscope-step-scan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Db = Awaited<ReturnType<typeof nodeDuckDB>>;
const opened: Db[] = [];
afterAll(() => opened.forEach(({ db, conn }) => (conn.close(), db.reset())));

/** DuckDB in Node holding `batches`, answering with its Arrow tables (what the page's worker gets). */
async function engine(batches: TableBatches): Promise<Db> {
  const e = await nodeDuckDB();
  opened.push(e);
  for (const name of TABLE_NAMES) {
    e.conn.query(createTableSql(name));
    if (batches[name].rows > 0)
      e.conn.insertArrowFromIPCStream(batchToIpc(arrow, batches[name]), { name, create: false });
  }
  return e;
}

function batchesOf(rows: TrajectoryRow[], undiagnosed: string[] = []): TableBatches {
  const t = new SqlTables();
  for (const r of rows) t.addRow(r);
  const ids = t.batches.trajectories.columns.find((c) => c.name === 'id')!.values;
  const col = t.batches.trajectories.columns.find((c) => c.name === 'diagnosed_searches')!;
  col.values = col.values.map((v, i) => (undiagnosed.includes(String(ids[i])) ? null : v));
  return t.batches;
}

/** The summaries through `e`, and every statement they ran. */
async function summaries(e: Db, read: (t: ArrowTableLike) => ArrowTableLike | ReturnType<typeof resultOf>) {
  const statements: string[] = [];
  const steps = await stepSummariesBySql(async (sql) => {
    statements.push(sql);
    return read(e.conn.query(sql));
  });
  return { steps, statements };
}

describe("the Training page's summaries: one scan, read as columns", () => {
  let rows: TrajectoryRow[] = [];
  beforeAll(async () => {
    await writeTrainingRun(join(tmp, 'grpo'), {
      steps: 4,
      samplesPerStep: 40,
      seed: 11,
      malformedRate: 0.05,
    });
    for (const f of (await stepFilesOf(tmp, undefined)).files)
      await runImport(f.disk, 'verl', (t) => void rows.push(toRow(t)), undefined, f.name);
    rows = rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  }, 120_000);

  it('asks one statement, a scan of trajectories, when every row has diagnosed_searches', async () => {
    const e = await engine(batchesOf(rows));
    const { steps, statements } = await summaries(e, (t) => t);
    expect(statements).toEqual([STEP_SUMMARY_SQL.steps]);
    expect(statements[0]).toMatch(/ FROM trajectories WHERE step IS NOT NULL GROUP BY ALL$/);
    expect(steps.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    // Read as typed arrays or as plain rows, the same answer gives the same numbers to the bit.
    expect((await summaries(e, resultOf)).steps).toEqual(steps);
    // And the JS path's, up to the order the sums of doubles (score, acc, extras) were taken in.
    const js = new StepSummaries();
    js.reset(rows);
    expectSame(steps, js.summaries());
  }, 120_000);

  it('adds the join only when a row lacks diagnosed_searches, and still equals the JS path', async () => {
    const old = rows.filter((r) => r.rc > 0).map((r) => r.id)[0]!;
    const e = await engine(batchesOf(rows, [old]));
    const { steps, statements } = await summaries(e, (t) => t);
    expect(statements).toEqual([STEP_SUMMARY_SQL.steps, STEP_SUMMARY_SQL.hops]);
    const js = new StepSummaries();
    js.reset(rows);
    expect(steps.map((s) => s.redundant_search_rate)).toEqual(
      js.summaries().map((s) => s.redundant_search_rate),
    );
  }, 120_000);

  it("reads an Arrow answer's DOUBLE and INTEGER columns as its typed arrays, NULLs as 0", async () => {
    const e = await engine(batchesOf([]));
    // Several record batches (DuckDB answers 2,048 rows a vector).
    const t = e.conn.query(
      'SELECT i::INTEGER AS n, i * 0.5 AS x, CASE WHEN i % 3 = 0 THEN NULL ELSE i END::DOUBLE AS gaps, ' +
        "CASE WHEN i % 2 = 0 THEN 'e' END AS text FROM range(5000) r(i) ORDER BY i",
    );
    const c = resultColumnsOf(t);
    expect(c.length).toBe(5000);
    const n = c.numbers('n');
    const x = c.numbers('x');
    expect(n).toBeInstanceOf(Int32Array);
    expect(x).toBeInstanceOf(Float64Array);
    expect(Array.from(x)).toEqual(Array.from({ length: 5000 }, (_, i) => i * 0.5));
    expect(Array.from(n)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    const gaps = c.numbers('gaps');
    expect(Array.from(gaps)).toEqual(Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? 0 : i)));
    expect(Array.from(c.values('text')).slice(0, 3)).toEqual(['e', null, 'e']);
    // Plain rows of the same answer read the same.
    const rowsRead = resultColumnsOf(resultOf(t));
    expect(Array.from(rowsRead.numbers('gaps'))).toEqual(Array.from(gaps));
    expect(() => c.numbers('missing')).toThrow(/no column missing/);
  }, 60_000);
});
