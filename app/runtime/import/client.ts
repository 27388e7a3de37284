// The page's side of the import worker. The app's own served files go through one worker, started
// on first use; a user's import gets a worker of its own (a training run's step files share one),
// so Cancel can end it at once, whatever it is in the middle of, without stopping another import.
import * as Comlink from 'comlink';
import type { ImportWorkerApi } from './api';

function startWorker(): Worker {
  return new Worker(new URL('../../../workers/import.worker.ts', import.meta.url), {
    type: 'module',
    name: 'hopscope-import',
  });
}

let remote: Comlink.Remote<ImportWorkerApi> | null = null;

export function importWorker(): Comlink.Remote<ImportWorkerApi> {
  remote ??= Comlink.wrap<ImportWorkerApi>(startWorker());
  return remote;
}

/** A worker for one import (one file, or a run's files in turn); `terminate` ends it at once. */
export interface OwnImportWorker {
  api: Comlink.Remote<ImportWorkerApi>;
  terminate(): void;
}

export function startImportWorker(): OwnImportWorker {
  const w = startWorker();
  return { api: Comlink.wrap<ImportWorkerApi>(w), terminate: () => w.terminate() };
}
