// Bench-only: the Training page's summary queries as they were before branch summarysql (three
// queries: `totals` and `counts`, two scans of `trajectories`, and the `hops` join for rows
// without `diagnosed_searches`, each result read cell by cell with resultOf), the baseline
// `npm run bench -- sql-1m` times beside app/core/sql/step-summary-sql.ts in the same page and
// checks equal to it. A copy of that file at commit 29d3b10, imports made relative to bench/ (the
// queries before branch sql-1m, this file's previous content, are at commit 29d3b10 too).
import { efficiencyTotals } from '../app/core/diagnose/efficiency';
import { type StepSummary, type StepTotals, stepSummaryOf } from '../app/core/training/step-summary';
import type { SqlResult } from '../app/core/sql/result';
import type { SqlValue } from '../app/core/sql/schema';

/** Rows that are training samples; a run imported without a name is the run '' (NULL in SQL). */
const SAMPLES = 'FROM trajectories WHERE step IS NOT NULL';
const RUN = "coalesce(run, '') AS run";
const d = (expr: string, name: string) => `CAST(${expr} AS DOUBLE) AS ${name}`;

/**
 * The queries, by what each answers; every one is read-only over the schema's tables. Two scans
 * of `trajectories` and a join only for rows without `diagnosed_searches` (npm run bench -- sql-1m:
 * at 1,000,000 rows the join of every `searches` row took 1.9 s of DuckDB's 2.8 s;
 * docs/benchmarks.md).
 */
export const STEP_SUMMARY_SQL = {
  /**
   * Per (run, step): samples and the sums behind each rate (StepTotals, EfficiencyTotals). The
   * searches the detectors numbered (what the redundant rate and tool productivity are over) are
   * the rows' `diagnosed_searches`, a `searches` row each (searchRows and diagnose number the same
   * searchHops), so the sum needs no join.
   */
  totals:
    [
      `SELECT ${RUN}, step`,
      d('count(*)', 'samples'),
      d('count(acc)', 'graded'),
      d('coalesce(sum(acc), 0)', 'acc_sum'),
      d('count(score)', 'scored'),
      d('coalesce(sum(score), 0)', 'score_sum'),
      d('count_if(over_searches > 0)', 'over_searched'),
      d('count_if(format_error)', 'format_errors'),
      d('sum(response_chars)', 'chars'),
      d('sum(over_searches)', 'redundant'),
      d('coalesce(sum(after_sufficiency), 0)', 'after_sum'),
      d('count(after_sufficiency)', 'reached'),
      d('count_if(under_search)', 'under'),
      d('count(under_search)', 'answered'),
      d('count_if(correct)', 'correct_n'),
      d('sum(docs)', 'docs'),
      d('sum(dup_docs)', 'dup_docs'),
      d('coalesce(sum(diagnosed_searches), 0)', 'hops'),
      d('coalesce(sum(diagnosed_searches) FILTER (WHERE correct IS NOT NULL), 0)', 'graded_hops'),
    ].join(', ') + ` ${SAMPLES} GROUP BY ALL`,
  /**
   * Per (run, step, searches, reward_extras): samples. Summed over the extras it is the samples per
   * number of searches (the row's rc, for the quantiles); over the searches, the samples per
   * distinct set of reward extras (JSON text). Counts only, so re-adding them is exact.
   */
  counts: `SELECT ${RUN}, step, searches AS k, reward_extras AS extras, ${d('count(*)', 'n')} ${SAMPLES} GROUP BY ALL`,
  /**
   * Per (run, step): the `searches` rows of samples without `diagnosed_searches` (an index written
   * before the column, where it reads NULL), counted as before it. Nothing to join otherwise, and
   * DuckDB skips the join when that side is empty.
   */
  hops:
    [
      `SELECT coalesce(t.run, '') AS run, t.step`,
      d('count(*)', 'hops'),
      d('count(*) FILTER (WHERE t.correct IS NOT NULL)', 'graded_hops'),
    ].join(', ') +
    ' FROM searches s JOIN trajectories t ON s.trajectory_id = t.id WHERE t.step IS NOT NULL AND t.diagnosed_searches IS NULL GROUP BY ALL',
} as const;

export type StepSummaryQuery = keyof typeof STEP_SUMMARY_SQL;

