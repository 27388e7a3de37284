// The import worker's pool of row workers, sized by the cores the browser reports: the import
// worker reads, converts and stores; the pool derives each batch's rows meanwhile (pool.ts).
import * as Comlink from 'comlink';
import type { Trajectory } from '../../core/schema/trajectory';
import type { DerivedRows } from '../../db/trajectory-write';
import type { RowsWorkerApi } from './api';
import { deriveInParts } from './pool';

/** Row workers for `cores` cores: one for each core but the import worker's, at least one, at most 4. */
export function rowPoolSize(cores: number | undefined): number {
  return Math.max(1, Math.min(4, (cores ?? 2) - 1));
}

export interface RowPool {
  derive(list: readonly Trajectory[]): Promise<DerivedRows>;
  end(): void;
}

/** Starts the pool (from inside the import worker; the workers end with it). */
export function startRowPool(size = rowPoolSize(globalThis.navigator?.hardwareConcurrency)): RowPool {
  const workers = Array.from(
    { length: size },
    () =>
      new Worker(new URL('../../../workers/rows.worker.ts', import.meta.url), {
        type: 'module',
        name: 'hopscope-rows',
      }),
  );
  const remotes = workers.map((w) => Comlink.wrap<RowsWorkerApi>(w));
  const derivers = remotes.map((r) => (list: Trajectory[]) => r.derive(list));
  return {
    derive: (list) => deriveInParts(list, derivers),
    end: () => workers.forEach((w) => w.terminate()),
  };
}
