// The dataset table as CSV, as filtered: one line per shown trajectory, then the aggregates the
// table shows above it (the filtered set, then each file), computed by the same aggregateByFile.
// A `row` column tells trajectory lines from mean lines; a mean's `n` is how many rows had a value.
import type { CsvCell } from '../table/to-csv';
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
  const header = ['row', 'n', ...ROW_FIELDS];
  const lines: CsvCell[][] = rows.map((r) => [
    'trajectory',
    1,
    ...ROW_FIELDS.map((f): CsvCell => (f === 'flags' ? r.flags.join(' ') : r[f])),
  ]);
  aggregateByFile(rows).forEach((g, i) => {
    for (const k of AGGREGATE_METRICS) {
      const m = g.means[k];
      const cells: CsvCell[] = ROW_FIELDS.map((f): CsvCell =>
        f === k ? m.mean : f === 'file' ? g.file : null,
      );
      const label = i === 0 ? `mean ${k} (all shown)` : `mean ${k}`;
      lines.push([label, m.n, ...cells]);
    }
  });
  return { header, rows: lines };
}
