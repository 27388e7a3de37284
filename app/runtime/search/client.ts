// The page's side of the search worker (its API: ./api.ts): started once, on first use.
import * as Comlink from 'comlink';
import type { SearchWorkerApi } from './api';

let search: Comlink.Remote<SearchWorkerApi> | null = null;

export function searchWorker(): Comlink.Remote<SearchWorkerApi> {
  if (!search) {
    const w = new Worker(new URL('../../../workers/search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-search',
    });
    search = Comlink.wrap<SearchWorkerApi>(w);
  }
  return search;
}
