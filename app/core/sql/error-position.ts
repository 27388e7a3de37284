// Where in the SQL an engine's error points. DuckDB ends a parser or binder error with the line
// it failed on and a caret under the spot:
//   LINE 2: select foo from t
//                  ^
// (a long line is shown as a window around the spot, cut with "..."). The caret's place in that
// excerpt, found again in the query's own line, is the column.

/** 1-based line and column in the SQL text. */
export interface SqlPosition {
  line: number;
  column: number;
}

export function positionAt(sql: string, offset: number): SqlPosition {
  const before = sql.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The position DuckDB's `message` points at in `sql`; null when it names none. */
export function duckdbErrorPosition(sql: string, message: string): SqlPosition | null {
  const lines = message.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const m = /^LINE (\d+): (.*)$/.exec(lines[i] as string);
    const caret = (lines[i + 1] as string).indexOf('^');
    if (!m || caret < 0) continue;
    const line = Number(m[1]);
    const prefix = (lines[i] as string).length - (m[2] as string).length;
    let shown = m[2] as string;
    let at = caret - prefix;
    if (shown.startsWith('...')) {
      shown = shown.slice(3);
      at -= 3;
    }
    if (shown.endsWith('...')) shown = shown.slice(0, -3);
    const source = sql.split('\n')[line - 1] ?? '';
    const start = Math.max(0, source.indexOf(shown));
    return { line, column: start + at + 1 };
  }
  return null;
}

/** The message without DuckDB's excerpt and caret lines (the position says where). */
export function errorHeadline(message: string): string {
  const cut = message.search(/\n\s*LINE \d+: /);
  return (cut < 0 ? message : message.slice(0, cut)).trim();
}
