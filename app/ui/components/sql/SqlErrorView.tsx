// A refused or failed query: the message, where it points (line and column) and that line of the
// query with a caret under the spot. All text, never HTML.
import type { SqlAnswer } from '../../data/sql';

type Failure = Extract<SqlAnswer, { ok: false }>;

/** The query's line `line` and a caret under `column` (tabs shown as one space, so they line up). */
export function caretLines(sql: string, line: number, column: number): [string, string] {
  const text = (sql.split('\n')[line - 1] ?? '').replace(/[\t\r]/g, ' ');
  return [text, `${' '.repeat(Math.max(0, column - 1))}^`];
}

export function SqlErrorView({ sql, failure }: { sql: string; failure: Failure }) {
  const p = failure.position;
  return (
    <div className="sql-error" role="alert" data-testid="sql-error" data-kind={failure.kind}>
      <div>
        {failure.kind === 'engine' ? '' : 'Refused: '}
        {failure.message}
        {p && (
          <span className="muted" data-testid="sql-error-position">
            {' '}
            (line {p.line}, column {p.column})
          </span>
        )}
      </div>
      {p && <pre data-testid="sql-caret">{caretLines(sql, p.line, p.column).join('\n')}</pre>}
    </div>
  );
}
