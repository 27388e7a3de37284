// The cells of a Summary as a table row, for the CSV exports of batch and sweep tables: the same
// numbers the views show, as fractions (EM 0.5, not 50 %) so they can be recomputed from.
import type { CsvCell } from '../table/to-csv';
import type { Summary } from './aggregate';

export const SUMMARY_COLUMNS = ['runs', 'em', 'f1', 'acc', 'mean_rc', 'mean_queries', 'mean_ms'] as const;

/** A group with no runs has no mean retrieval count (the summary's 0 is a placeholder). */
export function summaryCells(s: Summary): CsvCell[] {
  const none = s.n === 0;
  return [s.n, s.em, s.f1, s.acc, none ? null : s.meanRc, none ? null : s.meanQueries, s.meanMs];
}

/** The per-strategy table of a batch. */
export function strategyTable(rows: readonly Summary[]): { header: string[]; rows: CsvCell[][] } {
  return {
    header: ['strategy', ...SUMMARY_COLUMNS],
    rows: rows.map((s) => [s.strategy, ...summaryCells(s)]),
  };
}
