// Which engine the Training page's summaries come from (./training.ts useTrainingSummary), apart
// from React so it is tested on its own: SQL once its tables hold the rows, except while an import
// runs, when the SQL engine is left idle (reloading its tables on every batch competed with the
// import for the cores) and the table worker's JS summaries, kept up to date per batch, are drawn;
// right after a reload, the last session's summaries while the table worker reads the rows.
import type { StepSummary } from '../../core/training/step-summary';

/**
 * Where the plotted summaries come from: `sql` (DuckDB's GROUP BY over the SQL tables; `current`
 * false while the tables load rows stored since), or `table` (the table worker's JS: while the
 * engine starts, while an import runs (`importing`), or when it failed: `sqlError`).
 */
export type TrainingSummarySource =
  | { kind: 'sql'; current: boolean; ms: number }
  | { kind: 'table'; sqlError: string | null; importing: boolean; large: boolean }
  | { kind: 'stored'; at: string };

export interface TrainingSummary {
  data: StepSummary[] | undefined;
  isLoading: boolean;
  error: unknown;
  source: TrainingSummarySource;
}

/**
 * Which of the two queries run, given the samples the table worker's summaries count: the SQL
 * tables' load and GROUP BY (not while importing, not for a run too large for it, and not before
 * the table worker has named a step to plot: starting DuckDB for an empty page took ~6 s of CPU
 * away from the first import picked there; every step held counts at least one sample, so none
 * named is a count of 0), and the table worker's summaries (until SQL answers for the rows held
 * now, and while importing).
 */
export function summaryQueries(
  importing: boolean,
  sqlCurrent: boolean,
  samples: number,
): { sql: boolean; table: boolean } {
  const sql = !importing && samples > 0 && !tooLargeForSql(samples);
  return { sql, table: !sql || !sqlCurrent };
}

/**
 * Above this many samples the page does not start the SQL engine for its plots: the table worker's
 * summaries are the same numbers. A 1,000,000-sample run's tab crashed out of memory (5.3 GB) when
 * the page loaded DuckDB's tables beside the table worker's rows (docs/benchmarks.md, "1,000,000
 * samples in the page").
 */
export const SQL_AUTO_SAMPLES = 250_000;

/** Whether `samples` is more than the page starts the SQL engine for: the one rule for it. */
export function tooLargeForSql(samples: number): boolean {
  return samples > SQL_AUTO_SAMPLES;
}

export interface SummaryInputs {
  importing: boolean;
  /** The SQL summary held (maybe of older rows), with whether it is a placeholder. */
  sql: {
    data?: { steps: StepSummary[]; generation: number; ms: number };
    isPlaceholderData: boolean;
    error: unknown;
  };
  /** The generation of the rows the SQL tables hold now; null while their first load runs. */
  held: number | null;
  rowsFetching: boolean;
  rowsError: unknown;
  table: { data: StepSummary[] | undefined; isLoading: boolean; error: unknown };
  /**
   * The last session's summaries (db/step-summary-store), when they are of the rows stored now:
   * drawn only until the table worker's own arrive. Absent or null: none (or still being read).
   */
  stored?: { steps: StepSummary[]; at: string } | null;
  /** The samples the table worker's summaries count (tooLargeForSql decides from them); absent: 0. */
  samples?: number;
}

/** Whether the SQL summary held is of the rows the table worker holds now. */
export function sqlCurrent(i: Pick<SummaryInputs, 'sql' | 'held' | 'rowsFetching'>): boolean {
  return !!i.sql.data && !i.sql.isPlaceholderData && i.held === i.sql.data.generation && !i.rowsFetching;
}

/**
 * The summaries drawn, and the line that says where they come from: SQL's unless an import runs,
 * or SQL's are of older rows while the table worker's are at hand (after an import, the SQL held
 * from before it would draw the plots back to what they were); before either, the last session's
 * stored summaries when they are current (a reload, while the table worker reads every row).
 */
export function pickTrainingSummary(i: SummaryInputs): TrainingSummary {
  const current = sqlCurrent(i);
  const large = tooLargeForSql(i.samples ?? 0);
  if (i.sql.data && !i.importing && !large && (current || i.table.data === undefined))
    return {
      data: i.sql.data.steps,
      isLoading: false,
      error: null,
      source: { kind: 'sql', current, ms: i.sql.data.ms },
    };
  if (i.table.data === undefined && !i.table.error && i.stored)
    return {
      data: i.stored.steps,
      isLoading: false,
      error: null,
      source: { kind: 'stored', at: i.stored.at },
    };
  const sqlError = i.importing || large ? null : (i.rowsError ?? i.sql.error);
  return {
    data: i.table.data,
    isLoading: i.table.isLoading,
    error: i.table.error,
    source: {
      kind: 'table',
      sqlError: sqlError ? String(sqlError) : null,
      importing: i.importing,
      large: large && !i.importing,
    },
  };
}
