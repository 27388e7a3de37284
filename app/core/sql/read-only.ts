// The statement check before any SQL reaches an engine: exactly one statement, a read (a query,
// DESCRIBE, SHOW, EXPLAIN, SUMMARIZE), and no word that writes, attaches, loads or configures
// anywhere outside string literals, quoted names and comments. The engine adds its own lock
// (DuckDB: enable_external_access=false, lock_configuration) so a read cannot reach files either.
import { type SqlPosition, positionAt } from './error-position';

/** First words a read statement may start with (DuckDB's FROM-first and TABLE forms included). */
const READ_STARTS = new Set([
  'SELECT',
  'WITH',
  'VALUES',
  'FROM',
  'TABLE',
  'DESCRIBE',
  'DESC',
  'SHOW',
  'EXPLAIN',
  'SUMMARIZE',
  'PIVOT',
  'UNPIVOT',
]);

/** Words that only a statement that writes, reaches files or changes settings uses. */
const WRITE_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'COPY',
  'EXPORT',
  'IMPORT',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'LOAD',
  'FORCE',
  'SET',
  'RESET',
  'PRAGMA',
  'CALL',
  'CHECKPOINT',
  'VACUUM',
  'USE',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'ABORT',
  'GRANT',
  'REVOKE',
  'PREPARE',
  'EXECUTE',
  'DEALLOCATE',
]);

export interface SqlIssue extends SqlPosition {
  /** `start`: the statement starts with a word that is neither a read nor a write (a typo?). */
  kind: 'syntax' | 'statements' | 'start' | 'write';
  message: string;
}

interface Word {
  text: string;
  at: number;
}

/** A dollar quote's opening tag as DuckDB reads one: `$$` or `$name$`, the name not starting with a
 * digit (`$1` is a parameter, so `$1$` opens no string there). */
const DOLLAR_TAG = /^\$(?:[A-Za-z_]\w*)?\$/;

/** The bare words of `sql` and the offsets of top-level semicolons, skipping literals and comments. */
function scan(sql: string): { words: Word[]; semicolons: number[] } | SqlIssue {
  const words: Word[] = [];
  const semicolons: number[] = [];
  let i = 0;
  const unclosed = (what: string, at: number): SqlIssue => ({
    kind: 'syntax',
    message: `unclosed ${what}`,
    ...positionAt(sql, at),
  });
  while (i < sql.length) {
    const ch = sql[i] as string;
    if (ch === "'" || ch === '"') {
      // '' (or "") inside doubles the quote. In an escape string (E'…', the E a word of its own
      // right before the quote) a backslash also escapes the next character, as DuckDB reads it:
      // E'\'' is one quote, not the end of the string.
      const prev = words[words.length - 1];
      const escapes = ch === "'" && prev?.text === 'E' && prev.at + 1 === i;
      let j = i + 1;
      for (;;) {
        while (j < sql.length && sql[j] !== ch) j += escapes && sql[j] === '\\' ? 2 : 1;
        if (j >= sql.length) return unclosed(ch === "'" ? 'string literal' : 'quoted name', i);
        if (sql[j + 1] === ch) j += 2;
        else break;
      }
      i = j + 1;
    } else if (ch === '-' && sql[i + 1] === '-') {
      // DuckDB ends a line comment at a carriage return as well as a line feed.
      const m = /[\n\r]/.exec(sql.slice(i));
      i = m ? i + m.index + 1 : sql.length;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const j = sql.indexOf('*/', i + 2);
      if (j < 0) return unclosed('comment', i);
      i = j + 2;
    } else if (ch === '$' && DOLLAR_TAG.test(sql.slice(i))) {
      const tag = (DOLLAR_TAG.exec(sql.slice(i)) as RegExpExecArray)[0];
      const j = sql.indexOf(tag, i + tag.length);
      if (j < 0) return unclosed('dollar-quoted string', i);
      i = j + tag.length;
    } else if (ch === ';') {
      semicolons.push(i);
      i++;
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i)) as RegExpExecArray;
      words.push({ text: m[0].toUpperCase(), at: i });
      i += m[0].length;
    } else i++;
  }
  return { words, semicolons };
}

/** Why `sql` may not run as a read-only query, at its position; null when it may. */
export function readOnlyIssue(sql: string): SqlIssue | null {
  const s = scan(sql);
  if ('message' in s) return s;
  const first = s.words[0];
  if (!first) return { kind: 'syntax', message: 'no SQL statement', line: 1, column: 1 };
  // A statement ends at a semicolon; anything but blanks and comments after it is a second one.
  const afterEnd =
    s.semicolons.length > 0 ? s.words.find((w) => w.at > (s.semicolons[0] as number)) : undefined;
  if (afterEnd)
    return {
      kind: 'statements',
      message: 'only one statement may run at a time',
      ...positionAt(sql, afterEnd.at),
    };
  const write = s.words.find((w) => WRITE_WORDS.has(w.text));
  if (write)
    return {
      kind: 'write',
      message: `${write.text} writes or configures; queries here are read-only`,
      ...positionAt(sql, write.at),
    };
  if (!READ_STARTS.has(first.text))
    return {
      kind: 'start',
      message: `${first.text} is not a read: only SELECT, WITH, VALUES, FROM, TABLE, DESCRIBE, SHOW, EXPLAIN, SUMMARIZE and PIVOT queries run here`,
      ...positionAt(sql, first.at),
    };
  return null;
}
