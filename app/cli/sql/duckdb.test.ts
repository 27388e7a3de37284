// The engine's own one-statement guard, with the statement check switched off: should the check
// ever read a literal or comment differently from DuckDB, a second statement still does not run.
import { describe, expect, it, vi } from 'vitest';
import { emptyBatch } from '../../core/sql/columns';
import { TABLE_NAMES, type TableName } from '../../core/sql/schema';
import { openSqlEngine } from './duckdb';

vi.mock('../../core/sql/read-only', () => ({ readOnlyIssue: () => null }));

describe('openSqlEngine without the statement check', () => {
  it('refuses a second statement and keeps the tables', async () => {
    const batches = Object.fromEntries(TABLE_NAMES.map((t) => [t, emptyBatch(t)])) as Record<
      TableName,
      ReturnType<typeof emptyBatch>
    >;
    const engine = await openSqlEngine(batches);
    try {
      await expect(engine.query('SELECT 1; DROP TABLE trajectories')).rejects.toThrow(/multiple statements/);
      expect((await engine.query('SELECT count(*) FROM trajectories')).rows).toEqual([[0]]);
    } finally {
      engine.close();
    }
  }, 120_000);
});
