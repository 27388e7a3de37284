// The SQL worker's API in Node: the same object the worker exposes, over the CLI's DuckDB build
// (blocking, wrapped as the async connection the browser has) and the table worker's feed.
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../core/annotations/annotation';
import type { TrajectoryRow } from '../../core/table/row';
import { summarizeSteps } from '../../core/training/step-summary';
import { nodeDuckDB } from '../../cli/sql/duckdb';
import { nodeSqlConnections } from '../../testing/node-sql-connection';
import { NO_EFF, tableRow } from '../../testing/table-row';
import { createSqlFeed } from '../table/sql-feed';
import { createSqlWorkerApi, type SqlAnswer } from './api';

const nodeConnection = nodeSqlConnections(nodeDuckDB);

const search = (id: string, k: number, query: string) => ({
  trajectoryId: id,
  k,
  step: k * 2,
  query,
  docs: 3,
  newDocs: 2,
  goldHit: k === 1,
  redundant: k > 1,
  rule: k > 1 ? ('near-duplicate' as const) : null,
});

const row = (id: string, f1: number, searches = 1): TrajectoryRow =>
  tableRow({
    id,
    f1,
    rc: searches,
    searches: Array.from({ length: searches }, (_, i) => search(id, i + 1, `q${i}`)),
  });

function setup(rows: TrajectoryRow[], labels: Annotation[] = []) {
  const state = { rows };
  const feed = createSqlFeed(() => state.rows);
  const api = createSqlWorkerApi({ open: nodeConnection, labels: async () => labels });
  api.useFeed(feed.feed);
  return { state, feed, api };
}

const ok = (a: SqlAnswer) => {
  if (!a.ok) throw new Error(a.message);
  return a;
};

describe('the SQL worker API', () => {
  it('rebuilds from the stored rows, then replaces only what an import batch stored', async () => {
    const { state, feed, api } = setup([row('a', 0.5, 2), row('b', 1)]);
    feed.note('all');
    expect((await api.syncRows()).rows).toBe(2);
    expect(ok(await api.query('SELECT count(*) FROM searches')).rows).toEqual([[3]]);
    // A batch stores c and stores b again; a is gone.
    state.rows = [row('b', 0.25, 3), row('c', 0)];
    feed.note(['a', 'b', 'c']);
    const s = await api.syncRows();
    expect(s.rebuild?.rows).toBe(2); // the first, full rebuild; none since
    const r = ok(await api.query('SELECT id, f1 FROM trajectories ORDER BY id'));
    expect(r.rows).toEqual([
      ['b', 0.25],
      ['c', 0],
    ]);
    expect(
      ok(await api.query('SELECT trajectory_id, count(*) FROM searches GROUP BY 1 ORDER BY 1')).rows,
    ).toEqual([
      ['b', 3],
      ['c', 1],
    ]);
  }, 120_000);

  it("gives the Training page's per-step summaries from SQL, equal to summarizeSteps, after each batch", async () => {
    const sample = (id: string, run: string, step: number | null, k: number): TrajectoryRow => ({
      ...row(id, 0, k),
      run,
      trainStep: step,
      acc: k % 2,
      score: k * 0.25,
      extras: k > 0 ? { format_reward: k % 2 } : {},
      formatError: k === 0,
      responseChars: 100 + k,
      eff: {
        ...NO_EFF,
        searches: k,
        redundant: k > 1 ? 1 : 0,
        underSearch: k === 0 ? 1 : 0,
        correct: k % 2 === 1 ? 1 : 0,
        docs: 3 * k,
        dupDocs: k > 1 ? 2 : 0,
      },
    });
    const rows = [
      sample('a1', 'grpo', 1, 0),
      sample('a2', 'grpo', 1, 3),
      sample('a3', 'grpo', 2, 1),
      // A run imported without a name (NULL in SQL) and a row that is no training sample.
      sample('u1', '', 5, 2),
      sample('x1', '', null, 4),
    ];
    const { state, feed, api } = setup(rows);
    feed.note('all');
    await api.syncRows();
    const first = await api.trainingSummary();
    expect(first.steps.map((s) => `${s.run}:${s.step}`)).toEqual([':5', 'grpo:1', 'grpo:2']);
    expect(first.steps).toEqual(summarizeSteps(rows));
    // A batch stores a third step and a sample of step 1 again.
    state.rows = [
      ...rows.filter((r) => r.id !== 'a2'),
      sample('a2', 'grpo', 1, 1),
      sample('a4', 'grpo', 3, 2),
    ];
    feed.note(['a2', 'a4']);
    await api.syncRows();
    const next = await api.trainingSummary();
    expect(next.generation).toBeGreaterThan(first.generation);
    expect(next.steps).toEqual(summarizeSteps(state.rows));
    expect(next.steps).not.toEqual(first.steps);
  }, 120_000);

  it('refuses writes with the read-only message and points at an error', async () => {
    const { feed, api } = setup([row('a', 0.5)]);
    feed.note('all');
    await api.syncRows();
    const write = await api.query("COPY trajectories TO '/tmp/x.csv'");
    expect(write).toMatchObject({ ok: false, kind: 'write', position: { line: 1, column: 1 } });
    expect(!write.ok && write.message).toMatch(/read-only/);
    const bad = await api.query('SELECT id\nFROM trajectories\nWHERE nope = 1');
    expect(bad).toMatchObject({ ok: false, kind: 'engine', position: { line: 3, column: 7 } });
    expect(ok(await api.query('SELECT count(*) FROM trajectories')).rows).toEqual([[1]]);
  }, 120_000);

  it('loads the labels and exports a result as CSV and typed Parquet', async () => {
    const label: Annotation = {
      id: 'l1',
      trajectoryId: 'a',
      label: 'over-search',
      annotator: 'ana',
      createdAt: '2026-01-01T00:00:00.000Z',
    } as Annotation;
    const { feed, api } = setup([row('a', 0.5), row('=b', 1)], [label]);
    feed.note('all');
    await api.syncRows();
    expect((await api.syncLabels()).labels).toBe(1);
    const r = ok(
      await api.query(
        'SELECT t.id, t.f1, t.searches, count(l.label) AS labels, t.f1 > 0.6 AS good FROM trajectories t LEFT JOIN labels l ON l.trajectory_id = t.id GROUP BY ALL ORDER BY t.id',
      ),
    );
    expect(r.rowCount).toBe(2);
    expect(api.csv(r.resultId)).toBe("id,f1,searches,labels,good\r\n'=b,1,1,0,true\r\na,0.5,1,1,false\r\n");
    const bytes = api.parquet(r.resultId);
    const schema = parquetSchema(parquetMetadata(bytes)).children.map((c) => [
      c.element.name,
      c.element.type,
    ]);
    expect(schema).toEqual([
      ['id', 'BYTE_ARRAY'],
      ['f1', 'DOUBLE'],
      ['searches', 'INT32'],
      ['labels', 'DOUBLE'],
      ['good', 'BOOLEAN'],
    ]);
    expect(await parquetReadObjects({ file: bytes })).toEqual([
      { id: '=b', f1: 1, searches: 1, labels: 0, good: true },
      { id: 'a', f1: 0.5, searches: 1, labels: 1, good: false },
    ]);
    // Only the latest result is kept for export.
    ok(await api.query('SELECT 1'));
    expect(() => api.csv(r.resultId)).toThrow(/newer query/);
  }, 120_000);
});
