// Thin worker entry: file parsing and storing happen off the UI thread.
import * as Comlink from 'comlink';
import type { Annotation } from '../app/core/annotations/annotation';
import type { ImportProgress } from '../app/core/importers/pipeline';
import { importIntoDb } from '../app/db/import-into-db';
import { streamBytes } from '../app/core/io/decode';

/** A batch's progress, with what it stored: the page refreshes those rows and backs up those labels. */
export type ImportedBatch = ImportProgress & {
  bytesTotal: number;
  storedIds: string[];
  storedAnnotations: Annotation[];
};

const jobs = new Map<string, AbortController>();

const api = {
  async importBlob(
    jobId: string,
    blob: Blob,
    name: string,
    format: string | undefined,
    onProgress: (p: ImportedBatch) => void,
  ) {
    const ac = new AbortController();
    jobs.set(jobId, ac);
    try {
      return await importIntoDb(streamBytes(blob.stream()), {
        file: name,
        ...(format ? { format } : {}),
        signal: ac.signal,
        onProgress: (p, storedIds, storedAnnotations) =>
          onProgress({ ...p, bytesTotal: blob.size, storedIds, storedAnnotations }),
      });
    } finally {
      jobs.delete(jobId);
    }
  },
  /** The app's own served files (the demo set): a new version replaces what its old one stored. */
  async importUrl(url: string, name: string, format: string | undefined) {
    const res = await fetch(url);
    if (!res.ok || !res.body) throw new Error(`could not fetch ${url}: HTTP ${res.status}`);
    return importIntoDb(streamBytes(res.body), {
      file: name,
      ...(format ? { format } : {}),
      replacesOwnOlderVersion: true,
    });
  },
  cancel(jobId: string) {
    jobs.get(jobId)?.abort();
  },
};

export type ImportWorkerApi = typeof api;
Comlink.expose(api);
