import { describe, expect, it } from 'vitest';
import type { StepSummary } from '../../core/training/step-summary';
import {
  pickTrainingSummary,
  SQL_AUTO_SAMPLES,
  type SummaryInputs,
  summaryQueries,
  tooLargeForSql,
} from './training-summary-pick';

const steps = (n: number) => Array.from({ length: n }, (_, step) => ({ run: 'r', step }) as StepSummary);
const sqlAt = (generation: number, n: number) => ({
  data: { steps: steps(n), generation, ms: 12 },
  isPlaceholderData: false,
  error: null,
});
const base: SummaryInputs = {
  importing: false,
  sql: sqlAt(3, 5),
  held: 3,
  rowsFetching: false,
  rowsError: null,
  table: { data: steps(5), isLoading: false, error: null },
};

describe('the Training page’s summary source', () => {
  it('leaves the SQL engine idle while an import runs and draws the table worker’s summaries', () => {
    expect(summaryQueries(true, true, 40)).toEqual({ sql: false, table: true });
    const during = pickTrainingSummary({
      ...base,
      importing: true,
      table: { ...base.table, data: steps(9) },
    });
    expect(during.data).toHaveLength(9);
    expect(during.source).toEqual({ kind: 'table', sqlError: null, importing: true, large: false });
  });

  it('after the import, keeps the table worker’s plots until SQL holds the newer rows, then SQL', () => {
    expect(summaryQueries(false, false, 40)).toEqual({ sql: true, table: true });
    // Nothing to plot yet (an empty page, the first import about to be picked): DuckDB not started.
    expect(summaryQueries(false, false, 0)).toEqual({ sql: false, table: true });
    expect(summaryQueries(false, false, 1)).toEqual({ sql: true, table: true });
    // SQL still holds the rows from before the import: the plots do not go back to them.
    const behind = pickTrainingSummary({
      ...base,
      sql: { ...sqlAt(3, 5), isPlaceholderData: true },
      held: null,
      rowsFetching: true,
      table: { ...base.table, data: steps(9) },
    });
    expect(behind.data).toHaveLength(9);
    expect(behind.source).toEqual({ kind: 'table', sqlError: null, importing: false, large: false });
    const caught = pickTrainingSummary({ ...base, sql: sqlAt(4, 9), held: 4 });
    expect(caught.source).toEqual({ kind: 'sql', current: true, ms: 12 });
    expect(caught.data).toHaveLength(9);
    expect(summaryQueries(false, true, 40)).toEqual({ sql: true, table: false });
    // With no table summaries at hand, older SQL ones are drawn, said to be loading.
    const only = pickTrainingSummary({
      ...base,
      held: null,
      table: { data: undefined, isLoading: false, error: null },
    });
    expect(only.source).toEqual({ kind: 'sql', current: false, ms: 12 });
  });

  it('right after a reload, draws the last session’s stored summaries until the table worker’s arrive', () => {
    const reload: SummaryInputs = {
      ...base,
      sql: { isPlaceholderData: false, error: null },
      held: null,
      table: { data: undefined, isLoading: true, error: null },
    };
    const stored = { steps: steps(7), at: '2026-11-29T18:00:00.000Z' };
    const first = pickTrainingSummary({ ...reload, stored });
    expect(first.data).toBe(stored.steps);
    expect(first.isLoading).toBe(false);
    expect(first.source).toEqual({ kind: 'stored', at: stored.at });
    // None current (or still being read): the table worker's read is waited for, as before.
    expect(pickTrainingSummary({ ...reload, stored: null }).isLoading).toBe(true);
    // The live summaries replace them as soon as they come.
    const live = pickTrainingSummary({
      ...reload,
      stored,
      table: { data: steps(7), isLoading: false, error: null },
    });
    expect(live.source.kind).toBe('table');
    expect(live.data).not.toBe(stored.steps);
  });

  // A 1,000,000-sample run's tab crashed out of memory when the page loaded DuckDB's tables beside
  // the table worker's rows: above SQL_AUTO_SAMPLES the plots stay the table worker's.
  it('does not start the SQL engine for a run above SQL_AUTO_SAMPLES, and says why', () => {
    expect(tooLargeForSql(SQL_AUTO_SAMPLES)).toBe(false);
    expect(tooLargeForSql(SQL_AUTO_SAMPLES + 1)).toBe(true);
    expect(summaryQueries(false, false, SQL_AUTO_SAMPLES)).toEqual({ sql: true, table: true });
    expect(summaryQueries(false, false, SQL_AUTO_SAMPLES + 1)).toEqual({ sql: false, table: true });
    // Even a current SQL summary held from before the run grew is not drawn.
    expect(summaryQueries(false, true, SQL_AUTO_SAMPLES + 1)).toEqual({ sql: false, table: true });
    // The line above the plots follows the same rule, from the same count: at the limit, SQL's.
    const at = pickTrainingSummary({ ...base, samples: SQL_AUTO_SAMPLES });
    expect(at.source).toEqual({ kind: 'sql', current: true, ms: 12 });
    const big = pickTrainingSummary({ ...base, samples: SQL_AUTO_SAMPLES + 1 });
    expect(big.source).toEqual({ kind: 'table', sqlError: null, importing: false, large: true });
    expect(big.data).toBe(base.table.data);
    // While importing, the line says the import, not the size.
    const importing = pickTrainingSummary({ ...base, samples: SQL_AUTO_SAMPLES + 1, importing: true });
    expect(importing.source).toEqual({ kind: 'table', sqlError: null, importing: true, large: false });
  });
});
