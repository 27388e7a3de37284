// The search worker's API (workers/search.worker.ts exposes it): corpus loading, BM25 / dense /
// hybrid indexes and their IndexedDB cache (./search-service.ts). The UI thread only renders;
// query vectors come from the embedding worker via the page.
import { streamBytes } from '../../core/io/decode';
import { type DatasetImportOptions, importDataset } from './dataset-import';
import { type IndexProgress, SearchService } from './search-service';

type LoadOptions = Omit<DatasetImportOptions, 'signal' | 'onProgress'>;

export function createSearchWorkerApi(service = new SearchService()) {
  const loads = new Map<string, AbortController>();
  return {
    info: service.info.bind(service),
    // Callbacks travel as top-level arguments: Comlink proxies them only there.
    ensureBm25(corpusId: string, jobId?: string, onProgress?: (p: IndexProgress) => void) {
      return service.ensureBm25(corpusId, {
        ...(jobId ? { jobId } : {}),
        ...(onProgress ? { onProgress } : {}),
      });
    },
    loadDense: service.loadDense.bind(service),
    passageTexts: service.passageTexts.bind(service),
    beginDense: service.beginDense.bind(service),
    appendDense: service.appendDense.bind(service),
    commitDense: service.commitDense.bind(service),
    abortDense: service.abortDense.bind(service),
    discardPartialDense: service.discardPartialDense.bind(service),
    search: service.search.bind(service),
    searchMany: service.searchMany.bind(service),
    async loadBlob(
      jobId: string,
      blob: Blob,
      name: string,
      options: LoadOptions,
      onProgress?: (chars: number) => void,
    ) {
      const ac = new AbortController();
      loads.set(jobId, ac);
      try {
        return await importDataset(streamBytes(blob.stream()), name, {
          ...options,
          signal: ac.signal,
          onProgress: (p) => onProgress?.(p.chars),
        });
      } finally {
        loads.delete(jobId);
      }
    },
    async loadUrl(url: string, name: string, options: LoadOptions) {
      const res = await fetch(url);
      if (!res.ok || !res.body) throw new Error(`could not fetch ${url}: HTTP ${res.status}`);
      return importDataset(streamBytes(res.body), name, options);
    },
    cancel(jobId: string) {
      loads.get(jobId)?.abort();
      service.cancel(jobId);
    },
  };
}

export type SearchWorkerApi = ReturnType<typeof createSearchWorkerApi>;
