// The page's side of the table worker: started once, on first use.
import * as Comlink from 'comlink';
import type { TableWorkerApi } from './api';

let remote: Comlink.Remote<TableWorkerApi> | null = null;

export function tableWorker(): Comlink.Remote<TableWorkerApi> {
  remote ??= Comlink.wrap<TableWorkerApi>(
    new Worker(new URL('../../../workers/table.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-table',
    }),
  );
  return remote;
}
