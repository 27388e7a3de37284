// The page's side of the import worker: started once, on first use.
import * as Comlink from 'comlink';
import type { ImportWorkerApi } from './api';

let remote: Comlink.Remote<ImportWorkerApi> | null = null;

export function importWorker(): Comlink.Remote<ImportWorkerApi> {
  remote ??= Comlink.wrap<ImportWorkerApi>(
    new Worker(new URL('../../../workers/import.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-import',
    }),
  );
  return remote;
}
