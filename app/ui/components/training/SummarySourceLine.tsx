// Where the Training page's numbers come from, in one small line: DuckDB's GROUP BY over the SQL
// tables once they hold the rows, else the table worker's summaries while the engine loads or an
// import runs (the same numbers: core/sql/step-summary-sql.ts maps SQL's sums through the JS
// path's function); right after a reload, the last session's stored summaries, current by the
// rows' write count, until the table worker has read the rows.
import type { TrainingSummarySource } from '../../data/training';

export function SummarySourceLine({ source, samples }: { source: TrainingSummarySource; samples: number }) {
  const n = samples.toLocaleString('en-US');
  const text =
    source.kind === 'stored'
      ? `Plotted from the last session's summary of these ${n} samples (stored ${storedAt(source.at)}), while the table reads the stored rows; opening a step or a question waits for that read.`
      : source.kind === 'sql'
        ? source.current
          ? `Plotted from SQL: GROUP BY step over ${n} samples in ${source.ms.toLocaleString('en-US')} ms.`
          : 'Plotted from SQL; loading the rows stored since into the SQL tables…'
        : source.importing
          ? 'Plotted from the table worker while the import runs; SQL catches up once it ends.'
          : source.large
            ? `Plotted from the table worker: the page does not load ${n} samples into the SQL engine for its plots (memory); the same numbers.`
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

/** When the stored summary was written, in the reader's locale (an ISO time otherwise). */
function storedAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
