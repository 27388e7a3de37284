// The Training page's per-step summaries as SQL aggregates over the `trajectories` and `searches`
// tables (docs/reference/sql.md): SQL sums what a step's summary is taken over (StepTotals), and
// stepSummaryOf (core/training/step-summary.ts), the function the JS path and `run-summary` use,
// turns the sums into the same StepSummary. No rate is defined here: SQL only counts and sums, so
// the page's numbers from DuckDB are run-summary's numbers.
// The rates read the detectors' verdicts: over-search is "keeps querying despite having
// sufficient information" and under-search "stops too early" ("Iterative Self-Incentivization
// Empowers Large Language Models as Agentic Searchers" (ExSearch), §5 and appendix F.3).
import { efficiencyTotals } from '../diagnose/efficiency';
import { type StepSummary, type StepTotals, stepSummaryOf } from '../training/step-summary';
import type { ArrowTableLike, SqlResult } from './result';
import { type ResultColumns, resultColumnsOf } from './result-columns';

const d = (expr: string, name: string) => `CAST(${expr} AS DOUBLE) AS ${name}`;

/** The sums `steps` takes per group, by result column, and the StepTotals field each adds to. */
const SUMS = [
  ['samples', 'count(*)'],
  ['graded', 'count(acc)'],
  ['acc_sum', 'sum(acc)'],
  ['scored', 'count(score)'],
  ['score_sum', 'sum(score)'],
  ['over_searched', 'count_if(over_searches > 0)'],
  ['format_errors', 'count_if(format_error)'],
  ['chars', 'sum(response_chars)'],
  ['redundant', 'sum(over_searches)'],
  ['after_sum', 'sum(after_sufficiency)'],
  ['reached', 'count(after_sufficiency)'],
  ['under', 'count_if(under_search)'],
  ['answered', 'count(under_search)'],
  ['correct_n', 'count_if(correct)'],
  ['docs', 'sum(docs)'],
  ['dup_docs', 'sum(dup_docs)'],
  ['hops', 'sum(diagnosed_searches)'],
  // A CASE rather than FILTER, and count() rather than count_if(… IS NULL): plain aggregates over
  // columns grouped faster in EXPLAIN ANALYZE at 1,000,000 rows (docs/benchmarks.md).
  ['graded_hops', 'sum(CASE WHEN correct IS NOT NULL THEN diagnosed_searches END)'],
  // Fewer than `samples` when an index wrote some before `diagnosed_searches`: only then is `hops` run.
  ['diagnosed', 'count(diagnosed_searches)'],
] as const;

/**
 * The queries, by what each answers; every one is read-only over the schema's tables. One scan of
 * `trajectories`, and the join only when some sample lacks `diagnosed_searches`: at 1,000,000 rows
 * DuckDB's time is about that of the two scans it replaced, but one round trip to its worker rather
 * than three and one answer read as typed arrays made the page's summaries 0.84× as long (median of
 * 20 rounds, npm run bench -- sql-1m; docs/benchmarks.md).
 */
