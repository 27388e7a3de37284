// Where the Training page's numbers come from, in one small line: DuckDB's GROUP BY over the SQL
// tables once they hold the rows, else the table worker's summaries while the engine loads or an
// import runs (the same numbers: core/sql/step-summary-sql.ts maps SQL's sums through the JS
// path's function).
import type { TrainingSummarySource } from '../../data/training';

export function SummarySourceLine({ source, samples }: { source: TrainingSummarySource; samples: number }) {
  const n = samples.toLocaleString('en-US');
  const text =
    source.kind === 'sql'
      ? source.current
        ? `Plotted from SQL: GROUP BY step over ${n} samples in ${source.ms.toLocaleString('en-US')} ms.`
        : 'Plotted from SQL; loading the rows stored since into the SQL tables…'
      : source.importing
        ? 'Plotted from the table worker while the import runs; SQL catches up once it ends.'
        : source.sqlError
          ? `Plotted from the table worker: the SQL engine failed (${source.sqlError}).`
          : 'Plotted from the table worker while the SQL engine loads…';
  return (
    <p
      className="muted training-source"
      data-testid="training-source"
      data-source={source.kind}
      role="status"
    >
      {text}
    </p>
  );
}
