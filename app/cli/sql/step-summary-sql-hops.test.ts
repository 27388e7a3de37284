// The searches the Training page's redundant-search rate is over, from SQL: summed from the rows'
// `diagnosed_searches` rather than joined from `searches` (branch sql-1m: the join was 1.7 s of the
// page's summaries at 1,000,000 rows), pinned on a small fixture: equal to the join's count where
// a row has its searches, to the join where an older index lacks the column, and to the JS path
// where an index was opened without its searches file.
import { afterEach, describe, expect, it } from 'vitest';
import { emptyBatch, SqlTables, type TableBatches } from '../../core/sql/columns';
import { stepSummariesBySql } from '../../core/sql/step-summary-sql';
import type { TrajectoryRow } from '../../core/table/row';
import { StepSummaries } from '../../core/training/step-summary';
import { NO_EFF, tableRow } from '../../testing/table-row';
import { openSqlEngine, type SqlEngine } from './duckdb';

/** A training sample with `n` searches, the last `redundant` of them redundant. */
function sample(
  id: string,
  run: string,
  step: number | null,
  n: number,
  redundant: number,
  fields: Omit<Partial<TrajectoryRow>, 'eff'> & { eff?: Partial<TrajectoryRow['eff']> },
): TrajectoryRow {
  const searches = Array.from({ length: n }, (_, i) => ({
    trajectoryId: id,
    k: i + 1,
    step: 2 * i + 2,
    query: `q${i}`,
    docs: 3,
    newDocs: 3,
    goldHit: null,
    redundant: i >= n - redundant,
    rule: i >= n - redundant ? ('near-duplicate' as const) : null,
  }));
  return tableRow({
    id,
    run,
    trainStep: step,
    rc: n,
    searches,
    ...fields,
    eff: { ...NO_EFF, searches: n, redundant, docs: 3 * n, ...fields.eff },
  });
}

const ROWS: TrajectoryRow[] = [
  sample('a1', 'a', 1, 3, 1, {
    acc: 1,
    score: 0.9,
    extras: { format_reward: 0.3 },
    eff: { correct: 1 },
  }),
  sample('a2', 'a', 1, 2, 0, { extras: { format_reward: 0.3 } }),
  sample('a3', 'a', 2, 1, 1, {
    acc: 0,
    score: 0.1,
    extras: { format_reward: 0.7, other: 1 },
    eff: { correct: 0 },
  }),
  sample('u1', '', 1, 0, 0, {}),
  // Not a training sample: in no step's sums.
  sample('x', '', null, 4, 4, {}),
];

function batches(): TableBatches {
  const t = new SqlTables();
  for (const r of ROWS) t.addRow(r);
  return t.batches;
}

/** The query the hops were taken by before: every `searches` row joined to its trajectory. */
const JOINED =
  "SELECT coalesce(t.run, '') AS run, t.step, count(*) AS hops, count(*) FILTER (WHERE t.correct IS NOT NULL) AS graded_hops " +
  'FROM searches s JOIN trajectories t ON s.trajectory_id = t.id WHERE t.step IS NOT NULL GROUP BY ALL ORDER BY ALL';

describe("the redundant-search rate's searches, from SQL", () => {
  let engine: SqlEngine | null = null;
  afterEach(() => {
    engine?.close();
    engine = null;
  });
  const summaries = async (b: TableBatches) => {
    engine = await openSqlEngine(b);
    const e = engine;
    return stepSummariesBySql((q) => e.query(q));
  };
  const js = new StepSummaries();
  js.reset(ROWS);
  const expected = js.summaries();

  it('sums the rows’ diagnosed searches: the pinned rates, equal to the JS path and to the join', async () => {
    const sql = await summaries(batches());
    expect(sql.map((s) => [s.run, s.step, s.samples, s.redundant_search_rate])).toEqual([
      ['', 1, 1, null],
      ['a', 1, 2, 0.2],
      ['a', 2, 1, 1],
    ]);
    expect(sql.map((s) => [s.run, s.step, s.extras, s.searches_mean])).toEqual([
      ['', 1, {}, 0],
      ['a', 1, { format_reward: 0.3 }, 2.5],
      ['a', 2, { format_reward: 0.7, other: 1 }, 1],
    ]);
    expect(sql).toEqual(expected);
    // The sums are the join's count of searches rows per step, and of those with gold.
    const e = engine!;
    const joined = (await e.query(JOINED)).rows;
    expect(joined).toEqual([
      ['a', 1, 5, 3],
      ['a', 2, 1, 1],
    ]);
    const totals = await e.query(
      "SELECT coalesce(run, '') AS run, step, sum(diagnosed_searches) AS hops, " +
        'sum(diagnosed_searches) FILTER (WHERE correct IS NOT NULL) AS graded_hops ' +
        'FROM trajectories WHERE step IS NOT NULL AND diagnosed_searches > 0 GROUP BY ALL ORDER BY ALL',
    );
    expect(totals.rows).toEqual(joined);
  });

  it('counts the searches rows of a row an older index wrote without diagnosed_searches', async () => {
    // a1 without the column, a2 beside it in the same step with it: the join and the sum add up.
    const b = batches();
    const ids = b.trajectories.columns.find((c) => c.name === 'id')!.values;
    const col = b.trajectories.columns.find((c) => c.name === 'diagnosed_searches')!;
    col.values = col.values.map((v, i) => (ids[i] === 'a1' ? null : v));
    expect(await summaries(b)).toEqual(expected);
  });

  it('an index opened without its searches file still has the JS path’s rate', async () => {
    const b = batches();
    b.searches = emptyBatch('searches');
    const sql = await summaries(b);
    expect(sql.map((s) => s.redundant_search_rate)).toEqual([null, 0.2, 1]);
    expect(sql).toEqual(expected);
  });
});
