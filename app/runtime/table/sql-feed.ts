// The table worker's rows as the SQL worker loads them (app/runtime/sql): the stored, already
// derived rows this worker holds, sent worker to worker over a MessagePort as column batches
// (core/sql/columns), never re-derived and never through the page. Each read of the rows is noted
// as a generation with what it changed (every row, or the ids an import batch stored), so the SQL
// worker replaces only those rows.
import * as Comlink from 'comlink';
import { type ColumnBatch, SqlTables } from '../../core/sql/columns';
import type { TrajectoryRow } from '../../core/table/row';

/** What changed since a generation: every row (`all`), or the rows of these ids (new, stored again or gone). */
export interface SqlFeedChanges {
  generation: number;
  all: boolean;
  ids: string[];
  rows: number;
}

export interface SqlFeedBatches {
  trajectories: ColumnBatch;
  searches: ColumnBatch;
}

/** Generations remembered; a reader further behind rebuilds every row. */
const KEPT = 64;

function batchesOf(rows: Iterable<TrajectoryRow>): SqlFeedBatches {
  const t = new SqlTables();
  for (const r of rows) t.addRow(r);
  return { trajectories: t.batches.trajectories, searches: t.batches.searches };
}

export function createSqlFeed(rows: () => readonly TrajectoryRow[]) {
  let generation = 0;
  const log: Array<{ generation: number; ids: readonly string[] | 'all' }> = [];
  let byId: { of: readonly TrajectoryRow[]; map: Map<string, TrajectoryRow> } | null = null;

  const feed = {
    changes(since: number): SqlFeedChanges {
      const now = { generation, rows: rows().length };
      if (since === generation) return { ...now, all: false, ids: [] };
      const after = log.filter((e) => e.generation > since);
      if (
        since < 0 ||
        since > generation ||
        after[0]?.generation !== since + 1 ||
        after.some((e) => e.ids === 'all')
      )
        return { ...now, all: true, ids: [] };
      return { ...now, all: false, ids: [...new Set(after.flatMap((e) => e.ids as string[]))] };
    },
    /** Rows [from, to) as batches; null when the rows changed since `at` (the reader starts over). */
    batches(at: number, from: number, to: number): SqlFeedBatches | null {
      return at === generation ? batchesOf(rows().slice(from, to)) : null;
    },
    /** The rows of these ids (a gone id has none); null when the rows changed since `at`. */
    batchesOf(at: number, ids: readonly string[]): SqlFeedBatches | null {
      if (at !== generation) return null;
      const all = rows();
      if (byId?.of !== all) byId = { of: all, map: new Map(all.map((r) => [r.id, r])) };
      const map = byId.map;
      return batchesOf(ids.flatMap((id) => map.get(id) ?? []));
    },
  };

  return {
    feed,
    /** The generation of the rows now held (the SQL worker's tables answer for it once synced). */
    generation: () => generation,
    /** Called once the rows were read again: `ids` those the read changed, or every row. */
    note(ids: readonly string[] | 'all'): void {
      generation += 1;
      log.push({ generation, ids });
      if (log.length > KEPT) log.shift();
    },
    /** Serves the feed on a port (the SQL worker holds the other end). */
    connectSql(port: MessagePort): void {
      Comlink.expose(feed, port);
    },
  };
}

export type SqlFeed = ReturnType<typeof createSqlFeed>['feed'];
