// Importing trajectory logs as a use case: files are parsed and stored in the import worker
// (streamed, all-or-report, cancellable); the table refreshes as rows arrive and once at the end.
import * as Comlink from 'comlink';
import type { ImportProgress } from '../core/importers/pipeline';
import type { ImportedBatch, ImportWorkerApi } from '../runtime/import/api';
import { importWorker } from '../runtime/import/client';
import { backupImport, backupLabels } from '../db/backup';
import { importStart } from '../db/import-record';
export { reportedErrors, reportedIssues } from '../db/db';
import { announce, announceStored } from './changes';
import { afterServed } from './corpus/served-first';
import { rethrowStorageError } from './storage/storage-health';

/** Shortest time between two refreshes of the table while a file imports. */
const PARTIAL_REFRESH_MS = 1000;

export type ImportReport = Awaited<ReturnType<ImportWorkerApi['importBlob']>>;

/**
 * Imports one file as job `jobId` (see cancelImport); rejects with an AbortError when cancelled.
 * `name`: what the file is known by (a training run's step file is `run/12.jsonl`, which names its
 * run); the file's own name by default.
 */
export async function importTrajectoryFile(
  jobId: string,
  file: File,
  format: string | undefined,
  onProgress: (p: ImportProgress & { bytesTotal: number }) => void,
  name: string = file.name,
  /** false: only the rows stored are read at the end (one file of many; the caller reads all once). */
  readAllAtEnd = true,
): Promise<ImportReport> {
  // Stored ids not yet announced; the announcement at the end reads every row anyway.
  let stored: string[] = [];
  let announced = Number.NEGATIVE_INFINITY;
  let later: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    later = undefined;
    announced = performance.now();
    if (stored.length) announceStored(stored);
    stored = [];
  };
  // The demo set first, when it is loading: the two may hold the same ids (served-first.ts).
  await afterServed();
  // Named in the labels' backup before anything is stored, so a reset mid-import names it too.
  // The id is made once, here: the worker stores the report under it, so the end replaces this.
  const start = importStart(name);
  await backupImport({ id: start.id, file: name, imported: 0, at: start.at });
  try {
    const report = await importWorker().importBlob(
      jobId,
      file,
      name,
      format,
      Comlink.proxy(({ storedIds, storedAnnotations, ...p }: ImportedBatch) => {
        onProgress(p);
        // The worker has no localStorage: the page backs up the labels an export brought back.
        void backupLabels(storedAnnotations);
        // Rows appear while a big file is still importing (the table reads just these), once a
        // second at most: each refresh renders the table while the import competes for the CPU.
        for (const id of storedIds) stored.push(id);
        const wait = announced + PARTIAL_REFRESH_MS - performance.now();
        // Too soon after the last: later, even if no batch follows for a while (a slow record).
        if (wait <= 0) flush();
        else later ??= setTimeout(flush, wait);
      }),
      start,
    );
    await backupImport(report);
    return report;
  } catch (e) {
    return await rethrowStorageError(e);
  } finally {
    clearTimeout(later);
    // Also after a failure or a cancel: what was stored before stays, with its report. Every row
    // is read once more, so the table is what was stored whatever progress arrived.
    if (readAllAtEnd) announce('trajectories', 'imports');
    else flush();
  }
}

export function cancelImport(jobId: string): Promise<void> {
  return Promise.resolve(importWorker().cancel(jobId));
}

/** Imports a file the app serves (the bundled demo set). */
export async function importServedFile(url: string, name: string, format?: string): Promise<void> {
  await importWorker().importUrl(url, name, format);
  announce('trajectories', 'imports');
}
