// The SQL box on the Trajectories table (docs/reference/sql.md): a query over the stored rows in
// DuckDB, read-only, run by Ctrl+Enter or Run. The query lives in the link, so a link reproduces
// it and opening one runs it; results show as a table whose rows open their trajectory, and
// export as CSV or Parquet (every row, not only those shown).
import { useState } from 'react';
import { plural } from '../../../core/plural';
import { downloadSqlCsv, downloadSqlParquet, type SqlState, useSqlResult } from '../../data/sql';
import { setSqlInUrl, useSqlBox, useSqlInUrl } from '../../state/sql-url';
import { useUi } from '../../state/ui-store';
import { SqlErrorView } from './SqlErrorView';
import { SqlResultTable } from './SqlResultTable';
import './sql.css';

const FIRST_QUERY =
  'SELECT id, question, answer, f1, searches\nFROM trajectories\nORDER BY f1 DESC\nLIMIT 100';

function tablesLine(s: SqlState | undefined, loading: boolean): string {
  if (!s) return 'Loading the stored rows into DuckDB…';
  const rebuilt = s.rebuild ? `; last rebuilt in ${s.rebuild.ms} ms` : '';
  return `DuckDB (${s.bundle} build): ${plural(s.rows, 'trajectory')}, ${plural(s.labels, 'label')}${rebuilt}${loading ? ' · updating…' : ''}`;
}

export function SqlPanel() {
  const sql = useSqlInUrl();
  const open = useSqlBox((s) => s.open) || sql !== null;
  return open ? <SqlBox sql={sql} /> : null;
}

function SqlBox({ sql }: { sql: string | null }) {
  const [draft, setDraft] = useState(sql ?? FIRST_QUERY);
  // A link opened with another query puts that query in the box.
  const [from, setFrom] = useState(sql);
  if (from !== sql) {
    setFrom(sql);
    if (sql !== null) setDraft(sql);
  }
  const { answer, running, tables, error } = useSqlResult(sql);
  const run = () => setSqlInUrl(draft);
  const fail = (e: unknown) =>
    useUi.getState().setToast(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
  return (
    // Keys typed here are the box's, not the table's shortcuts.
    <section className="sql-box" aria-label="SQL query" onKeyDown={(e) => e.stopPropagation()}>
      <textarea
        value={draft}
        rows={Math.min(12, Math.max(3, draft.split('\n').length))}
        spellCheck={false}
        aria-label="SQL query"
        data-testid="sql-editor"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            run();
          }
        }}
      />
      <div className="sql-actions">
        <button type="button" className="primary small" onClick={run} data-testid="sql-run">
          Run (Ctrl+Enter)
        </button>
        <span className="muted" data-testid="sql-status">
          {tablesLine(tables.state, tables.loading)}
        </span>
        <div className="spacer" />
        {answer?.ok && (
          <>
            <span data-testid="sql-count">
              {answer.rowCount > answer.rows.length
                ? `${plural(answer.rowCount, 'row')}, the first ${answer.rows.length} shown (the exports hold all)`
                : plural(answer.rowCount, 'row')}{' '}
              <span className="muted">in {answer.ms} ms</span>
            </span>
            <button
              type="button"
              className="small"
              data-testid="sql-export-csv"
              onClick={() => void downloadSqlCsv(answer.resultId).catch(fail)}
            >
              CSV
            </button>
            <button
              type="button"
              className="small"
              data-testid="sql-export-parquet"
              onClick={() => void downloadSqlParquet(answer.resultId).catch(fail)}
            >
              Parquet
            </button>
          </>
        )}
      </div>
      {running && <div className="muted">Running…</div>}
      {error && (
        <div className="sql-error" role="alert">
          SQL failed: {error instanceof Error ? error.message : String(error)}
        </div>
      )}
      {sql !== null && answer && !answer.ok && <SqlErrorView sql={sql} failure={answer} />}
      {answer?.ok && <SqlResultTable answer={answer} />}
    </section>
  );
}
