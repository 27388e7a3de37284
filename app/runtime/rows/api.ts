// The row worker's API (workers/rows.worker.ts exposes it): derives the table rows of a part of an
// import's batch, with the question sets this worker reads itself (db/trajectory-write deriveRows).
import type { Trajectory } from '../../core/schema/trajectory';
import { type DerivedRows, deriveRows } from '../../db/trajectory-write';

export function createRowsWorkerApi() {
  return {
    derive(list: Trajectory[]): Promise<DerivedRows> {
      return deriveRows(list);
    },
  };
}

export type RowsWorkerApi = ReturnType<typeof createRowsWorkerApi>;
