// Thin worker entry: file parsing and storing happen off the UI thread.
import * as Comlink from 'comlink';
import type { ImportProgress } from '../app/core/importers/pipeline';
import { importIntoDb } from '../app/db/import-into-db';
import { streamBytes } from '../app/core/io/decode';

const jobs = new Map<string, AbortController>();

const api = {
  async importBlob(
    jobId: string,
    blob: Blob,
    name: string,
    format: string | undefined,
    onProgress: (p: ImportProgress & { bytesTotal: number; storedIds: string[] }) => void,
  ) {
    const ac = new AbortController();
    jobs.set(jobId, ac);
    try {
      return await importIntoDb(streamBytes(blob.stream()), {
        file: name,
        ...(format ? { format } : {}),
        signal: ac.signal,
        onProgress: (p, storedIds) => onProgress({ ...p, bytesTotal: blob.size, storedIds }),
      });
    } finally {
      jobs.delete(jobId);
    }
  },
  async importUrl(url: string, name: string, format: string | undefined) {
    const res = await fetch(url);
    if (!res.ok || !res.body) throw new Error(`could not fetch ${url}: HTTP ${res.status}`);
    return importIntoDb(streamBytes(res.body), { file: name, ...(format ? { format } : {}) });
  },
  cancel(jobId: string) {
    jobs.get(jobId)?.abort();
  },
};

export type ImportWorkerApi = typeof api;
Comlink.expose(api);
