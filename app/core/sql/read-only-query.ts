// One read-only query through any DuckDB connection (the CLI's blocking one, the page worker's
// async one): the statement check first (read-only.ts), then a prepared statement, so the engine
// itself refuses a second statement should the check ever read a literal or comment differently.
// Every refusal and engine error becomes a SqlError with the line and column it points at.
import { duckdbErrorPosition, errorHeadline, type SqlPosition } from './error-position';
import { readOnlyIssue, type SqlIssue } from './read-only';

export class SqlError extends Error {
  constructor(
    /** The message without its position. */
    readonly headline: string,
    readonly position: SqlPosition | null,
    /** `engine`: DuckDB refused it; otherwise the read-only check's kind. */
    readonly kind: SqlIssue['kind'] | 'engine',
  ) {
    super(position ? `${headline} (line ${position.line}, column ${position.column})` : headline);
    this.name = 'SqlError';
  }
}

type MaybePromise<T> = T | Promise<T>;

/** What a DuckDB prepared statement offers, blocking or async. */
export interface PreparedLike<R> {
  query(...params: unknown[]): MaybePromise<R>;
  close(): unknown;
}

export interface PreparingConnection<R> {
  prepare(sql: string): MaybePromise<PreparedLike<R>>;
}

function engineError(sql: string, e: unknown): SqlError {
  const message = e instanceof Error ? e.message : String(e);
  return new SqlError(errorHeadline(message), duckdbErrorPosition(sql, message), 'engine');
}

/** Runs `sql` if it is one read; throws SqlError otherwise. */
export async function readOnlyQuery<R>(conn: PreparingConnection<R>, sql: string): Promise<R> {
  const issue = readOnlyIssue(sql);
  if (issue?.kind === 'start') {
    // Not a statement the check knows: DuckDB's parser says where it fails (a typo such as
    // `selec`); a statement that parses is still refused. Preparing runs nothing.
    try {
      await (await conn.prepare(sql)).close();
    } catch (e) {
      throw engineError(sql, e);
    }
  }
  if (issue) throw new SqlError(issue.message, { line: issue.line, column: issue.column }, issue.kind);
  try {
    const statement = await conn.prepare(sql);
    try {
      return await statement.query();
    } finally {
      await statement.close();
    }
  } catch (e) {
    throw engineError(sql, e);
  }
}