/** A result's rows as records by column name. */
function records(r: SqlResult): Array<Record<string, SqlValue>> {
  const names = r.columns.map((c) => c.name);
  return r.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i] ?? null])));
}

const num = (v: SqlValue | undefined): number =>
  typeof v === 'number' ? v : v === null || v === undefined ? 0 : Number(v);
const key = (run: SqlValue | undefined, step: SqlValue | undefined) =>
  `${String(run ?? '')}\u0000${num(step)}`;

/**
 * The StepSummary of each (run, step) from the results of STEP_SUMMARY_SQL, ordered as
 * summarizeSteps orders them (run name, then step).
 */
export function stepSummariesFromSql(results: Record<StepSummaryQuery, SqlResult>): StepSummary[] {
  const steps = new Map<
    string,
    { run: string; step: number; t: StepTotals & { extras: Map<string, { sum: number; n: number }> } }
  >();
  for (const r of records(results.totals)) {
    // Zero totals, filled from the SQL sums below.
    const eff = efficiencyTotals([]);
    eff.searches = num(r.hops);
    eff.gradedSearches = num(r.graded_hops);
    eff.redundant = num(r.redundant);
    eff.after = num(r.after_sum);
    eff.reached = num(r.reached);
    eff.under = num(r.under);
    eff.answered = num(r.answered);
    eff.correct = num(r.correct_n);
    eff.docs = num(r.docs);
    eff.dupDocs = num(r.dup_docs);
    steps.set(key(r.run, r.step), {
      run: String(r.run ?? ''),
      step: num(r.step),
      t: {
        samples: num(r.samples),
        graded: num(r.graded),
        accSum: num(r.acc_sum),
        scored: num(r.scored),
        scoreSum: num(r.score_sum),
        searchHist: [],
        overSearched: num(r.over_searched),
        formatErrors: num(r.format_errors),
        chars: num(r.chars),
        eff,
        extras: new Map(),
      },
    });
  }
  const of = (r: Record<string, SqlValue>) => steps.get(key(r.run, r.step));
  // Samples per distinct extras text of each step, summed over `counts`' search numbers first, so
  // each text is parsed and weighted once per step.
  const extrasOf = new Map<string, { step: ReturnType<typeof of>; text: string; n: number }>();
  for (const r of records(results.counts)) {
    const s = of(r);
    if (!s) continue;
    const k = num(r.k);
    const n = num(r.n);
    for (let i = s.t.searchHist.length; i <= k; i++) s.t.searchHist.push(0);
    s.t.searchHist[k] = (s.t.searchHist[k] ?? 0) + n;
    if (typeof r.extras !== 'string') continue;
    const at = `${key(r.run, r.step)}\u0000${r.extras}`;
    const e = extrasOf.get(at);
    if (e) e.n += n;
    else extrasOf.set(at, { step: s, text: r.extras, n });
  }
  for (const r of records(results.hops)) {
    const s = of(r);
    if (!s) continue;
    s.t.eff.searches += num(r.hops);
    s.t.eff.gradedSearches += num(r.graded_hops);
  }
  for (const { step: s, text, n } of extrasOf.values()) {
    if (!s) continue;
    // The column holds rewardExtras' numbers only (schema.ts), as one JSON object.
    for (const [name, v] of Object.entries(JSON.parse(text) as Record<string, number>)) {
      const e = s.t.extras.get(name);
      if (e) {
        e.sum += v * n;
        e.n += n;
      } else s.t.extras.set(name, { sum: v * n, n });
    }
  }
  return [...steps.values()]
    .sort((a, b) => (a.run < b.run ? -1 : a.run > b.run ? 1 : a.step - b.step))
    .map((s) => stepSummaryOf(s.run, s.step, s.t));
}

/** Runs the queries one after another through `query` (an engine's) and maps their results. */
export async function stepSummariesBySql(query: (sql: string) => Promise<SqlResult>): Promise<StepSummary[]> {
  const results = {} as Record<StepSummaryQuery, SqlResult>;
  for (const name of Object.keys(STEP_SUMMARY_SQL) as StepSummaryQuery[])
    results[name] = await query(STEP_SUMMARY_SQL[name]);
  return stepSummariesFromSql(results);
}