export const STEP_SUMMARY_SQL = {
  /**
   * Per (run, step, searches, reward_extras), training samples only: the count and every sum
   * behind a step's rates (StepTotals, EfficiencyTotals), never NULL. Summed over the searches and
   * extras they are the step's totals: the counts and integer sums exactly, the two sums of
   * doubles (acc, score) in another order than one pass over the step's rows. Summed over the
   * extras, the samples are the step's search histogram (the row's rc); over the searches, the
   * samples per distinct set of reward extras (JSON text). `run` as stored: NULL and '' (a run
   * imported without a name) are one run, added together in JS rather than coalesced per row.
   */
  steps:
    [
      'SELECT run, step, searches AS k, reward_extras AS extras',
      ...SUMS.map(([name, sum]) => d(`coalesce(${sum}, 0)`, name)),
    ].join(', ') + ' FROM trajectories WHERE step IS NOT NULL GROUP BY ALL',
  /**
   * Per (run, step): the `searches` rows of samples without `diagnosed_searches` (an index written
   * before the column, where it reads NULL), counted as before it. Run only when `steps` counts
   * such a sample.
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

type Held = {
  run: string;
  step: number;
  t: StepTotals & { extras: Map<string, { sum: number; n: number }> };
};

const key = (run: unknown, step: number) => `${typeof run === 'string' ? run : ''}\u0000${step}`;

function zeroTotals(): Held['t'] {
  return {
    samples: 0,
    graded: 0,
    accSum: 0,
    scored: 0,
    scoreSum: 0,
    searchHist: [],
    overSearched: 0,
    formatErrors: 0,
    chars: 0,
    eff: efficiencyTotals([]),
    extras: new Map(),
  };
}

/**
 * The StepSummary of each (run, step) from the answers of STEP_SUMMARY_SQL (`hops` null when it
 * was not run), ordered as summarizeSteps orders them (run name, then step).
 */
export function stepSummariesFromSql(steps: ResultColumns, hops: ResultColumns | null): StepSummary[] {
  const held = new Map<string, Held>();
  const col = Object.fromEntries(SUMS.map(([name]) => [name, steps.numbers(name)])) as Record<
    (typeof SUMS)[number][0],
    ArrayLike<number>
  >;
  const runs = steps.values('run');
  const stepOf = steps.numbers('step');
  const ks = steps.numbers('k');
  const texts = steps.values('extras');
  // Samples per distinct extras text of each step, so each text is parsed and weighted once per step.
  const extrasOf = new Map<string, { t: Held['t']; text: string; n: number }>();
  for (let i = 0; i < steps.length; i++) {
    const run = typeof runs[i] === 'string' ? (runs[i] as string) : '';
    const step = stepOf[i] as number;
    const at = key(run, step);
    let h = held.get(at);
    if (!h) held.set(at, (h = { run, step, t: zeroTotals() }));
    const t = h.t;
    const n = col.samples[i] as number;
    t.samples += n;
    t.graded += col.graded[i] as number;
    t.accSum += col.acc_sum[i] as number;
    t.scored += col.scored[i] as number;
    t.scoreSum += col.score_sum[i] as number;
    t.overSearched += col.over_searched[i] as number;
    t.formatErrors += col.format_errors[i] as number;
    t.chars += col.chars[i] as number;
    const e = t.eff;
    e.redundant += col.redundant[i] as number;
    e.after += col.after_sum[i] as number;
    e.reached += col.reached[i] as number;
    e.under += col.under[i] as number;
    e.answered += col.answered[i] as number;
    e.correct += col.correct_n[i] as number;
    e.docs += col.docs[i] as number;
    e.dupDocs += col.dup_docs[i] as number;
    e.searches += col.hops[i] as number;
    e.gradedSearches += col.graded_hops[i] as number;
    const k = ks[i] as number;
    for (let j = t.searchHist.length; j <= k; j++) t.searchHist.push(0);
    t.searchHist[k] = (t.searchHist[k] ?? 0) + n;
    const text = texts[i];
    if (typeof text !== 'string') continue;
    const x = extrasOf.get(`${at}\u0000${text}`);
    if (x) x.n += n;
    else extrasOf.set(`${at}\u0000${text}`, { t, text, n });
  }
  if (hops) {
    const hRuns = hops.values('run');
    const hSteps = hops.numbers('step');
    const all = hops.numbers('hops');
    const graded = hops.numbers('graded_hops');
    for (let i = 0; i < hops.length; i++) {
      const h = held.get(key(hRuns[i], hSteps[i] as number));
      if (!h) continue;
      h.t.eff.searches += all[i] as number;
      h.t.eff.gradedSearches += graded[i] as number;
    }
  }
  for (const { t, text, n } of extrasOf.values()) {
    // The column holds rewardExtras' numbers only (schema.ts), as one JSON object.
    for (const [name, v] of Object.entries(JSON.parse(text) as Record<string, number>)) {
      const e = t.extras.get(name);
      if (e) {
        e.sum += v * n;
        e.n += n;
      } else t.extras.set(name, { sum: v * n, n });
    }
  }
  return [...held.values()]
    .sort((a, b) => (a.run < b.run ? -1 : a.run > b.run ? 1 : a.step - b.step))
    .map((s) => stepSummaryOf(s.run, s.step, s.t));
}

/**
 * Runs `steps` through `query` (an engine's: an Arrow table, read column by column, or plain
 * rows), then `hops` only if a sample needs it, and maps the answers.
 */
export async function stepSummariesBySql(
  query: (sql: string) => Promise<SqlResult | ArrowTableLike>,
): Promise<StepSummary[]> {
  const steps = resultColumnsOf(await query(STEP_SUMMARY_SQL.steps));
  const samples = steps.numbers('samples');
  const diagnosed = steps.numbers('diagnosed');
  let old = false;
  for (let i = 0; i < steps.length && !old; i++) old = (diagnosed[i] as number) < (samples[i] as number);
  const hops = old ? resultColumnsOf(await query(STEP_SUMMARY_SQL.hops)) : null;
  return stepSummariesFromSql(steps, hops);
}
