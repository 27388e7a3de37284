// The page's handle on the import worker (Comlink RPC).
import * as Comlink from 'comlink';
import type { ImportWorkerApi } from '../../../workers/import.worker';

let remote: Comlink.Remote<ImportWorkerApi> | null = null;

export function importWorker(): Comlink.Remote<ImportWorkerApi> {
  if (!remote) {
    const w = new Worker(new URL('../../../workers/import.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-import',
    });
    remote = Comlink.wrap<ImportWorkerApi>(w);
  }
  return remote;
}

export { Comlink };
