// The trajectory table as CSV, as filtered: one line per shown trajectory, then the aggregates the
// table shows above it (the filtered set, then each file), computed by the same aggregateByFile.
// A `row` column tells trajectory lines from mean lines; a mean's `n` is how many rows had a value.
import type { CsvCell } from '../table/to-csv';
import { EFFICIENCY_METRICS } from '../diagnose/efficiency';
import { AGGREGATE_METRICS, aggregateByFile } from './aggregate';
import type { TrajectoryRow } from './row';

const ROW_FIELDS = [
  'id',
  'question',
  'strategy',
  'system',
  'answer',
  'gold',
  'em',
  'f1',
  'acc',
  'judge',
  'recall',
  'answerInDocs',
  'rc',
  'queries',
  'steps',
  'flags',
  'file',
  'line',
  'dataset',
  'qid',
] as const;

export function tableCsv(rows: readonly TrajectoryRow[]): { header: string[]; rows: CsvCell[][] } {
  // `value`: an efficiency rate's value (it has no row column of its own).
  const header = ['row', 'n', ...ROW_FIELDS, 'value'];
  const lines: CsvCell[][] = rows.map((r) => [
    'trajectory',
    1,
    ...ROW_FIELDS.map((f): CsvCell => (f === 'flags' ? r.flags.join(' ') : r[f])),
    null,
  ]);
  aggregateByFile(rows).forEach((g, i) => {
    const all = i === 0 ? ' (all shown)' : '';
    for (const k of AGGREGATE_METRICS) {
      const m = g.means[k];
      const cells: CsvCell[] = ROW_FIELDS.map((f): CsvCell =>
        f === k ? m.mean : f === 'file' ? g.file : null,
      );
      lines.push([`mean ${k}${all}`, m.n, ...cells, null]);
    }
    for (const k of EFFICIENCY_METRICS) {
      const m = g.efficiency[k];
      const cells: CsvCell[] = ROW_FIELDS.map((f): CsvCell => (f === 'file' ? g.file : null));
      lines.push([`${k}${all}`, m.n, ...cells, m.value]);
    }
  });
  return { header, rows: lines };
}
