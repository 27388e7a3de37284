// The import worker's API (workers/import.worker.ts exposes it): files are parsed and stored off
// the UI thread (app/db/import-into-db), streamed, all-or-report, cancellable.
import type { Annotation } from '../../core/annotations/annotation';
import type { ImportProgress } from '../../core/importers/pipeline';
import { streamBytes } from '../../core/io/decode';
import { type GroupStored, importGroupIntoDb } from '../../db/import-group';
import { importIntoDb } from '../../db/import-into-db';
import { type ImportStart, importStart } from '../../db/import-record';
import type { CollectionRef } from '../../core/collections/collection';
import { type RowPool, startRowPool } from '../rows/client';
import { openParquetIndexes } from './parquet';

/** A batch's progress, with what it stored: the page refreshes those rows and backs up those labels. */
export type ImportedBatch = ImportProgress & {
  bytesTotal: number;
  storedIds: string[];
  storedAnnotations: Annotation[];
};

export function createImportWorkerApi() {
  const jobs = new Map<string, AbortController>();
  // The row workers, started with this worker's first import and ended with it (a browser's
  // worker only: Node tests derive on their own thread).
  let pool: RowPool | null = null;
  const derive = () => {
    if (typeof Worker === 'undefined') return {};
    pool ??= startRowPool();
    const p = pool;
    return { deriveRows: (list: Parameters<RowPool['derive']>[0]) => p.derive(list) };
  };
  return {
    async importBlob(
      jobId: string,
      blob: Blob,
      name: string,
      format: string | undefined,
      onProgress: (p: ImportedBatch) => void,
      /** The id and time the page backed the import up under: its report is stored under them. */
      start?: ImportStart,
    ) {
      const ac = new AbortController();
      jobs.set(jobId, ac);
      try {
        return await importIntoDb(streamBytes(blob.stream()), {
          file: name,
          ...(format ? { format } : {}),
          ...(start ? { start } : {}),
          ...derive(),
          signal: ac.signal,
          onProgress: (p, storedIds, storedAnnotations) =>
            onProgress({ ...p, bytesTotal: blob.size, storedIds, storedAnnotations }),
        });
      } finally {
        jobs.delete(jobId);
      }
    },
    /**
     * Several small files in turn (a run's one-sample step files), their records sharing
     * transactions and each file's report written with its records (db/import-group). Resolves
     * with each file's report; a failure stops at the first file not wholly stored.
     */
    async importFiles(
      jobId: string,
      files: ReadonlyArray<{ blob: Blob; name: string; start: ImportStart }>,
      format: string | undefined,
      onFile: (index: number) => void,
      onStored: (s: GroupStored) => void,
    ) {
      const ac = new AbortController();
      jobs.set(jobId, ac);
      try {
        return await importGroupIntoDb(
          // Each file's stream opened when it is read, not all of them at once.
          files.map((f) => ({ chunks: lazyBytes(f.blob), file: f.name, start: f.start })),
          { ...(format ? { format } : {}), ...derive(), signal: ac.signal, onFile, onStored },
        );
      } finally {
        jobs.delete(jobId);
      }
    },
    /** The app's own served files (the demo set): a new version replaces what its old one stored. */
    async importUrl(url: string, name: string, format: string | undefined, collection?: CollectionRef) {
      const res = await fetch(url);
      if (!res.ok || !res.body) throw new Error(`could not fetch ${url}: HTTP ${res.status}`);
      return importIntoDb(streamBytes(res.body), {
        file: name,
        ...(format ? { format } : {}),
        replacesOwnOlderVersion: true,
        ...(collection ? { start: importStart(name, undefined, collection) } : {}),
      });
    },
    /** Parquet indexes picked together (run.parquet and its companions): see ./parquet.ts. */
    openParquetIndexes,
    cancel(jobId: string) {
      jobs.get(jobId)?.abort();
    },
  };
}

async function* lazyBytes(blob: Blob): AsyncGenerator<Uint8Array> {
  yield* streamBytes(blob.stream());
}

export type ImportWorkerApi = ReturnType<typeof createImportWorkerApi>;
